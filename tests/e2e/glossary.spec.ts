import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  newContext,
  signUp,
  signUpAdmin,
  siteServer,
  test,
  uniqueWord,
} from "./support.ts";

// The glossary of the book's words (issue 44 §1, decision 077): marked words on a chapter open
// their card with no script of the site's own (HTML popovers), the admin keeps the words, and
// /glosario lists those the reader has met.

const CHAPTER = "/salida-a-tzintzuntzan";
const card = (page: Page, id: string) => page.locator(`#glosario-${id}`);

test("a marked word's card opens with Enter, closes with Escape, and focus goes back to the word", async ({ page }) => {
  await page.goto(CHAPTER);
  const body = page.locator(".chapter-body");
  // Marked once, at its first occurrence: the chapter says 'xolos' later, unmarked.
  const word = body.getByRole("button", { name: "xoloitzcuintle", exact: true });
  await expect(word).toHaveCount(1);
  await expect(body.getByRole("button", { name: "xolos" })).toHaveCount(0);
  const xolo = card(page, "xoloitzcuintle");
  await expect(xolo).toBeHidden();

  await word.focus();
  await page.keyboard.press("Enter");
  await expect(xolo).toBeVisible();
  await expect(xolo.getByRole("img", { name: "Taquito, un xoloitzcuintle gris de orejas grandes" })).toBeVisible();
  await expect(xolo).toContainText("Perro mexicano muy antiguo, casi sin pelo.");
  await expect(xolo).toContainText("En inglés: Mexican hairless dog");
  await expectNoAxeViolations(page, "chapter with a glossary card open");

  await page.keyboard.press("Escape");
  await expect(xolo).toBeHidden();
  await expect(word).toBeFocused();

  // From the word, Tab goes into its card; 'Cerrar' closes it and focus goes back too.
  await page.keyboard.press("Enter");
  await expect(xolo).toBeVisible();
  await page.keyboard.press("Tab");
  const close = xolo.getByRole("button", { name: "Cerrar «xoloitzcuintle»" });
  await expect(close).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(xolo).toBeHidden();
  await expect(word).toBeFocused();

  // Each card leads to the whole glossary, at its own word.
  await page.keyboard.press("Enter");
  await xolo.getByRole("link", { name: "Todas las palabras" }).click();
  await expect(page).toHaveURL(/\/glosario#xoloitzcuintle$/);
  await expect(page.getByRole("heading", { name: "xoloitzcuintle" })).toBeVisible();
});

test("on a touch screen, without JavaScript, a tap opens a card and a tap outside closes it", async ({ browser }) => {
  // No script at all: the browser itself opens and closes the cards (zero JavaScript of ours).
  const context = await newContext(browser, {
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(CHAPTER);
  const word = page.locator(".chapter-body").getByRole("button", { name: "cempasúchil", exact: true });
  const flower = card(page, "cempasuchil");
  await word.tap();
  await expect(flower).toBeVisible();
  await expect(flower).toContainText("Flor de color naranja intenso");
  // Outside the card: its top-left corner of the screen.
  const box = (await flower.boundingBox())!;
  expect(box.y).toBeGreaterThan(20);
  await page.touchscreen.tap(8, 8);
  await expect(flower).toBeHidden();
  // A click opens another, and opening it closes nothing it should not.
  await page.locator(".chapter-body").getByRole("button", { name: "yácatas" }).click();
  await expect(card(page, "yacatas")).toBeVisible();
  await context.close();
});

test("an admin adds a word, told beside each field what is wrong, and it is marked in the chapter", async ({
  page,
  browser,
}) => {
  await signUpAdmin(page);
  await page.goto("/adminpanel");
  await page
    .getByRole("navigation", { name: "Secciones de administración" })
    .getByRole("link", { name: "Glosario" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Glosario" })).toBeVisible();
  await expectNoAxeViolations(page, "/adminpanel/glosario");
  const form = page.getByRole("form", { name: "Nueva palabra" });

  // Nothing filled: a message beside the word and the meaning, nothing written.
  await form.getByRole("button", { name: "Agregar palabra" }).click();
  await expect(form.getByLabel("Palabra", { exact: true })).toHaveAccessibleDescription(/Escribe la palabra/);
  await expect(form.getByLabel("Significado para niños")).toHaveAccessibleDescription(
    /Escribe el significado para niños/,
  );
  await expect(form.getByRole("status")).toHaveText("Revisa los campos marcados.");

  // 'charola' occurs once in chapter 1 ('una charola de plata'). Unique meaning, so the test
  // knows its own card.
  const meaning = `Bandeja plana para llevar cosas (${uniqueWord()}).`;
  await form.getByLabel("Palabra", { exact: true }).fill("charola");
  await form.getByLabel("Otras formas").fill("charolas");
  await form.getByLabel("Significado para niños").fill(meaning);
  await form.getByLabel("En inglés (opcional)").fill("tray");
  await form.getByRole("button", { name: "Agregar palabra" }).click();
  await expect(form.getByRole("status")).toHaveText("Palabra agregada al glosario.");

  // A visitor sees it marked, its card opened by a click.
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto(CHAPTER);
  const word = visitor.locator(".chapter-body").getByRole("button", { name: "charola", exact: true });
  await word.click();
  await expect(visitor.getByRole("dialog", { name: "charola" })).toContainText(meaning);
  await visitor.context().close();

  // Taken out again, so the worker's other specs see the demo chapter as seeded.
  const entry = page.getByTestId("admin-glossary-word").filter({ hasText: "charola" });
  await entry.locator("summary").click();
  await entry.getByRole("button", { name: "Borrar «charola»" }).click();
  await expect(entry).toHaveCount(0);
});

test("a reader who is not an admin is refused the glossary's admin page and its form by the server", async ({
  page,
}) => {
  await signUp(page);
  const { baseURL } = siteServer();
  const opened = await page.request.get("/adminpanel/glosario");
  expect(opened.status()).toBe(403);
  const posted = await page.request.post("/adminpanel/glosario", {
    headers: { Origin: baseURL },
    form: { intent: "add", word: "intrusa", meaning: "No debería quedar." },
  });
  expect(posted.status()).toBe(403);
  await page.goto(CHAPTER);
  await expect(page.locator(".chapter-body").getByRole("button", { name: "intrusa" })).toHaveCount(0);
});

test("/glosario lists the words met, each a heading with its meaning, and passes axe", async ({ page }) => {
  await page.goto("/glosario");
  await expect(page.getByRole("heading", { level: 1, name: "Glosario" })).toBeVisible();
  const entries = page.getByTestId("glossary-entry");
  expect(await entries.count()).toBeGreaterThanOrEqual(20);
  const flower = entries.filter({ has: page.getByRole("heading", { name: "cempasúchil" }) });
  await expect(flower).toContainText("Flor de color naranja intenso");
  await expect(flower).toContainText("Mexican marigold");
  await expectNoAxeViolations(page, "/glosario");
});

test("an open card and /glosario fit a 320 px screen with text at 200%", async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const doubled = () =>
    page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto(CHAPTER);
  await doubled();
  await page.locator(".chapter-body").getByRole("button", { name: "xoloitzcuintle", exact: true }).click();
  const xolo = card(page, "xoloitzcuintle");
  await expect(xolo).toBeVisible();
  const box = (await xolo.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(await sideways()).toBeLessThanOrEqual(1);
  await page.goto("/glosario");
  await doubled();
  expect(await sideways()).toBeLessThanOrEqual(1);
  await context.close();
});

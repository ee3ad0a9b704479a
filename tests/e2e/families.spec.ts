/**
 * Issue 22 (families): an adult brings child readers in at /familia; each child signs in on
 * the family's device with their picture and PIN ('¿Quién lee?') or with a printed login card
 * (/entrar/<token>), unlocks, comments (held), and the adult sees, exports and deletes.
 */
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  siteServer,
  signUp,
  test,
  uniqueWord,
  waitForLive,
} from "./support.ts";
import { addChild, addChildOnThisPage, addChildThroughServer, printCard } from "./family-helpers.ts";

const commentBy = (page: Page, text: string) => page.locator(".comment").filter({ hasText: text });

/** A child signs in on '¿Quién lee?' of a device that is the family's (`open`: load it first). */
async function signInWithPin(page: Page, apodo: string, pin: string, { open = true } = {}) {
  if (open) await gotoHydrated(page, "/quien-lee");
  await page.locator("label.picture-choice", { hasText: apodo }).click();
  await page.getByLabel("Tu PIN").fill(pin);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function unlockAndComment(page: Page, text: string) {
  await page.goto("/qr/capitulo-2");
  await expect(page).toHaveURL(/\/casa-de-la-abuela$/);
  await waitForLive(page);
  await page.locator("#comment-text").fill(text);
  await page.getByRole("button", { name: "Comentar" }).click();
  await expect(commentBy(page, text).getByText("En revisión")).toBeVisible();
}

async function freshPage(browser: Browser) {
  const context = await newContext(browser);
  return context.newPage();
}

/**
 * The signed-in adult prints a new card for `apodo` through the server, posting what the card
 * page's button posts, and returns its address path. The card page itself is printCard's (the
 * first test of cards and the axe scans).
 */
async function printCardThroughServer(page: Page, apodo: string) {
  const { baseURL } = siteServer();
  const family = await (await page.request.get(`${baseURL}/familia`)).text();
  const child = family.split('data-testid="family-child"').find((part) => part.includes(`>${apodo}<`));
  const cardPage = /href="(\/familia\/[^"/]+\/tarjeta)"/.exec(child ?? "")?.[1];
  expect(cardPage, `the card link of ${apodo}`).toBeTruthy();
  const printed = await page.request.post(`${baseURL}${cardPage}`, { headers: { Origin: baseURL }, form: {} });
  expect(printed.status()).toBe(200);
  // Not `\b` after the token: one that ends in "-" (1 in 64) has no word boundary before "<".
  const path = /https?:\/\/[^/"\s<]+(\/entrar\/[A-Za-z0-9_-]{24})(?![A-Za-z0-9_-])/.exec(await printed.text())?.[1];
  expect(path, "the printed card's address").toBeTruthy();
  return path!;
}

/**
 * On a device of its own (no page: only its cookies), a child signs in with their card, opens
 * chapter 2 by its QR code (a full load unlocks it) and comments there, posting what the page's
 * buttons post. For the tests of what the adult sees afterwards; the child's pages are the other
 * tests'.
 */
async function childCommentsFromOwnDevice(browser: Browser, card: string, apodo: string, text: string) {
  const { baseURL } = siteServer();
  const device = await newContext(browser);
  const entered = await device.request.post(`${baseURL}${card}`, { headers: { Origin: baseURL }, form: {} });
  expect(new URL(entered.url()).pathname).toBe("/pasaporte");
  expect(await entered.text()).toMatch(new RegExp(`data-testid="navbar-user"[^>]*>${apodo}<`));
  const chapter = await device.request.get(`${baseURL}/qr/capitulo-2`);
  // Its printed token path (the page then shows its slug, /casa-de-la-abuela: the first test's).
  expect(chapter.status()).toBe(200);
  expect(await chapter.text()).toContain("Casa de la abuela");
  const posted = await device.request.post(`${baseURL}/casa-de-la-abuela`, {
    headers: { Origin: baseURL },
    form: { intent: "comment", text },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await device.close();
}

test("an adult adds two children; each signs in with picture + PIN, unlocks a chapter by its QR code and comments (held); a child is kept out of the adult's pages", async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const [ana, beto] = [`Colibri ${uniqueWord().slice(0, 6)}`, `Jaguar ${uniqueWord().slice(0, 6)}`];
  await addChild(page, ana, "Taquito", "4821");
  // The second through the server: the form was just used.
  await addChildThroughServer(page, beto, "Valentina", "7395");

  // Picture + PIN on the family's device: a wrong PIN first.
  await signInWithPin(page, ana, "0000");
  await expect(page.getByText("Ese PIN no es correcto. Vuelve a intentarlo.")).toBeVisible();
  await page.getByLabel("Tu PIN").fill("4821");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/pasaporte$/);
  await expect(page.getByTestId("navbar-user")).toHaveText(ana);
  // Her own clan, chosen by her (not on /tu-perfil, which is the adult's).
  await page.getByRole("link", { name: "Elige tu clan en tu perfil" }).click();
  await expect(page).toHaveURL(/\/mi-clan$/);
  await page.locator("label.picture-choice", { hasText: "Mictlán" }).click();
  await page.getByRole("button", { name: "Guardar mi clan" }).click();
  await expect(page.getByTestId("pasaporte-clan-nombre")).toHaveText("Clan Mictlán, caminantes del inframundo");
  const anaText = `Me gusto mucho ${uniqueWord()}`;
  await unlockAndComment(page, anaText);
  // A child cannot reach the adult's pages (the server's answers to this device).
  expect((await page.request.get("/familia")).status()).toBe(403);
  expect((await page.request.get("/tu-perfil")).status()).toBe(403);

  // The sibling switches in on the same device, from the navbar.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "¿Quién lee?" }).click();
  await expect(page).toHaveURL(/\/quien-lee$/);
  await signInWithPin(page, beto, "7395", { open: false });
  await expect(page).toHaveURL(/\/pasaporte$/);
  await expect(page.getByTestId("navbar-user")).toHaveText(beto);
  const betoText = `Que miedo Camazotz ${uniqueWord()}`;
  await unlockAndComment(page, betoText);

  // Back to the adult: their password, not a tap (from the navbar again).
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "¿Quién lee?" }).click();
  await expect(page).toHaveURL(/\/quien-lee$/);
  await page.getByRole("button", { name: "Soy la persona adulta de la familia" }).click();
  await expect(page).toHaveURL(/\/login/);
  // Signed out, the device still offers its family's pictures; no other visitor ever gets them
  // (the visitors' page cache must not keep this page).
  const chooser = await page.goto("/quien-lee");
  expect(chooser!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.locator("label.picture-choice")).toHaveText([ana, beto]);
  // What the server sends another device (its own cookies, none of this family's).
  const stranger = await newContext(page.context().browser()!);
  const strangers = await (await stranger.request.get("/quien-lee")).text();
  expect(strangers).toContain("Este dispositivo todavía no tiene lectores.");
  expect(strangers).not.toContain(ana);
  await stranger.close();
});

test("cards: each child signs in with their printed card; a new card makes the old one fail at once", async ({
  page,
  browser,
}) => {
  await signUp(page);
  const apodo = `Quetzal ${uniqueWord().slice(0, 6)}`;
  await addChildThroughServer(page, apodo, "La Catrina", "2468");
  const first = await printCard(page, apodo);

  const phone = await freshPage(browser);
  await phone.goto(first);
  await expect(phone.getByRole("heading", { name: `¡Hola, ${apodo}!` })).toBeVisible();
  await phone.getByRole("button", { name: "Entrar" }).click();
  await expect(phone).toHaveURL(/\/pasaporte$/);
  await expect(phone.getByTestId("navbar-user")).toHaveText(apodo);

  const second = await printCardThroughServer(page, apodo);
  expect(second).not.toBe(first);
  const other = await freshPage(browser);
  // The server's answer to the old card: it is recognised as old (decision 063).
  const refused = await other.request.get(first);
  expect(refused.status()).toBe(410);
  expect(await refused.text()).toContain("Esta tarjeta es vieja: pide la nueva a tu familia.");
  await other.goto(second);
  await other.getByRole("button", { name: "Entrar" }).click();
  await expect(other.getByTestId("navbar-user")).toHaveText(apodo);
});

test("the adult sees both passports and comments, deletes one child (nothing left), and the export lists the other", async ({
  page,
  browser,
}) => {
  await signUp(page);
  const [ana, beto] = [`Tortuga ${uniqueWord().slice(0, 6)}`, `Lince ${uniqueWord().slice(0, 6)}`];
  await addChildThroughServer(page, ana, "Tinskani", "1357");
  await addChildThroughServer(page, beto, "Abuela Lupe", "8642");
  const texts: Record<string, string> = {};
  for (const apodo of [ana, beto]) {
    texts[apodo] = `Mi capitulo favorito ${uniqueWord()}`;
    await childCommentsFromOwnDevice(browser, await printCardThroughServer(page, apodo), apodo, texts[apodo]);
  }
  // Each passport from the list, and back to the list (in the page's history).
  await gotoHydrated(page, "/familia");
  for (const apodo of [ana, beto]) {
    await page
      .getByTestId("family-child")
      .filter({ hasText: apodo })
      .getByRole("link", { name: /pasaporte/ })
      .click();
    await expect(page.getByRole("heading", { name: `Pasaporte de ${apodo}` })).toBeVisible();
    await expect(page.getByTestId("child-chapters")).toContainText("Casa de la abuela");
    await expect(page.getByTestId("child-comment").filter({ hasText: texts[apodo]! })).toContainText("En revisión");
    await page.goBack();
    await expect(page).toHaveURL(/\/familia$/);
  }
  // Delete Ana.
  const card = page.getByTestId("family-child").filter({ hasText: ana });
  await card.getByText(`Borrar a ${ana}`).click();
  await card.getByLabel("Escribe «borrar» para confirmar").fill("borrar");
  await card.getByRole("button", { name: "Borrar para siempre" }).click();
  await expect(page.getByRole("status")).toContainText("Borramos a ese lector");
  await expect(page.getByTestId("family-child")).toHaveCount(1);
  // The export lists Beto and his comment, and nothing of Ana.
  const exported = await (await page.request.get("/tu-perfil/mis-datos")).text();
  expect(exported).toContain(texts[beto]);
  expect(exported).toContain(beto);
  expect(exported).not.toContain(texts[ana]);
  expect(exported).not.toContain(ana);
});

test("typed before hydration: the PIN on '¿Quién lee?' keeps its value and signs in", async ({ page }) => {
  await signUp(page);
  const apodo = `Venado ${uniqueWord().slice(0, 6)}`;
  await addChildThroughServer(page, apodo, "Mariposa monarca", "9753");
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/quien-lee", { waitUntil: "domcontentloaded" });
  await page.locator("label.picture-choice", { hasText: apodo }).click();
  await page.getByLabel("Tu PIN").pressSequentially("9753");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await expect(page.getByLabel("Tu PIN")).toHaveValue("9753");
  await expect(page.getByRole("radio", { name: apodo })).toBeChecked();
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByTestId("navbar-user")).toHaveText(apodo);
});

test("the picture chooser is a labelled radio group a keyboard can use", async ({ page }) => {
  await signUp(page);
  await gotoHydrated(page, "/familia");
  const group = page.getByRole("group", { name: "Su dibujo" });
  await expect(group.getByRole("radio")).toHaveCount(6);
  await group.getByRole("radio", { name: "Valentina" }).focus();
  await page.keyboard.press("Space");
  await expect(group.getByRole("radio", { name: "Valentina" })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(group.getByRole("radio", { name: "Taquito" })).toBeChecked();
});

// Each page and state is scanned at both widths (the viewport resized, the page kept): loading
// every page again for the second width showed the same pages.
test("axe: no violations on the family pages at 375 px and at 1280 px", async ({ page, browser }) => {
  test.slow();
  const scan = async (viewer: Page, label: string) => {
    for (const width of [375, 1280]) {
      await viewer.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(viewer, label);
    }
  };
  await page.setViewportSize({ width: 375, height: 900 });
  await signUp(page);
  await gotoHydrated(page, "/familia");
  await scan(page, "/familia (empty)");
  // A refused form, its messages beside the fields.
  await page.locator("form.family-add").getByRole("button", { name: "Añadir lector" }).click();
  await expect(page.getByText("Revisa los campos marcados.")).toBeVisible();
  await scan(page, "/familia (refused)");
  const apodo = `Buho ${uniqueWord().slice(0, 6)}`;
  await addChildOnThisPage(page, apodo, "Taquito", "1593");
  await scan(page, "/familia (one child)");
  const childId = (await page
    .getByTestId("family-child")
    .getByRole("link", { name: /pasaporte/ })
    .getAttribute("href"))!;
  await gotoHydrated(page, childId);
  await scan(page, "/familia/<lector>");
  await gotoHydrated(page, `${childId}/tarjeta`);
  await page.getByRole("button", { name: /tarjeta/ }).click();
  const card = new URL((await page.getByTestId("login-card-url").first().textContent())!).pathname;
  expect(card).toMatch(/^\/entrar\/[A-Za-z0-9_-]{24}$/);
  await scan(page, "/familia/<lector>/tarjeta");
  await gotoHydrated(page, "/quien-lee");
  await scan(page, "/quien-lee");
  await gotoHydrated(page, "/mi-clan");
  await scan(page, "/mi-clan");
  const phone = await freshPage(browser);
  await gotoHydrated(phone, card);
  await scan(phone, "/entrar/<token>");
  await gotoHydrated(phone, "/entrar/AAAAAAAAAAAAAAAAAAAAAAAA").catch(() => {});
  await scan(phone, "/entrar/<unknown>");
});

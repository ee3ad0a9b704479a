import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import { seedCharacters } from "../../db/seed/characters.ts";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  signUp,
  signUpAdmin,
  signUpWith,
  test,
  waitForLive,
} from "./support.ts";

const STYLE_LABELS = { basic: "Básico", special: "Especial", rare: "Raro", event: "Evento" } as const;
// Seeded orders are all different, so the seed sorted by order is the expected grid.
const SEEDED_IN_ORDER = [...seedCharacters].sort((a, b) => a.order - b.order);

const cardNames = (page: Page) => page.locator(".characters-grid .character-card-name");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A card is named by what it shows: the name, then its style (and Bloqueado when locked). */
const card = (page: Page, name: string) =>
  page.getByRole("button", { name: new RegExp(`^${escapeRegExp(name)} (Básico|Especial|Raro|Evento)`) });
const cardImage = (page: Page, name: string) => card(page, name).locator("xpath=../img");
const detail = (page: Page) => page.getByRole("dialog");

async function openGallery(page: Page, path = "/personajes") {
  await page.goto(path);
  // Hydrated and listening: the live feed subscribes from an effect, after hydration, and marks
  // the document once its stream is open (never before the page has hydrated).
  await waitForLive(page);
}

/**
 * The card names of the gallery the server sends `request` (its HTML): for the checks of what
 * the database keeps, where no page needs to render.
 */
async function galleryNamesFor(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/personajes");
  expect(response.status()).toBe(200);
  const names = [...(await response.text()).matchAll(/<span class="character-card-name">([^<]*)<\/span>/g)].map(
    (match) => match[1]!.replace(/&amp;/g, "&"),
  );
  // Read from the right markup: the seeded characters are there.
  expect(names).toEqual(expect.arrayContaining(SEEDED_IN_ORDER.map((character) => character.name)));
  return names;
}

/** Marks the document; the mark survives anything but a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sinRecargar: boolean }).sinRecargar = true));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar === true);

test.describe("/personajes", () => {
  test("shows the seeded characters as cards in order, each with its style label; six to a row on a wide screen, three on a phone", async ({
    page,
  }) => {
    await openGallery(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Personajes");
    await expect(page).toHaveTitle("Personajes | Valentina y Taquito");
    const names = await cardNames(page).allTextContents();
    expect(names.slice(0, SEEDED_IN_ORDER.length)).toEqual(SEEDED_IN_ORDER.map((character) => character.name));
    for (const character of SEEDED_IN_ORDER) {
      const button = card(page, character.name);
      // A character that a code unlocks is locked for a visitor too (decision 025).
      const locked = character.requiredUrl !== null;
      await expect(button).toHaveAccessibleName(
        `${character.name} ${STYLE_LABELS[character.style]}${locked ? " Bloqueado" : ""}`,
      );
      await expect(button.locator("xpath=..")).toHaveClass(new RegExp(`character-style-${character.style}`));
      await expect(button.locator(".character-style-badge")).toHaveText(STYLE_LABELS[character.style]);
      await expect(cardImage(page, character.name)).toHaveAttribute(
        "alt",
        locked ? `Silueta de ${character.name}, aún bloqueado` : `${character.name}, ${character.subtitle}`,
      );
    }
    // 3:4 cards, six to a row on a wide screen.
    const first = await card(page, SEEDED_IN_ORDER[0]!.name).boundingBox();
    const sixth = await card(page, SEEDED_IN_ORDER[5]!.name).boundingBox();
    const seventh = await card(page, SEEDED_IN_ORDER[6]!.name).boundingBox();
    expect(first!.height / first!.width).toBeCloseTo(4 / 3, 1);
    expect(sixth!.y).toBeCloseTo(first!.y, 0);
    expect(seventh!.y).toBeGreaterThan(first!.y + first!.height);
    // The first row loads at once, the rest lazily.
    await expect(cardImage(page, SEEDED_IN_ORDER[0]!.name)).toHaveAttribute("loading", "eager");
    await expect(cardImage(page, SEEDED_IN_ORDER[6]!.name)).toHaveAttribute("loading", "lazy");
    // A visitor has no progress line, but an invitation to keep what they discover.
    await expect(page.getByTestId("unlock-progress")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Crea tu cuenta" })).toHaveAttribute(
      "href",
      "/login?modo=registro&redirectTo=%2Fpersonajes",
    );

    // Three cards to a row on a phone (the same page, narrowed: a fresh load showed the same).
    await page.setViewportSize({ width: 390, height: 844 });
    const boxes = await Promise.all(
      SEEDED_IN_ORDER.slice(0, 4).map((character) => card(page, character.name).boundingBox()),
    );
    expect(boxes[2]!.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);
  });

  test("the search filters by name, ignoring case, and says when nothing matches", async ({ page }) => {
    await openGallery(page);
    const search = page.getByRole("searchbox", { name: "Buscar personaje por nombre" });
    await search.fill("TAQ");
    await expect(cardNames(page)).toHaveText(["Taquito"]);
    await expect(page).toHaveURL(/\/personajes\?q=TAQ$/);
    await search.fill("mict");
    await expect(cardNames(page)).toHaveText(["Mictecacíhuatl", "Mictlantecuhtli"]);
    await search.fill("zz");
    await expect(page.getByText('No characters found matching "zz"', { exact: true })).toBeVisible();
    await expect(cardNames(page)).toHaveCount(0);
    await search.fill("");
    await expect(page).toHaveURL(/\/personajes$/);
    expect(await cardNames(page).count()).toBeGreaterThanOrEqual(SEEDED_IN_ORDER.length);
  });

  test("a search is linkable: the server renders ?q= before any script runs", async ({ browser }) => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/personajes?q=cama");
    await expect(cardNames(page)).toHaveText(["Camazotz"]);
    await expect(page.getByRole("searchbox", { name: "Buscar personaje por nombre" })).toHaveValue("cama");
    await page.goto("/personajes?q=zz");
    await expect(page.getByText('No characters found matching "zz"', { exact: true })).toBeVisible();
    await context.close();
  });

  test("the detail modal shows every field, opens by click, closes by its button and gives focus back", async ({
    page,
  }) => {
    await openGallery(page);
    const valentina = SEEDED_IN_ORDER.find((character) => character.id === "valentina")!;
    await card(page, "Valentina").click();
    const dialog = detail(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Valentina");
    for (const text of [
      valentina.subtitle,
      valentina.description,
      valentina.power,
      valentina.weakness,
      valentina.color,
      valentina.place,
      ...valentina.tags,
      "Básico",
      valentina.requiredUrlText,
    ]) {
      await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    }
    const image = dialog.getByRole("img", { name: `Valentina, ${valentina.subtitle}` });
    await expect(image).toHaveCSS("object-position", "50% 20%");
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();

    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, "Valentina")).toBeFocused();
  });

  test("the modal works from the keyboard: Enter opens, Escape closes, focus returns", async ({ page }) => {
    await openGallery(page);
    await card(page, "Camazotz").focus();
    await page.keyboard.press("Enter");
    const dialog = detail(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Camazotz");
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
    // The page behind is inert while it is open.
    await page.keyboard.press("Tab");
    await expect(card(page, "Camazotz")).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card(page, "Camazotz")).toBeFocused();
  });

  test("a click outside the modal closes it", async ({ page }) => {
    await openGallery(page);
    await card(page, "Taquito").click();
    const dialog = detail(page);
    await expect(dialog).toBeVisible();
    // A click inside the content does not close it.
    await dialog.getByRole("heading", { name: "Taquito" }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 300);
    await expect(dialog).toBeHidden();
    await expect(card(page, "Taquito")).toBeFocused();
  });

  test("a signed-in reader sees what they unlocked and how many of all", async ({ page }) => {
    await signUp(page);
    await openGallery(page);
    const total = await cardNames(page).count();
    const lockedCards = page.locator(".characters-grid .character-card.is-locked");
    await expect(lockedCards.first()).toBeVisible();
    const locked = await lockedCards.count();
    expect(locked).toBeGreaterThan(0);
    // Valentina and Taquito have no unlocking path: every reader has them.
    await expect(page.getByTestId("unlock-progress")).toHaveText(
      `Has desbloqueado ${total - locked} de ${total} personajes`,
    );
    expect(total - locked).toBeGreaterThanOrEqual(2);
    await expect(card(page, "Valentina").getByText("Bloqueado")).toHaveCount(0);
    const mariposa = card(page, "Mariposa Monarca");
    await expect(mariposa.getByText("Bloqueado")).toBeVisible();
    await expect(mariposa).toHaveAccessibleName("Mariposa Monarca Básico Bloqueado");
    await expect(mariposa).toHaveAccessibleDescription("Escanea el código QR al final del capítulo 1 del libro.");
    await expect(page.getByText("Escanea el código QR al final del capítulo 1 del libro.")).toBeVisible();
    await mariposa.click();
    await expect(detail(page).getByText("Bloqueado")).toBeVisible();

    // Visiting chapter 1's printed path unlocks the butterfly (its loader, on the server); the
    // collection counts it.
    const chapter1 = CHAPTER_PATHS.find((chapter) => chapter.id === "capitulo-1")!;
    expect((await page.request.get(tokenPathOf(chapter1))).status()).toBe(200);
    await openGallery(page);
    await expect(page.getByTestId("unlock-progress")).toHaveText(
      `Has desbloqueado ${total - locked + 1} de ${total} personajes`,
    );
    await expect(card(page, "Mariposa Monarca")).toHaveAccessibleName("Mariposa Monarca Básico");
    await card(page, "Mariposa Monarca").click();
    await expect(detail(page).getByText("Desbloqueado", { exact: true })).toBeVisible();
  });

  test("has no axe violations, with the modal closed and open", async ({ page }) => {
    await openGallery(page);
    await expectNoAxeViolations(page, "/personajes", { rules: "all" });
    await card(page, "Doña Catrina").click();
    await expect(detail(page)).toBeVisible();
    // Wait for the fade to finish, so contrast is measured on the final colours.
    await expect(detail(page)).toHaveCSS("opacity", "1");
    await expectNoAxeViolations(page, "the character modal", { rules: "all" });
  });
});

test.describe("/add-character", () => {
  test("an admin adds a character and edits it; an open /personajes shows both without a reload", async ({
    page: adminPage,
    browser,
  }) => {
    const name = `Ajolote ${randomBytes(3).toString("hex")}`;
    await signUpAdmin(adminPage);

    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await openGallery(visitor);
    await markDocument(visitor);
    // Slow the re-read down, to see the loading indicator while characters load.
    await visitor.route("**/personajes.data*", async (route) => {
      await new Promise((done) => setTimeout(done, 2000));
      await route.continue();
    });

    await adminPage.goto("/add-character");
    await expect(adminPage.getByLabel("Personaje", { exact: true })).toHaveValue("");
    await expect(adminPage.getByLabel("Personaje", { exact: true }).locator("option").first()).toHaveText(
      "Agregar nuevo personaje",
    );
    await adminPage.getByLabel("Nombre").fill(name);
    await adminPage.getByLabel("Orden").fill("90");
    await adminPage.getByLabel("URL de la imagen").fill("/images/characters/choc.svg");
    await adminPage.getByLabel("Subtítulo").fill("Guardián del lago");
    await adminPage.getByLabel("Descripción").fill("Sonríe siempre, aunque el agua esté fría.");
    await adminPage.getByLabel("Etiquetas").fill("agua,  lago , ,sonriente");
    await adminPage.getByLabel("Tipo de carta").selectOption("rare");
    await adminPage.getByRole("button", { name: "Agregar personaje" }).click();
    // The visitor's page re-reads the characters at once, showing that it is loading.
    await expect(visitor.getByTestId("characters-loading")).toBeVisible();

    const message = adminPage.getByTestId("character-message");
    await expect(message).toHaveText("Character added successfully!");
    await expect(message).toHaveClass(/text-success/);
    // After adding, the form resets.
    await expect(adminPage.getByLabel("Nombre")).toHaveValue("");
    await expect(adminPage.getByLabel("Orden")).toHaveValue("0");
    await expect(adminPage.getByLabel("Horizontal (%)")).toHaveValue("50");
    await expect(adminPage.getByLabel("Vertical (%)")).toHaveValue("50");
    await expect(adminPage.getByLabel("Personaje", { exact: true }).locator("option", { hasText: name })).toHaveCount(
      1,
    );

    // Then it shows the new card.
    await expect(card(visitor, name)).toBeVisible({ timeout: 10_000 });
    await expect(visitor.getByTestId("characters-loading")).toHaveCount(0);
    await expect(card(visitor, name).locator(".character-style-badge")).toHaveText("Raro");
    await card(visitor, name).click();
    await expect(detail(visitor).getByText("Guardián del lago")).toBeVisible();
    for (const tag of ["agua", "lago", "sonriente"])
      await expect(detail(visitor).getByText(tag, { exact: true })).toBeVisible();
    await visitor.unroute("**/personajes.data*");

    // Edit: choosing it fills the form; after saving, the form stays.
    await adminPage.getByLabel("Personaje", { exact: true }).selectOption({ label: name });
    await expect(adminPage.getByLabel("Nombre")).toHaveValue(name);
    await expect(adminPage.getByLabel("Orden")).toHaveValue("90");
    await expect(adminPage.getByLabel("Etiquetas")).toHaveValue("agua, lago, sonriente");
    await expect(adminPage.getByLabel("Tipo de carta")).toHaveValue("rare");
    await adminPage.getByLabel("Subtítulo").fill("Guardián del lago de Pátzcuaro");
    await adminPage.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(message).toHaveText("Character updated successfully!");
    await expect(adminPage.getByLabel("Nombre")).toHaveValue(name);
    await expect(adminPage.getByLabel("Subtítulo")).toHaveValue("Guardián del lago de Pátzcuaro");
    await expect(adminPage.getByLabel("Personaje", { exact: true })).not.toHaveValue("");

    // The visitor's open modal follows the edit.
    await expect(detail(visitor).getByText("Guardián del lago de Pátzcuaro")).toBeVisible();
    expect(await stillSameDocument(visitor)).toBe(true);

    // Cancel Edit goes back to adding, with an empty form.
    await adminPage.getByRole("button", { name: "Cancel Edit" }).click();
    await expect(adminPage.getByLabel("Personaje", { exact: true })).toHaveValue("");
    await expect(adminPage.getByLabel("Nombre")).toHaveValue("");
    await expect(adminPage.getByLabel("Subtítulo")).toHaveValue("");
    await expect(adminPage.getByRole("button", { name: "Cancel Edit" })).toHaveCount(0);
    await expect(adminPage.getByRole("button", { name: "Agregar personaje" })).toBeVisible();
    await visitorContext.close();
  });

  test("the picture's focal point is picked on the picture or by keyboard, and a chapter's QR code chosen from a list unlocks it", async ({
    page: adminPage,
    browser,
    baseURL,
  }) => {
    const name = `Tecolote ${randomBytes(3).toString("hex")}`;
    await signUpAdmin(adminPage);
    await gotoHydrated(adminPage, "/add-character");
    await adminPage.getByLabel("Nombre").fill(name);
    await adminPage.getByLabel("Orden").fill("95");
    // No CSS to type: the picture shows as soon as its address is there.
    await adminPage.getByLabel("URL de la imagen").fill("/images/characters/choc.svg");
    const stage = adminPage.getByTestId("focal-point-stage");
    await expect(stage.locator("img")).toHaveJSProperty("complete", true);
    const box = (await stage.boundingBox())!;
    await stage.click({ position: { x: box.width * 0.25, y: box.height * 0.8 } });
    const horizontal = adminPage.getByLabel("Horizontal (%)");
    const vertical = adminPage.getByLabel("Vertical (%)");
    await expect(horizontal).toHaveValue("25");
    await expect(vertical).toHaveValue("80");
    // The keyboard: arrow keys move the point one step at a time.
    await horizontal.focus();
    for (let step = 0; step < 5; step++) await adminPage.keyboard.press("ArrowRight");
    await vertical.focus();
    for (let step = 0; step < 10; step++) await adminPage.keyboard.press("ArrowLeft");
    await expect(adminPage.getByTestId("focal-point-value")).toHaveText("30% 70%");
    await expect(adminPage.getByTestId("focal-point-crop")).toHaveCSS("object-position", "30% 70%");

    // What unlocks it: the book's chapters by number and title, with their codes; no path to type.
    const unlock = adminPage.getByLabel("Lo desbloquea");
    await expect(unlock.locator("option", { hasText: "Capítulo 10: El ataque de Camazotz" })).toHaveCount(1);
    await expect(unlock.locator("optgroup[label='Otros códigos QR'] option", { hasText: "código book" })).toHaveText(
      "código book: lleva a /?book",
    );
    const chapter3 = (await unlock.locator("option", { hasText: /^Capítulo 3: / }).textContent())!;
    expect(chapter3).toContain("(código capitulo-3)");
    await unlock.selectOption({ label: chapter3 });
    await expectNoAxeViolations(adminPage, "/add-character with the picker", { rules: "all" });
    await adminPage.getByRole("button", { name: "Agregar personaje" }).click();
    await expect(adminPage.getByTestId("character-message")).toHaveText("Character added successfully!");

    // Opened again, the form shows what was saved.
    await adminPage.getByLabel("Personaje", { exact: true }).selectOption({ label: name });
    await expect(horizontal).toHaveValue("30");
    await expect(vertical).toHaveValue("70");
    await expect(unlock).toHaveValue(tokenPathOf(CHAPTER_PATHS.find((chapter) => chapter.number === 3)!));

    // A reader who scans chapter 3's code has it, its picture cropped around the chosen point.
    const readerContext = await newContext(browser);
    const reader = await readerContext.newPage();
    await signUp(reader);
    await openGallery(reader);
    await expect(card(reader, name)).toHaveAccessibleName(/Bloqueado$/);
    expect((await reader.request.get("/qr/capitulo-3")).status()).toBe(200);
    await openGallery(reader);
    await expect(card(reader, name)).not.toHaveAccessibleName(/Bloqueado$/);
    await expect(cardImage(reader, name)).toHaveCSS("object-position", "30% 70%");
    await readerContext.close();

    // The server takes only what the list offers: a slug (whose visit unlocks nothing) is refused.
    const refused = await adminPage.request.post("/add-character.data", {
      headers: { Origin: baseURL! },
      form: {
        name: `${name} bis`,
        order: "0",
        positionX: "50",
        positionY: "50",
        imageUrl: "/images/characters/choc.svg",
        requiredUrl: "/el-convento-de-santa-ana-en-tzintzuntzan",
        style: "basic",
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Elige de la lista un capítulo o un código QR");
    const names = await galleryNamesFor(adminPage.request);
    expect(names).toContain(name);
    expect(names).not.toContain(`${name} bis`);
  });

  test("a focal point and an unlock chosen before the page hydrates are kept", async ({ page }) => {
    await signUpAdmin(page);
    let release!: () => void;
    const scriptsHeld = new Promise<void>((done) => (release = done));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/add-character", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Horizontal (%)").fill("15");
    await page.getByLabel("Vertical (%)").fill("85");
    const chapter5 = (await page
      .getByLabel("Lo desbloquea")
      .locator("option", { hasText: /^Capítulo 5: / })
      .textContent())!;
    await page.getByLabel("Lo desbloquea").selectOption({ label: chapter5 });
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByLabel("Horizontal (%)")).toHaveValue("15");
    await expect(page.getByLabel("Vertical (%)")).toHaveValue("85");
    await expect(page.getByTestId("focal-point-value")).toHaveText("15% 85%");
    await expect(page.getByLabel("Lo desbloquea")).toHaveValue(
      tokenPathOf(CHAPTER_PATHS.find((chapter) => chapter.number === 5)!),
    );
  });

  test("invalid fields show their message beside them, in red, and nothing is saved", async ({ page }) => {
    const name = `Sin imagen ${randomBytes(3).toString("hex")}`;
    await signUpAdmin(page);
    await gotoHydrated(page, "/add-character");
    await page.getByLabel("Nombre").fill(name);
    await page.getByLabel("URL de la imagen").fill("no es una url");
    await page.getByLabel("Orden").fill("-1");
    await page.getByRole("button", { name: "Agregar personaje" }).click();
    await expect(page.locator("#character-imageUrl-error")).toHaveText(
      "La imagen debe ser una dirección de este sitio que empiece con / (por ejemplo, /images/characters/valentina.svg).",
    );
    await expect(page.getByLabel("URL de la imagen")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#character-order-error")).toHaveText(
      "El orden debe ser un número entero de 0 en adelante.",
    );
    const message = page.getByTestId("character-message");
    await expect(message).toHaveText(/^Error: /);
    await expect(message).toHaveClass(/text-danger/);
    await expectNoAxeViolations(page, "/add-character", { rules: "all" });

    // The server checks again: a POST that skips the form's check is refused with 400.
    const origin = new URL(page.url()).origin;
    const response = await page.request.post("/add-character", {
      headers: { Origin: origin },
      form: { name, order: "0", position: "center", imageUrl: "no es una url", style: "basic" },
    });
    expect(response.status()).toBe(400);
    expect(await galleryNamesFor(page.request)).not.toContain(name);
  });

  test("a reader's POST to /add-character is refused with 403 and adds nothing", async ({ request, baseURL }) => {
    // The server's refusal and what it keeps: no page to render.
    const name = `Intruso ${randomBytes(3).toString("hex")}`;
    await signUpWith(request);
    const response = await request.post("/add-character", {
      headers: { Origin: baseURL! },
      form: { name, order: "0", position: "center", imageUrl: "/images/characters/choc.svg", style: "basic" },
    });
    expect(response.status()).toBe(403);
    expect(await galleryNamesFor(request)).not.toContain(name);
  });
});

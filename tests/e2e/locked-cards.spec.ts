/**
 * Issue 12, item 5 (characters): a locked card shows a silhouette, its name and its hint only;
 * its details are not in the HTML nor in the loader data until the reader unlocks it. The
 * collection is the same for a visitor and a new reader (decision 025).
 */
import type { Page } from "@playwright/test";
import { seedCharacters } from "../../db/seed/characters.ts";
import { expect, newContext, signUp, test, waitForLive } from "./support.ts";

const camazotz = seedCharacters.find((character) => character.id === "camazotz")!;
const SECRETS = [camazotz.weakness, camazotz.power, camazotz.description, camazotz.subtitle, camazotz.place];

test("a reader's locked card keeps its secrets out of the HTML and the data until unlocked", async ({ page }) => {
  expect(SECRETS.every(Boolean)).toBe(true);
  await signUp(page);

  // What the server sends: the page's HTML and the loader data of a client-side visit.
  const html = await (await page.request.get("/personajes")).text();
  const loaderData = await (await page.request.get("/personajes.data")).text();
  for (const sent of [html, loaderData]) {
    expect(sent).toContain(camazotz.name);
    expect(sent).toContain(camazotz.requiredUrlText);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
    expect(sent).not.toContain(camazotz.imageUrl);
  }

  // What the reader sees: a silhouette, the name and the hint.
  await page.goto("/personajes");
  await waitForLive(page);
  const card = page.getByRole("button", { name: /^Camazotz (Básico|Especial|Raro|Evento) Bloqueado$/ });
  await expect(card.locator("xpath=../img")).toHaveAttribute("src", "/images/characters/silueta.svg");
  await expect(card.locator("xpath=../img")).toHaveAttribute("alt", "Silueta de Camazotz, aún bloqueado");
  await card.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Camazotz" })).toBeVisible();
  await expect(dialog.getByText(camazotz.requiredUrlText)).toBeVisible();
  await expect(dialog.getByText("Debilidad")).toHaveCount(0);

  // Scanning its code unlocks it: now every detail is sent.
  await page.goto("/qr/capitulo-6");
  const unlocked = await (await page.request.get("/personajes")).text();
  for (const secret of [camazotz.weakness, camazotz.power]) expect(unlocked).toContain(secret);
});

/** What the collection shows: each card's accessible name (name, style, lock) and picture. */
async function collectionAsShown(page: Page) {
  await page.goto("/personajes");
  const cards = page.locator(".characters-grid .character-card");
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((elements) =>
    elements.map((element) => ({
      card: element.querySelector("button")!.textContent!.replace(/\s+/g, " ").trim(),
      picture: element
        .querySelector("img")!
        .getAttribute("src")!
        .replace(/\?v=\d+$/, ""),
    })),
  );
}

test("a visitor and a new reader see the same collection; signing up hides nothing that was shown", async ({
  page,
  browser,
}) => {
  const visitorContext = await newContext(browser);
  const visitor = await visitorContext.newPage();
  const seenByVisitor = await collectionAsShown(visitor);
  await signUp(page);
  const seenByReader = await collectionAsShown(page);
  expect(seenByVisitor).toEqual(seenByReader);

  // Characters a code unlocks are silhouettes for both; Valentina and Taquito are open to all.
  for (const character of seedCharacters) {
    const shown = seenByVisitor.find((entry) => entry.card.startsWith(`${character.name} `))!;
    if (character.requiredUrl === null) {
      expect(shown.card).not.toContain("Bloqueado");
      expect(shown.picture).toBe(character.imageUrl);
    } else {
      expect(shown.card).toContain("Bloqueado");
      expect(shown.picture).toBe("/images/characters/silueta.svg");
    }
  }

  // Nothing of a locked card reaches a visitor either: not in the HTML, not in the data.
  const html = await (await visitor.request.get("/personajes")).text();
  const loaderData = await (await visitor.request.get("/personajes.data")).text();
  for (const sent of [html, loaderData]) {
    expect(sent).toContain(camazotz.requiredUrlText);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
    expect(sent).not.toContain(camazotz.imageUrl);
  }

  // The visitor is invited to keep what they discover, from the page and from a locked card.
  await visitor.getByRole("button", { name: /^Camazotz .* Bloqueado$/ }).click();
  const dialog = visitor.getByRole("dialog");
  await expect(dialog.getByText(camazotz.requiredUrlText)).toBeVisible();
  await expect(dialog.getByText("Debilidad")).toHaveCount(0);
  await dialog
    .getByRole("link", { name: "Crea tu cuenta para guardar este personaje cuando escanees su código." })
    .click();
  await expect(visitor).toHaveURL(/\/login\?modo=registro&redirectTo=%2Fpersonajes$/);
  await expect(visitor.getByRole("heading", { name: "Crea tu cuenta" })).toBeVisible();
  await visitorContext.close();
});

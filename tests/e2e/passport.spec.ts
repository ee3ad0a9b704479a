/**
 * Issue 12, item 2: the reader's passport at /pasaporte. A visitor is told what it is and why
 * to sign in; a reader sees the chapters and characters found, in colour, the rest as
 * silhouettes with their hint only; /capitulos tells the same count and marks chapters read.
 */
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { seedChapterTexts } from "../../db/seed/chapters.ts";
import { seedCharacters } from "../../db/seed/characters.ts";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, signUp, test } from "./support.ts";

const CHAPTERS = seedChapterTexts.filter((chapter) => !chapter.hidden).length;
const ALWAYS_OPEN = seedCharacters.filter((character) => character.requiredUrl === null);
const mariposa = seedCharacters.find((character) => character.id === "mariposa-monarca")!;
const camazotz = seedCharacters.find((character) => character.id === "camazotz")!;
const CAMAZOTZ_DETAILS = [
  camazotz.weakness,
  camazotz.power,
  camazotz.description,
  camazotz.subtitle,
  camazotz.imageUrl,
];
const TOKENS = CHAPTER_PATHS.map((chapter) => chapter.token);

/**
 * The character side of the album holds exactly `found` of the seeded characters in colour and
 * the others as silhouettes with their hint. Other tests on the same worker's site may have
 * added characters (an admin's new one needs no code, so it is found by everyone): the count
 * line is checked against the cards on the page, not against the seed's length.
 */
async function expectCharacters(page: Page, found: readonly (typeof seedCharacters)[number][]) {
  const foundCards = page.locator(".passport-character.is-found");
  const silhouettes = page.locator(".passport-character.is-silhouette");
  for (const character of seedCharacters) {
    if (found.includes(character)) await expect(foundCards.filter({ hasText: character.name })).toHaveCount(1);
    else {
      await expect(foundCards.filter({ hasText: character.name })).toHaveCount(0);
      await expect(silhouettes.filter({ hasText: character.requiredUrlText })).toHaveCount(1);
    }
  }
  const [foundCount, silhouetteCount] = [await foundCards.count(), await silhouettes.count()];
  expect(silhouetteCount).toBeGreaterThanOrEqual(seedCharacters.length - found.length);
  await expect(page.getByTestId("pasaporte-progreso-personajes")).toHaveText(
    `${foundCount} de ${foundCount + silhouetteCount} personajes`,
  );
}

test("a visitor learns what the passport is and is asked to sign in", async ({ page }) => {
  await page.goto("/pasaporte");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu pasaporte");
  await expect(page.getByText(/álbum de aventura/)).toBeVisible();
  const signIn = page.getByRole("link", { name: "Inicia sesión para ver tu pasaporte" });
  await expect(signIn).toHaveAttribute("href", "/login?redirectTo=%2Fpasaporte");
  // No album, and the navbar has no passport link for a visitor.
  await expect(page.locator(".passport-card")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Pasaporte" }),
  ).toHaveCount(0);
  await signIn.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=(\/|%2F)pasaporte$/);
});

test("a new reader's passport: nothing found yet, every pending card a silhouette with its hint", async ({ page }) => {
  await signUp(page);
  await gotoHydrated(page, "/tu-perfil");
  await page.getByRole("link", { name: "Ver tu pasaporte" }).click();
  await expect(page).toHaveURL(/\/pasaporte$/);
  await expect(page.getByTestId("pasaporte-progreso-capitulos")).toHaveText(`0 de ${CHAPTERS} capítulos`);
  await expectCharacters(page, ALWAYS_OPEN);
  await expect(page.locator(".passport-chapter.is-found")).toHaveCount(0);
  await expect(page.locator(".passport-chapter.is-silhouette")).toHaveCount(CHAPTERS);
  await expect(page.getByTestId("pasaporte-clan-nombre")).toHaveText("Todavía sin clan");
  // The navbar link is there for a signed-in reader, and marks the page.
  await expect(
    page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Pasaporte" }),
  ).toHaveAttribute("aria-current", "page");
  await page.goto("/capitulos");
  await expect(page.getByTestId("capitulos-progreso")).toContainText(`0 de ${CHAPTERS} capítulos`);
  await expect(page.locator(".chapter-read-badge")).toHaveCount(0);
});

test("a reader who scanned chapter 1 sees it and its butterfly in colour, the rest as silhouettes", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/qr/capitulo-1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 1: Salida a Tzintzuntzan");
  await page.goto("/pasaporte");
  await expect(page.getByTestId("pasaporte-progreso-capitulos")).toHaveText(`1 de ${CHAPTERS} capítulos`);
  await expectCharacters(page, [...ALWAYS_OPEN, mariposa]);

  // Found: full colour, named, the chapter linked by its slug.
  const butterfly = page.locator(".passport-character.is-found").filter({ hasText: mariposa.name });
  await expect(butterfly.locator("img")).toHaveAttribute("src", new RegExp(`^${mariposa.imageUrl}`));
  await expect(butterfly).not.toHaveCSS("border-style", "dashed");
  // Its name opens its card on /personajes.
  await expect(butterfly.getByRole("link", { name: mariposa.name })).toHaveAttribute(
    "href",
    `/personajes?personaje=${mariposa.id}`,
  );
  const chapter1 = page.locator(".passport-chapter.is-found");
  await expect(chapter1).toHaveCount(1);
  await expect(chapter1.getByRole("link")).toHaveAttribute("href", `/${CHAPTER_PATHS[0]!.slug}`);

  // Pending: a silhouette and the hint, nothing else.
  const silhouettes = page.locator(".passport-character.is-silhouette");
  const camazotzCard = silhouettes.filter({ hasText: camazotz.requiredUrlText });
  await expect(camazotzCard.locator("img")).toHaveAttribute("src", "/images/characters/silueta.svg");
  await expect(camazotzCard.locator("img")).toHaveAttribute("alt", "Personaje por descubrir");
  await expect(camazotzCard.locator("img")).toHaveCSS("filter", /grayscale/);
  await expect(page.locator(".passport-chapter.is-silhouette")).toHaveCount(CHAPTERS - 1);

  // What the server sends, as a page and as a client-side visit's data.
  const html = await (await page.request.get("/pasaporte")).text();
  const data = await (await page.request.get("/pasaporte.data")).text();
  for (const sent of [html, data]) {
    expect(sent).toContain(mariposa.name);
    expect(sent).toContain(camazotz.requiredUrlText);
    for (const detail of CAMAZOTZ_DETAILS) expect(sent).not.toContain(detail);
    for (const token of TOKENS) expect(sent).not.toContain(token);
  }

  // /capitulos: the same count, and chapter 1 marked read.
  await page.goto("/capitulos");
  await expect(page.getByTestId("capitulos-progreso")).toContainText(`1 de ${CHAPTERS} capítulos`);
  const read = page.locator(".chapter-card").filter({ has: page.locator(".chapter-read-badge") });
  await expect(read).toHaveCount(1);
  await expect(read).toContainText("Salida a Tzintzuntzan");

  // Both pages, with found cards and a 'Leído' mark, pass axe too.
  for (const path of ["/capitulos", "/pasaporte"]) {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  }
});

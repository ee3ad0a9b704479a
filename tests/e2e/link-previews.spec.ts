/**
 * Issue 12, item 7: link previews WhatsApp and Facebook can show: a 1200×630 PNG per page kind
 * (the site, each chapter, each character), named in og:image, drawn once and then served from
 * the server's cache, with a new address when the content changes.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { expect, gotoHydrated, newContext, signUpAdmin, test } from "./support.ts";

const metaContent = (page: Page, attribute: "property" | "name", value: string) =>
  page.locator(`meta[${attribute}="${value}"]`).getAttribute("content");

/** The page's og:image, checked as the card a sharing app reads. */
async function previewOf(page: Page, path: string) {
  await page.goto(path);
  const image = await metaContent(page, "property", "og:image");
  expect(image, path).toBeTruthy();
  expect(await metaContent(page, "property", "og:image:type")).toBe("image/png");
  expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
  expect(await metaContent(page, "property", "og:image:height")).toBe("630");
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await metaContent(page, "name", "twitter:image")).toBe(image);
  // Absolute, on SITE_URL (the e2e site's own origin).
  const url = new URL(image!);
  expect(url.origin).toBe(new URL(page.url()).origin);
  return url;
}

async function fetchPng(request: APIRequestContext, url: URL) {
  const response = await request.get(url.pathname + url.search);
  expect(response.status(), url.pathname).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const body = await response.body();
  const { width, height, format } = await sharp(body).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
  return { response, body };
}

test("the site, a chapter and a character point og:image at their own 1200×630 PNG", async ({ page }) => {
  const site = await previewOf(page, "/");
  expect(site.pathname).toBe("/vista-previa/sitio.png");
  await fetchPng(page.request, site);
  // A page without a card of its own shares the site's.
  expect((await previewOf(page, "/contact")).href).toBe(site.href);

  const chapter = await previewOf(page, "/salida-a-tzintzuntzan");
  expect(chapter.pathname).toBe("/vista-previa/capitulo/salida-a-tzintzuntzan.png");
  await fetchPng(page.request, chapter);

  const character = await previewOf(page, "/personajes?personaje=taquito");
  expect(character.pathname).toBe("/vista-previa/personaje/taquito.png");
  await fetchPng(page.request, character);
  // The shared link opens that character's card.
  await expect(page.getByRole("dialog", { name: "Taquito" })).toBeVisible();
});

test("a character that a code unlocks has no preview of its own: its link shares the site's", async ({ page }) => {
  // Locked for every visitor, a crawler included (decision 025): its picture stays behind the book.
  expect((await previewOf(page, "/personajes?personaje=camazotz")).pathname).toBe("/vista-previa/sitio.png");
  await expect(page.getByRole("dialog", { name: "Camazotz" })).toBeVisible();
  expect((await page.request.get("/vista-previa/personaje/camazotz.png")).status()).toBe(404);
});

test("a card is drawn once and then served from the cache, for a year at its versioned address", async ({ page }) => {
  const chapter = await previewOf(page, "/el-inframundo");
  const first = await fetchPng(page.request, chapter);
  const second = await fetchPng(page.request, chapter);
  expect(second.response.headers()["x-cache"]).toBe("hit");
  expect(second.body.equals(first.body)).toBe(true);
  expect(second.response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const etag = second.response.headers()["etag"];
  expect(etag).toBeTruthy();
  expect(first.response.headers()["etag"]).toBe(etag);
  // A client holding this version gets a 304 without the picture.
  const again = await page.request.get(chapter.pathname + chapter.search, { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
  // Without the current version, the address may change: cached for a day only.
  const unversioned = await page.request.get(chapter.pathname);
  expect(unversioned.status()).toBe(200);
  expect(unversioned.headers()["cache-control"]).toBe("public, max-age=86400");
});

test("previews name chapters by slug only, and unknown ones are 404", async ({ page }) => {
  for (const { token } of CHAPTER_PATHS) {
    const tokenPreview = await page.request.get(`/vista-previa/capitulo/${token}.png`);
    expect(tokenPreview.status(), token).toBe(404);
  }
  expect((await page.request.get("/vista-previa/personaje/nadie.png")).status()).toBe(404);
  expect((await page.request.get("/vista-previa/capitulo/el-inframundo.svg")).status()).toBe(404);
  // The og:image of a chapter opened by its printed token names its slug.
  const tokenChapter = CHAPTER_PATHS.find((chapter) => chapter.number === 1)!;
  const preview = await previewOf(page, `/${tokenChapter.token}`);
  expect(preview.pathname).toBe(`/vista-previa/capitulo/${tokenChapter.slug}.png`);
  expect(preview.href).not.toContain(tokenChapter.token);
});

test("an edited character gets a new preview address", async ({ page, browser }) => {
  const visitorContext = await newContext(browser);
  const visitor = await visitorContext.newPage();
  const before = await previewOf(visitor, "/personajes?personaje=valentina");
  await signUpAdmin(page);
  await gotoHydrated(page, "/add-character");
  await page.getByLabel("Personaje", { exact: true }).selectOption({ label: "Valentina" });
  const subtitle = page.getByLabel("Subtítulo");
  const original = await subtitle.inputValue();
  const message = page.getByTestId("character-message");
  try {
    await subtitle.fill(`${original} (editado)`);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(message).toHaveText("Character updated successfully!");
    const after = await previewOf(visitor, "/personajes?personaje=valentina");
    expect(after.pathname).toBe(before.pathname);
    expect(after.search).not.toBe(before.search);
    const fresh = await fetchPng(visitor.request, after);
    expect(fresh.response.headers()["x-cache"]).toBe("miss");
  } finally {
    await gotoHydrated(page, "/add-character");
    await page.getByLabel("Personaje", { exact: true }).selectOption({ label: "Valentina" });
    await page.getByLabel("Subtítulo").fill(original);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(message).toHaveText("Character updated successfully!");
    await visitorContext.close();
  }
});

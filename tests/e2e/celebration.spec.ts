/**
 * Issue 12, item 3: the unlock moment is a celebration worth scanning for. The new card turns
 * over into view with its picture, its name and a link to it; a reader's first discovery and a
 * completed collection get their own words; with reduced motion nothing moves (decision 018).
 */
import type { Page } from "@playwright/test";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import { expect, gotoHydrated, signUp, test, expectNoAxeViolations } from "./support.ts";

const TOKENS = CHAPTER_PATHS.map((chapter) => chapter.token);
const celebration = (page: Page) => page.getByRole("status").filter({ hasText: "¡Desbloqueaste" });

/** The computed animation of the toast and of every card's picture. */
const animations = (page: Page) =>
  page.locator(".unlock-toast, .unlock-card-picture").evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return { name: style.animationName, duration: style.animationDuration };
    }),
  );

test.describe("the unlock celebration", () => {
  // Its motion is the point (the run's default is reduced motion: playwright.config.ts).
  test.use({ reducedMotion: "no-preference" });
  test("a new reader scans chapter 1: the butterfly's card, their first discovery, and a link to the card", async ({
    page,
  }) => {
    await signUp(page);
    await gotoHydrated(page, "/qr/capitulo-1");
    const toast = celebration(page);
    await expect(toast.getByText("¡Tu primer descubrimiento!")).toBeVisible();
    await expect(
      toast.getByText("¡Desbloqueaste Mariposa Monarca y el capítulo «Salida a Tzintzuntzan»!"),
    ).toBeVisible();

    const picture = toast.getByRole("img", { name: /^Mariposa Monarca/ });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("src", /^\/images\/characters\/mariposa-monarca\.svg\?v=\d+$/);
    // The picture really loaded.
    expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(toast.getByText("Mariposa Monarca", { exact: true })).toBeVisible();
    await expect(toast.getByRole("link", { name: "Leer capítulo «Salida a Tzintzuntzan»" })).toHaveAttribute(
      "href",
      "/salida-a-tzintzuntzan",
    );
    // No printed token path anywhere in the celebration.
    const html = await toast.innerHTML();
    for (const token of TOKENS) expect(html).not.toContain(token);

    // The cards turn over into view (reduced motion: the next test).
    expect((await animations(page)).map((animation) => animation.name)).toEqual([
      "unlock-pop",
      "unlock-card-flip",
      "unlock-card-flip",
    ]);
    await expectNoAxeViolations(page, "the unlock toast", { include: ".unlock-toast" });

    await toast.getByRole("link", { name: "Ver carta de Mariposa Monarca" }).click();
    await expect(page).toHaveURL(/\/personajes\?personaje=mariposa-monarca$/);
    await expect(page.getByRole("dialog", { name: "Mariposa Monarca" })).toBeVisible();
    await expect(celebration(page)).toHaveCount(0);
  });

  test("with reduced motion nothing moves; a later unlock is a new discovery; the keyboard closes it", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signUp(page);
    await gotoHydrated(page, "/qr/capitulo-6");
    const toast = celebration(page);
    await expect(toast.getByText("¡Tu primer descubrimiento!")).toBeVisible();
    const still = await animations(page);
    expect(still).toHaveLength(3);
    for (const animation of still) expect(animation.name === "none" || parseFloat(animation.duration) === 0).toBe(true);

    await gotoHydrated(page, "/qr/capitulo-5");
    await expect(toast.getByText("¡Nuevo descubrimiento!")).toBeVisible();
    await expect(toast.getByText("¡Tu primer descubrimiento!")).toHaveCount(0);
    await expect(toast.getByRole("img", { name: /^Tinskani/ })).toBeVisible();

    const close = toast.getByRole("button", { name: "Cerrar aviso" });
    await close.focus();
    await page.keyboard.press("Enter");
    await expect(celebration(page)).toHaveCount(0);
  });

  test("the celebration ends when the reader moves on to another page, and does not come back with it", async ({
    page,
  }) => {
    await signUp(page);
    await gotoHydrated(page, "/qr/capitulo-2");
    await expect(celebration(page)).toBeVisible();
    // A link of the page, not of the celebration: the next page is not covered by it.
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Personajes" }).click();
    await expect(page).toHaveURL(/\/personajes$/);
    // Well before its 10 s are up.
    await expect(celebration(page)).toHaveCount(0, { timeout: 2000 });
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 2: Casa de la abuela");
    await expect(celebration(page)).toHaveCount(0);
  });

  test("the chapter that completes the book gets its own words", async ({ page }) => {
    await signUp(page);
    const listed = CHAPTER_PATHS.filter((chapter) => chapter.layout !== "special");
    // Every listed chapter but the last, loaded without a browser: the server unlocks each.
    for (const chapter of listed.slice(0, -1)) {
      expect((await page.request.get(tokenPathOf(chapter))).ok()).toBe(true);
    }
    await gotoHydrated(page, `/qr/capitulo-${listed.at(-1)!.number}`);
    const toast = celebration(page);
    await expect(toast.getByText("¡Encontraste todos los capítulos del libro!")).toBeVisible();
    await expect(toast.getByText("¡Nuevo descubrimiento!")).toBeVisible();
    await expect(toast.getByText("¡Completaste la colección de personajes!")).toHaveCount(0);
  });
});

import { expect, test } from "./support.ts";

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the loading screen never covers the page (decision 002)", async ({ page }) => {
    await page.goto("/");
    const screen = page.getByTestId("loading-screen");
    // Not a shorter animation: no overlay from the first paint.
    expect(await screen.evaluate((element) => getComputedStyle(element).display)).toBe("none");
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
  });
});

test.describe("without reduced motion", () => {
  test.use({ showLoadingScreen: true, reducedMotion: "no-preference" });

  test("the loading screen covers the first load, for 1500 ms from navigation start", async ({ page }) => {
    // What the overlay looked like the moment the parser put it in the page, and when: on a busy
    // machine the page can arrive after 1500 ms, and then the overlay may rightly never show.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const overlay = document.querySelector<HTMLElement>("[data-testid=loading-screen]");
        if (!overlay) return;
        observer.disconnect();
        (window as unknown as { overlayAtParse: unknown }).overlayAtParse = {
          display: getComputedStyle(overlay).display,
          since: performance.now(),
        };
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    const atParse = await page.evaluate(
      () => (window as unknown as { overlayAtParse: { display: string; since: number } }).overlayAtParse,
    );
    // The inline script decided a moment before `since`: under 1500 ms it must have shown it.
    if (atParse.since < 1500) expect(atParse.display).toBe("flex");
    await expect(page.getByTestId("loading-screen")).toBeHidden({ timeout: 5000 });
  });
});

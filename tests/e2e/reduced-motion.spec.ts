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
  test.use({ showLoadingScreen: true });

  test("the loading screen covers the first load", async ({ page }) => {
    await page.goto("/");
    const screen = page.getByTestId("loading-screen");
    expect(await screen.evaluate((element) => getComputedStyle(element).display)).toBe("flex");
    await expect(screen).toBeHidden({ timeout: 5000 });
  });
});

import { CHAPTER_PATHS } from "../../app/features/chapters/chapter-paths.ts";
import { expect, newContext, signUp, test, waitForLive } from "./support.ts";

const chapter11 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 11)!.token}`;

test("a page whose live stream dropped reconnects and still shows new comments", async ({ page, browser }) => {
  await signUp(page);
  // The first stream the page opens is refused, as by a restarting server; later ones pass.
  let refused = 0;
  await page.route("**/api/live?*", async (route) => {
    if (refused === 0) {
      refused++;
      await route.fulfill({ status: 503, body: "reiniciando" });
    } else {
      await route.continue();
    }
  });
  const reconnected = page.waitForRequest((request) => request.url().includes("/api/live?") && refused === 1, {
    timeout: 15_000,
  });
  await page.goto(chapter11);
  await expect(page.getByRole("heading", { name: "¡El primer comentario es tuyo!" })).toBeVisible();
  await reconnected;
  // The retried stream is open: the page hears changes again.
  await waitForLive(page);

  const otherContext = await newContext(browser);
  const other = await otherContext.newPage();
  await signUp(other);
  await other.goto(chapter11);
  await other.getByRole("textbox").fill("¿Me escuchas después del corte?");
  await other.getByRole("button", { name: "Comentar" }).click();

  await expect(page.locator(".comment-text").first()).toHaveText("¿Me escuchas después del corte?", {
    timeout: 15_000,
  });
  expect(refused).toBe(1);
  await otherContext.close();
});

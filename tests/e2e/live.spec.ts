import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { expect, newContext, signUp, signUpAdmin, test, waitForLive } from "./support.ts";

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
  // Other tests on this worker's site may have commented on this chapter too: wait for the section.
  await expect(
    page.getByRole("heading", { name: /^(¡El primer comentario es tuyo!|Lo que otros lectores opinan)$/ }),
  ).toBeVisible();
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

test("comments arrive, and hidden or deleted ones go, on another reader's open page without reloading its data", async ({
  page,
  browser,
}) => {
  const path = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 13)!.token}`;
  const contexts = await Promise.all([newContext(browser), newContext(browser)]);
  const [watcher, admin] = await Promise.all(contexts.map((context) => context.newPage()));
  await signUp(page);
  await signUp(watcher!);
  await signUpAdmin(admin!);
  for (const one of [page, watcher!, admin!]) {
    await one.goto(path);
    await waitForLive(one);
  }
  // From here on, the watcher's page must not ask the server for its loaders' data again.
  const reloads: string[] = [];
  watcher!.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
  });
  const comment = (one: typeof page, text: string) => one.locator(".comment").filter({ hasText: text });
  const post = async (text: string) => {
    await page.locator("#comment-text").fill(text);
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.locator("#comment-text")).toHaveValue("");
  };

  await post("Llega sin recargar");
  await expect(comment(watcher!, "Llega sin recargar")).toBeVisible();
  // It arrived in the list's log, which a screen reader reads out as comments come (issue 39).
  await expect(watcher!.getByRole("log").locator(".comment").filter({ hasText: "Llega sin recargar" })).toBeVisible();
  await expect(comment(watcher!, "Llega sin recargar").locator(".comment-author")).not.toHaveText("");

  await comment(admin!, "Llega sin recargar").getByRole("button", { name: "Ocultar" }).click();
  await expect(comment(watcher!, "Llega sin recargar")).toHaveCount(0);

  await post("Me voy enseguida");
  await expect(comment(watcher!, "Me voy enseguida")).toBeVisible();
  await comment(page, "Me voy enseguida").getByRole("button", { name: "Borrar" }).click();
  await expect(comment(watcher!, "Me voy enseguida")).toHaveCount(0);
  await expect(comment(page, "Me voy enseguida")).toHaveCount(0);

  expect(reloads).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});

test("a page says it is connected only once the server's stream has said hello, not when it merely opened", async ({
  page,
}) => {
  // Every value the page gives its readiness, as it gives it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { liveStates: string[] }).liveStates = seen;
    // The document has no <html> yet when this runs: watched from the document itself.
    new MutationObserver(() => seen.push(document.documentElement.dataset.live ?? "")).observe(document, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-live"],
    });
  });
  const states = () => page.evaluate(() => (window as unknown as { liveStates: string[] }).liveStates);
  // A stream that opens and never speaks (as a stream the server never started once did, 21f976e),
  // until the test lets it say hello.
  let tries = 0;
  let sayHello = false;
  await page.route("**/api/live?*", async (route) => {
    tries++;
    const hello = sayHello ? "id: 0\nevent: hello\ndata: fresh\n\n" : "";
    await route.fulfill({ status: 200, contentType: "text/event-stream", body: `retry: 200\n: conectado\n\n${hello}` });
  });
  await signUp(page);
  await page.goto("/");
  await expect.poll(() => tries, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // Each silent stream ended and the page said so (what is watched is seen), never "connected".
  await expect.poll(states).toContain("reconnecting");
  expect(await states()).not.toContain("connected");
  sayHello = true;
  await expect.poll(states, { timeout: 15_000 }).toContain("connected");
});

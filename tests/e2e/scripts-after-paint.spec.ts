/**
 * A page's scripts all start loading at once, as its head arrives (decision 087), and run after
 * its first paint (decision 021, issue 38): on a phone's slow connection a module found only when
 * another arrived costs a round trip each, and the page stayed dead for seconds after the story
 * showed. Pictures below the first screen wait until the page works (decision 088): they shared
 * the link with the scripts.
 */
import type { Page } from "@playwright/test";
import { expect, newContext, signUp, test } from "./support.ts";

/** The page's own scripts it has asked for so far: address, when asked, when arrived (0: not yet). */
const scriptsAsked = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
  );

/** A slow link for this page (bytes a second down), and a processor `cpuSlowdown` times slower. */
async function slowPhone(page: Page, downloadThroughput: number, cpuSlowdown = 1) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput,
    uploadThroughput: 100_000,
  });
  if (cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return cdp;
}

/** Marks `hydrated` in the page's own timeline when React marks the document hydrated (root.tsx). */
const markHydration = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== "true") return;
      performance.mark("hydrated");
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });

test("a chapter page asks for every one of its modules before any of them has arrived", async ({ page }) => {
  // A slow link makes any wave visible: each module takes ≥ 150 ms to arrive.
  const cdp = await slowPhone(page, 400_000);
  await page.goto("/salida-a-tzintzuntzan");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const modules = await scriptsAsked(page);
  // The framework, the entry, the root and the chapter route at least.
  expect(modules.length).toBeGreaterThanOrEqual(4);
  const firstArrival = Math.min(...modules.map((module) => module.end));
  const late = modules.filter((module) => module.start >= firstArrival).map((module) => module.name);
  expect(late, "modules asked for only after another arrived").toEqual([]);
  await cdp.detach();
});

test("a chapter's modules load while its text arrives and paints; they run after its first paint", async ({ page }) => {
  // A slow phone: the page's text takes a while to arrive, and its first paint comes after.
  const cdp = await slowPhone(page, 100_000, 4);
  await markHydration(page);
  await page.goto("/salida-a-tzintzuntzan");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
  );
  const hydrated = await page.evaluate(() => performance.getEntriesByName("hydrated")[0]!.startTime);
  const modules = await scriptsAsked(page);
  expect(modules.length).toBeGreaterThanOrEqual(4);
  // Asked for as the head was read, not in a round trip after the paint (decision 087)...
  const askedAfterPaint = modules.filter((module) => module.start >= firstPaint).map((module) => module.name);
  expect(askedAfterPaint, `first paint at ${firstPaint} ms`).toEqual([]);
  // ...and run after it (decision 021): the module script waits in its inert form.
  expect(hydrated).toBeGreaterThan(firstPaint);
  const html = await (await page.request.get("/salida-a-tzintzuntzan")).text();
  expect(html).toContain('type="text/module-after-paint"');
  await cdp.detach();
});

test("a chapter opened from its code needs at most 9 scripts, not 17 on a phone's six connections", async ({
  page,
}) => {
  // HTTP/1.1 (a phone talking to the site without TLS, or a proxy's first hop): six requests at a
  // time, a round trip each. The default split made 17 files of a chapter, down to 100 bytes
  // each; what every page and the landing pages share travels in one (decision 084).
  await page.goto("/qr/capitulo-1");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const scripts = (await scriptsAsked(page)).map((script) => new URL(script.name).pathname);
  expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(9);
});

test("a reader who may comment gets the comment box's module with the page's scripts; a visitor does not", async ({
  page,
}) => {
  const preload = /<link rel="modulepreload" href="\/assets\/comment-form-[\w-]+\.js">/;
  expect(await (await page.request.get("/salida-a-tzintzuntzan")).text()).not.toMatch(preload);
  await signUp(page);
  expect(await (await page.request.get("/salida-a-tzintzuntzan")).text()).toMatch(preload);
  // Asked for before the page is interactive, not in a round trip after it.
  await markHydration(page);
  await page.goto("/salida-a-tzintzuntzan");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const asked = await page.evaluate(() => {
    const hydrated = performance.getEntriesByName("hydrated")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const module = performance
      .getEntriesByType("resource")
      .find((entry) => /comment-form-[\w-]+\.js$/.test(entry.name));
    return module ? module.startTime <= hydrated : false;
  });
  expect(asked).toBe(true);
});

/** A picture's own address once it has loaded (not the empty stand-in a later image shows first), or "". */
const loadedSource = (image: ReturnType<Page["locator"]>) =>
  image.evaluate((element: HTMLImageElement) =>
    element.complete && !element.currentSrc.startsWith("data:") ? element.currentSrc : "",
  );

test("a chapter's pictures below the first screen are asked for once the page works, not while its scripts arrive", async ({
  page,
}) => {
  const cdp = await slowPhone(page, 100_000, 4);
  await markHydration(page);
  // The shape of the chapter's first picture's box while it shows its empty stand-in, before
  // the page works (width over height, each frame).
  await page.addInitScript(() => {
    const shapes: number[] = [];
    (window as unknown as { standInShapes: number[] }).standInShapes = shapes;
    const note = () => {
      const image = document.querySelector<HTMLImageElement>(".thumbnail-button img");
      const box = image?.getBoundingClientRect();
      if (image && box && box.height > 0 && image.naturalWidth > 0 && image.currentSrc.startsWith("data:"))
        shapes.push(box.width / box.height);
      if (!document.documentElement.dataset.hydrated) requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  });
  await page.goto("/salida-a-tzintzuntzan");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  // They come all the same: the chapter's first picture, shown where the reader scrolls...
  const picture = page.locator(".thumbnail-button img").first();
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => loadedSource(picture), { timeout: 15_000 }).toMatch(/salida-a-tzintzuntzan-1\.svg/);
  // ...in a box of the shape its stand-in kept for it: nothing below it moved when it came.
  const standInShapes = await page.evaluate(() => (window as unknown as { standInShapes: number[] }).standInShapes);
  expect(standInShapes.length, "the stand-in was never shown").toBeGreaterThan(0);
  const box = (await picture.boundingBox())!;
  for (const shape of standInShapes) expect(shape).toBeCloseTo(box.width / box.height, 1);
  const { hydrated, later } = await page.evaluate(() => ({
    hydrated: performance.getEntriesByName("hydrated")[0]!.startTime,
    later: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/images\/(chapters\/salida-a-tzintzuntzan-\d|publishers\/)/.test(entry.name))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(later.length).toBeGreaterThan(0);
  const beforeWorking = later.filter((entry) => entry.start < hydrated).map((entry) => entry.name);
  expect(beforeWorking, `hydrated at ${hydrated} ms`).toEqual([]);
  await cdp.detach();
});

test("without JavaScript, a chapter's pictures below the first screen load as any lazy picture", async ({
  browser,
}) => {
  const plain = await newContext(browser, { javaScriptEnabled: false });
  const page = await plain.newPage();
  const arrived = page.waitForResponse((response) => /salida-a-tzintzuntzan-1\.svg/.test(response.url()));
  await page.goto("/salida-a-tzintzuntzan");
  await page.locator(".thumbnail-button img").first().scrollIntoViewIfNeeded();
  expect((await arrived).status()).toBe(200);
  await plain.close();
});

test("the home page's map tiles, below the first screen, are asked for once the page works; without JavaScript at once", async ({
  page,
  browser,
}) => {
  const cdp = await slowPhone(page, 100_000, 4);
  await markHydration(page);
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const tile = page.locator(".map-tile img").first();
  await tile.scrollIntoViewIfNeeded();
  await expect.poll(() => loadedSource(tile), { timeout: 15_000 }).toMatch(/\/images\/home\/tile-/);
  const { hydrated, tiles } = await page.evaluate(() => ({
    hydrated: performance.getEntriesByName("hydrated")[0]!.startTime,
    tiles: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/images\/home\/tile-/.test(entry.name))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(tiles.length).toBeGreaterThan(0);
  expect(
    tiles.filter((entry) => entry.start < hydrated).map((entry) => entry.name),
    `hydrated at ${hydrated} ms`,
  ).toEqual([]);
  await cdp.detach();

  const plain = await newContext(browser, { javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  const arrived = plainPage.waitForResponse((response) => /\/images\/home\/tile-/.test(response.url()));
  await plainPage.goto("/");
  await plainPage.locator(".map-tile img").first().scrollIntoViewIfNeeded();
  expect((await arrived).status()).toBe(200);
  await plain.close();
});

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { caddyAvailable, proxyRequest, startProxyTopology, type ProxyTopology } from "../support/proxy-topology.ts";
import { expect, PASSWORD, test, uniqueEmail, uniqueWord, workerPort } from "./support.ts";

// Issue 24 ("the night of the dead"), docs/decisions/034: a rolling deploy of a new build through
// Caddy, one instance after the other, while readers have a chapter open, comments are being
// posted and fresh visitors load pages. Nothing may fail: no page or script load (a page
// rendered by the old build still loads its scripts from an instance on the new one, and the
// reverse), no comment lost or doubled on any open page.
const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs TEST_DATABASE_URL (a PostgreSQL server shared by the two instances)");
test.skip(!caddyAvailable(), "needs the `caddy` binary (apt-get install caddy; .ci/run installs it)");

const root = resolve(import.meta.dirname, "../..");
// Offsets 14–18 of this worker's block (tests/e2e/support.ts), as proxy.spec.ts: one spec at a
// time runs on a worker, and each stops its topology in afterAll.
const basePort = workerPort(14);
const CHAPTER_1 = "/salida-a-tzintzuntzan";
const READERS = 4;
let topology: ProxyTopology;
let work: string;
let newBuild: string;

/**
 * The "next release": a copy of build/ whose hashed scripts and styles all have other names (every
 * reference in the client and the server build renamed with them), as a rebuild after a change
 * gives. Their precompressed twins are left out (they are optional).
 */
function rehashedBuild(from: string, to: string) {
  cpSync(from, to, { recursive: true, filter: (path) => !/\.(br|gz)$/.test(path) });
  const assets = join(to, "client/assets");
  const renames = readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => [name, name.replace(/\.(js|css)$/, "-v2.$1")] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const rewrite = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) rewrite(path);
      else if (/\.(js|css|html|json)$/.test(name)) {
        let text = readFileSync(path, "utf8");
        for (const [before, after] of renames) text = text.replaceAll(before, after);
        writeFileSync(path, text);
      }
    }
  };
  rewrite(to);
  for (const [before, after] of renames) cpSync(join(assets, before), join(assets, after));
  for (const [before] of renames) rmSync(join(assets, before));
  return renames.length;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Inside the repository (build-* is ignored), for the server build to find node_modules.
  work = mkdtempSync(join(root, "build-next-"));
  newBuild = join(work, "build");
  expect(rehashedBuild(resolve(root, "build"), newBuild)).toBeGreaterThan(10);
  topology = await startProxyTopology({
    serverUrl: serverUrl!,
    basePort,
    // Many comments a minute from one reader: the test is about the deploy, not the limits.
    rateLimitMultiplier: 100,
    // Caddy checks /readyz every 500 ms here: a 1.5 s notice is three checks.
    drainNoticeMs: Number(process.env.DEPLOY_TEST_NOTICE_MS ?? 1500),
  });
});

test.afterAll(async () => {
  await topology?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const proxyContext = (browser: Browser, extra: Parameters<Browser["newContext"]>[0] = {}) =>
  browser.newContext({ baseURL: topology.siteUrl, ignoreHTTPSErrors: true, locale: "es-ES", ...extra });

async function signUp(context: BrowserContext) {
  const response = await context.request.post("/api/auth/sign-up/email", {
    data: {
      email: uniqueEmail("deploy"),
      password: PASSWORD,
      name: "lector",
      birthYear: new Date().getFullYear() - 30,
    },
    headers: { Origin: topology.siteUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The /assets files a page's HTML names (its scripts and styles). */
const assetsOf = (html: string) => [...new Set(html.match(/\/assets\/[A-Za-z0-9._-]+\.(?:js|css)/g) ?? [])];

/**
 * Records, in the page, every event of its live stream(s): `change` data and `hello` words, so
 * the test counts what the server sent and not only what the page shows.
 */
const RECORD_LIVE_EVENTS = () => {
  const record: { type: string; data: string }[] = [];
  (window as unknown as { __live: typeof record }).__live = record;
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      for (const type of ["change", "hello"])
        this.addEventListener(type, (event) => record.push({ type, data: (event as MessageEvent<string>).data }));
    }
  };
};

type LiveRecord = { type: string; data: string };

test("a rolling deploy of a new build under load: no failed load, no comment lost or doubled", async ({ browser }) => {
  test.setTimeout(180_000);

  // Readers with the chapter open, live.
  const readers: Page[] = [];
  for (let index = 0; index < READERS; index++) {
    const context = await proxyContext(browser);
    await context.addInitScript(RECORD_LIVE_EVENTS);
    await signUp(context);
    const page = await context.newPage();
    await page.goto(CHAPTER_1);
    await expect(page.locator("html")).toHaveAttribute("data-live", "connected", { timeout: 15_000 });
    readers.push(page);
  }

  // A page as the old build rendered it, and what it loads.
  const oldPage = await proxyRequest(topology.siteUrl, CHAPTER_1, { headers: { "X-Test-Instance": "a" } });
  const oldAssets = assetsOf(oldPage.body);
  expect(oldAssets.length).toBeGreaterThan(2);

  const failures: string[] = [];
  let stopLoad = false;
  const posted: string[] = [];
  let pageLoads = 0;
  let assetChecks = 0;

  // One reader posts comments all along.
  const posterContext = await proxyContext(browser);
  await signUp(posterContext);
  const posting = (async () => {
    while (!stopLoad) {
      const text = `Despliegue ${uniqueWord()}`;
      const response = await posterContext.request
        .post(CHAPTER_1, { form: { intent: "comment", text }, headers: { Origin: topology.siteUrl }, maxRedirects: 0 })
        .catch((error: Error) => error);
      if (response instanceof Error || response.status() >= 400) {
        failures.push(`comment: ${response instanceof Error ? response.message : response.status()}`);
      } else posted.push(text);
      await new Promise((done) => setTimeout(done, 250));
    }
  })();

  // Fresh visitors load pages (and their scripts) all along.
  const visiting = (async () => {
    while (!stopLoad) {
      const context = await proxyContext(browser);
      const page = await context.newPage();
      page.on("response", (response) => {
        if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
      });
      // What the test's own closing of the page cuts (a picture the page asked for as it hydrated,
      // its live stream, a beacon) is not a failure of the site.
      let closing = false;
      page.on("requestfailed", (request) => {
        // A live stream dropped by a draining instance reconnects; a beacon may go unanswered.
        if (!closing && !/\/api\/(live|page-view)/.test(request.url()))
          failures.push(`failed ${request.url()} ${request.failure()?.errorText}`);
      });
      const path = pageLoads % 2 ? "/" : CHAPTER_1;
      try {
        await page.goto(path);
        // Hydrated: its scripts loaded and ran.
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        pageLoads++;
      } catch (error) {
        failures.push(`page ${path}: ${(error as Error).message.split("\n")[0]}`);
      }
      closing = true;
      await context.close();
    }
  })();

  // The old build's scripts, as a page it rendered asks for them, through the proxy all along.
  const fetchingOldAssets = (async () => {
    while (!stopLoad) {
      for (const asset of oldAssets) {
        const response = await proxyRequest(topology.siteUrl, asset).catch((error: Error) => error);
        if (response instanceof Error || response.status !== 200)
          failures.push(`old asset ${asset}: ${response instanceof Error ? response.message : response.status}`);
        assetChecks++;
      }
      await new Promise((done) => setTimeout(done, 200));
    }
  })();

  // While instance a drains: /readyz says 503 and /healthz (liveness) still 200.
  const probes: string[] = [];
  let probing = true;
  const probingA = (async () => {
    while (probing) {
      const pin = { headers: { "X-Test-Instance": "a" } };
      const [ready, live] = await Promise.all([
        proxyRequest(topology.siteUrl, "/readyz", pin).then(
          (response) => response.status,
          () => 0,
        ),
        proxyRequest(topology.siteUrl, "/healthz", pin).then(
          (response) => response.status,
          () => 0,
        ),
      ]);
      probes.push(`${ready}/${live}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  })();

  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  await pause(2000);
  const first = await topology.restart(0, { buildDir: newBuild });
  probing = false;
  await probingA;
  await pause(2000);
  const second = await topology.restart(1, { buildDir: newBuild });
  await pause(3000);
  stopLoad = true;
  await Promise.all([posting, visiting, fetchingOldAssets]);

  // A failed load names what Caddy saw meanwhile: an upstream found unhealthy, a proxy error.
  const proxySaw = failures.length
    ? `\nCaddy:\n${topology
        .proxyLog()
        .split("\n")
        .filter((line) => /health_checker|reverse_proxy|no upstreams|"level":"error"/i.test(line))
        .slice(-20)
        .join("\n")}`
    : "";
  expect(
    failures,
    `${failures.length} failures of ${pageLoads} page loads, ${assetChecks} old-asset fetches${proxySaw}`,
  ).toEqual([]);
  // Both instances now run the new build: its pages name other scripts, which load too.
  const newPage = await proxyRequest(topology.siteUrl, CHAPTER_1);
  const newAssets = assetsOf(newPage.body);
  expect(newAssets.some((asset) => !oldAssets.includes(asset))).toBe(true);
  for (const asset of [...newAssets, ...oldAssets]) {
    expect((await proxyRequest(topology.siteUrl, asset)).status, asset).toBe(200);
  }

  expect(probes).toContain("503/200");
  expect(posted.length).toBeGreaterThan(10);
  expect(pageLoads).toBeGreaterThan(3);

  // Every reader shows every comment exactly once, and was sent each exactly once.
  for (const [index, reader] of readers.entries()) {
    await expect
      .poll(
        async () => {
          const shown = await reader.locator(".comment-text").allTextContents();
          return posted.filter((text) => shown.filter((one) => one.trim() === text).length !== 1);
        },
        { timeout: 15_000, message: `reader ${index}: comments not shown exactly once` },
      )
      .toEqual([]);
    const events = await reader.evaluate(() => (window as unknown as { __live: LiveRecord[] }).__live);
    const hellos = events.filter((event) => event.type === "hello").map((event) => event.data);
    // It reconnected at least once (each instance was stopped), resuming every time.
    expect(hellos[0]).toBe("fresh");
    expect(hellos.length, `reader ${index} reconnects`).toBeGreaterThan(1);
    expect(
      hellos.slice(1).every((word) => word === "resumed"),
      hellos.join(","),
    ).toBe(true);
    const received = events
      .filter((event) => event.type === "change")
      .map((event) => JSON.parse(event.data) as { data?: { op?: string; comment?: { text?: string } } })
      .filter((event) => event.data?.op === "upsert")
      .map((event) => event.data!.comment!.text!);
    for (const text of posted)
      expect(received.filter((one) => one === text).length, `reader ${index}: ${text}`).toBe(1);
  }
  test.info().annotations.push({
    type: "figures",
    description: JSON.stringify({
      comments: posted.length,
      pageLoads,
      oldAssetFetches: assetChecks,
      readers: READERS,
      drainedInMs: [first.stoppedAfterMs, second.stoppedAfterMs],
    }),
  });
  console.log(
    `rolling deploy: ${posted.length} comments, ${pageLoads} page loads, ${assetChecks} old-asset fetches, ` +
      `stops took ${first.stoppedAfterMs} and ${second.stoppedAfterMs} ms, 0 failures`,
  );
});

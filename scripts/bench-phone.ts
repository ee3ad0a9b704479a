/**
 * `npm run bench:phone`: a slow phone opening a chapter right after scanning its QR code
 * (issue 38), for one build or several side by side in one run.
 *
 *   node scripts/bench-phone.ts                      this checkout's build
 *   node scripts/bench-phone.ts .bench/old build     builds to compare (each served by this
 *                                                    checkout's server), or a whole checkout
 *
 * Chromium with its CPU slowed 4× and a 400 kbit/s link with 400 ms round trips, a cold cache:
 * `/qr/capitulo-1` (the redirect a scan makes) to the chapter. Per build and scenario (a visitor,
 * a signed-in reader, a repeat visit of the visitor), the median of the rounds of: first text
 * (first contentful paint), interactive (the page has hydrated: its buttons and fields
 * answer), bytes on the wire, requests, the floor that the bytes which had arrived by then and
 * the page's round trips allow on this link (every 50 KB costs 1 s, each round trip 0.4 s;
 * FLOOR_ROUND_TRIPS), and, signed in, the slowest of 14 keystrokes in the comment box typed as soon as
 * the page is interactive (Event Timing: from the key to the next paint). The visitor then presses
 * 'Léemelo' (issue 42): the time from the press to the narration's first sound (its clock moving
 * while it plays), its bytes not counted in the page's.
 *
 * BENCH_TLS=1 puts each build behind Caddy ending TLS with its own authority (`tls internal`),
 * as deployed (Caddyfile): the phone then speaks HTTP/2 (every request on one connection) and is
 * sent Brotli. Without it the phone talks to Node directly over HTTP/1.1 (at most 6 requests at a
 * time, gzip), as the figures of issue 38 were first measured. The floor is the same either way
 * (FLOOR_ROUND_TRIPS). No repeat visit there: Chromium caches nothing from a certificate it ignores.
 *
 * BENCH_ROUNDS (3), BENCH_PORT (7600; with BENCH_TLS Caddy listens 50 above), CHROMIUM_PATH
 * (Debian's headless shell, else chromium).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { median, signUpBenchReader, sleep, startBuildServer } from "./bench-support.ts";

const builds = process.argv.slice(2).length ? process.argv.slice(2) : ["build"];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 7600);
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The slow phone of issue 38. */
const PHONE = { cpuSlowdown: 4, kbitPerSecond: 400, roundTripMs: 400 };
const BYTES_PER_SECOND = (PHONE.kbitPerSecond * 1000) / 8;
/**
 * The round trips the emulated link charges that no page can avoid. Chromium's emulation delays
 * each request by the latency and nothing else: connecting, and TLS's handshake, cost no time
 * under it (measured: a 40-byte page loads in 0.44 s, after a redirect in 0.86 s, and a page
 * with one module script in 0.88 s; the navigation's connect and TLS times are 0 behind Caddy
 * too). So a first visit pays the scan's redirect and the page; the scripts are asked for as the
 * page's head arrives (decision 087), and their latency passes while the page's own bytes arrive.
 * A repeat visit has its scripts cached (hashed, immutable) and no scan: the page. A real link
 * would add the connection's handshakes (one round trip, two with TLS 1.3) to the page and to
 * its floor alike. Until the ninth session the floor also counted the connection, and behind TLS
 * its handshake, which the emulation never charged (a build then measured below its floor).
 */
const FLOOR_ROUND_TRIPS = { visitor: 2, "signed in": 2, "repeat visit": 1 } as const;
const TLS = process.env.BENCH_TLS === "1";
// The benchmark's own requests (signing its reader up) go to Caddy's private authority.
if (TLS) process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
const KEYSTROKES = "Qué miedo, Taquito";

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));

type Server = { label: string; origin: string; cookie: string; stop: () => Promise<void> };

/** Caddy ending TLS on https://localhost:`port` in front of the instance on `upstreamPort`. */
function startCaddy(port: number, upstreamPort: number, workDir: string): ChildProcess {
  const caddyfile = join(workDir, "Caddyfile");
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n\tstorage file_system ${join(workDir, "caddy")}\n}\n` +
      `https://localhost:${port} {\n\ttls internal\n\treverse_proxy 127.0.0.1:${upstreamPort}\n}\n`,
  );
  const child = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { stdio: "ignore" });
  children.add(child);
  return child;
}

async function startServer(spec: string, port: number, index: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-phone-"));
  const origin = TLS ? `https://localhost:${port + 50}` : `http://localhost:${port}`;
  const child = await startBuildServer(spec, {
    port,
    dataDir,
    env: TLS ? { SITE_URL: origin, TRUST_PROXY: "1" } : {},
  });
  children.add(child);
  const proxy = TLS ? startCaddy(port + 50, port, dataDir) : undefined;
  if (proxy)
    for (
      let attempt = 0;
      !(await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      attempt++
    ) {
      if (attempt > 300) throw new Error(`Caddy in front of ${spec} did not answer`);
      await sleep(100);
    }
  const cookie = await signUpBenchReader(origin, `telefono.${index}@example.com`);
  return {
    label: spec,
    origin,
    cookie,
    async stop() {
      proxy?.kill("SIGTERM");
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Visit = {
  firstText: number;
  interactive: number;
  bytes: number;
  /** Of those, what had arrived when the page became interactive (the floor's bytes). */
  bytesBeforeInteractive: number;
  requests: number;
  slowestKey?: number;
  /** From pressing 'Léemelo' to the narration's first sound (the visitor's chapter 1). */
  firstSound?: number;
};

/**
 * Records, in the page itself, when React marked the document hydrated (root.tsx); and, for
 * 'Léemelo', when a press came and when its audio first sounded (its clock moved while playing).
 */
const RECORD_HYDRATION = () => {
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated !== "true") return;
    performance.mark("bench:hydrated");
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  document.addEventListener("click", () => performance.mark("bench:pressed"), { capture: true, once: true });
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    const sounded = () => {
      if (this.currentTime <= 0 || this.paused) return;
      if (!performance.getEntriesByName("bench:first-sound").length) performance.mark("bench:first-sound");
      this.removeEventListener("timeupdate", sounded);
    };
    this.addEventListener("timeupdate", sounded);
    return play.call(this);
  };
};

/** The slow phone's link (and CPU) on `page`. */
async function slowLink(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE.roundTripMs,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  return cdp;
}

/**
 * What the emulated link charges, checked before the floor relies on it (FLOOR_ROUND_TRIPS): a
 * tiny page alone, and after a redirect, from a server of its own (fastest of three each).
 */
async function linkCharges(browser: Browser, port: number) {
  const server = createServer((request, response) => {
    if (request.url === "/redirect") response.writeHead(302, { Location: "/page" }).end();
    else response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>t</title><p>t</p>");
  });
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  const load = async (path: string) => {
    let fastest = Infinity;
    for (let round = 0; round < 3; round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await slowLink(page);
      const started = performance.now();
      await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: "load" });
      fastest = Math.min(fastest, performance.now() - started);
      await context.close();
    }
    return fastest;
  };
  try {
    return { page: await load("/page"), redirected: await load("/redirect") };
  } finally {
    server.close();
  }
}

async function visit(page: Page, url: string, typeComment: boolean, pressReadAloud = false): Promise<Visit> {
  const cdp = await slowLink(page);
  let bytes = 0;
  let requests = 0;
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests++;
  });
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName("bench:hydrated").length > 0, null, {
    timeout: 120_000,
    polling: 100,
  });
  const timings = await page.evaluate(() => {
    const interactive = performance.getEntriesByName("bench:hydrated")[0]!.startTime;
    // What had arrived when the page became interactive (the page, its scripts and pictures),
    // headers included: what the floor is made of. Later requests (the page view, the route
    // manifest, the live feed) are the page at work, not its load.
    const arrived = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.responseEnd <= interactive)
      .reduce((sum, entry) => sum + entry.transferSize, 0);
    return {
      firstText: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      interactive,
      bytesBeforeInteractive: arrived,
    };
  });
  let slowestKey: number | undefined;
  if (typeComment) {
    await page.evaluate(() => {
      (window as unknown as { keyTimes: number[] }).keyTimes = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === "keydown") (window as unknown as { keyTimes: number[] }).keyTimes.push(entry.duration);
      }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    await page.locator("#comment-text").pressSequentially(KEYSTROKES);
    await sleep(500);
    const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
    // Keys answered under 16 ms are not reported by Event Timing: they are the fast ones.
    slowestKey = Math.max(16, ...keyTimes);
    const typed = await page.locator("#comment-text").inputValue();
    if (typed !== KEYSTROKES) throw new Error(`typed "${KEYSTROKES}", the box holds "${typed}"`);
  }
  let firstSound: number | undefined;
  if (pressReadAloud) {
    // Counted apart: what the press costs is not the page's first load.
    const [pageBytes, pageRequests] = [bytes, requests];
    await page.getByRole("button", { name: "Léemelo" }).click();
    await page.waitForFunction(() => performance.getEntriesByName("bench:first-sound").length > 0, null, {
      timeout: 60_000,
      polling: 50,
    });
    firstSound = await page.evaluate(
      () =>
        performance.getEntriesByName("bench:first-sound")[0]!.startTime -
        performance.getEntriesByName("bench:pressed")[0]!.startTime,
    );
    [bytes, requests] = [pageBytes, pageRequests];
  }
  await cdp.detach();
  return { ...timings, bytes, requests, slowestKey, firstSound };
}

async function scenario(browser: Browser, server: Server, name: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 839 },
    isMobile: true,
    hasTouch: true,
    // Caddy's own authority, which this browser does not know.
    ignoreHTTPSErrors: TLS,
  });
  try {
    await context.addInitScript(RECORD_HYDRATION);
    if (name === "signed in") {
      const [pair] = server.cookie.split("; ");
      const [cookieName, value] = pair!.split("=");
      await context.addCookies([{ name: cookieName!, value: value!, url: server.origin }]);
    }
    const page = await context.newPage();
    if (name === "repeat visit") {
      // The first visit fills the cache; the second is measured (a new page, same context).
      await page.goto(`${server.origin}/qr/capitulo-1`, { waitUntil: "load" });
      await page.waitForFunction(() => performance.getEntriesByName("bench:hydrated").length > 0);
      await page.close();
      return await visit(await context.newPage(), `${server.origin}/salida-a-tzintzuntzan`, false);
    }
    return await visit(page, `${server.origin}/qr/capitulo-1`, name === "signed in", name === "visitor");
  } finally {
    await context.close();
  }
}

const ALL_SCENARIOS = ["visitor", "signed in", "repeat visit"] as const;
// Chromium keeps nothing in its cache from a server whose certificate it was told to ignore, so
// behind Caddy's private authority a repeat visit would be a cold one: not measured there.
const SCENARIOS = TLS ? ALL_SCENARIOS.filter((name) => name !== "repeat visit") : ALL_SCENARIOS;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const servers: Server[] = [];
for (const [index, spec] of builds.entries()) servers.push(await startServer(spec, PORT_BASE + index, index));
const browser = await chromium.launch({
  executablePath: BROWSER,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
});
try {
  const results = new Map<string, Visit[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // Builds in turn within each round, so a busy moment of the machine weighs on each alike.
    for (const name of SCENARIOS)
      for (const server of servers) {
        const key = `${server.label}|${name}`;
        results.set(key, [...(results.get(key) ?? []), await scenario(browser, server, name)]);
      }
  }
  const charges = await linkCharges(browser, PORT_BASE + 40);
  const modelHolds =
    Math.abs(charges.page - PHONE.roundTripMs) < PHONE.roundTripMs / 3 &&
    Math.abs(charges.redirected - 2 * PHONE.roundTripMs) < PHONE.roundTripMs / 3;
  console.log(
    `\nthe emulated link: a 40-byte page loads in ${Math.round(charges.page)} ms, after a redirect in ${Math.round(charges.redirected)} ms ` +
      (modelHolds
        ? "(one round trip per request, none to connect: the floor's model holds)"
        : "✖ not one round trip per request: the floor (FLOOR_ROUND_TRIPS) does not hold for this Chromium"),
  );
  console.log(
    `\nslow phone: CPU ${PHONE.cpuSlowdown}× slower, ${PHONE.kbitPerSecond} kbit/s, ${PHONE.roundTripMs} ms round trips, cold; median of ${ROUNDS}; ` +
      (TLS ? "HTTPS through Caddy (HTTP/2, Brotli)" : "plain HTTP/1.1 to Node (gzip)"),
  );
  for (const name of SCENARIOS) {
    console.log(`\n${name} (${name === "repeat visit" ? "/salida-a-tzintzuntzan again" : "after /qr/capitulo-1"})`);
    const firstInteractive = median(results.get(`${servers[0]!.label}|${name}`)!.map((v) => v.interactive));
    for (const server of servers) {
      const visits = results.get(`${server.label}|${name}`)!;
      const bytes = median(visits.map((v) => v.bytes));
      const interactive = median(visits.map((v) => v.interactive));
      const bytesBefore = median(visits.map((v) => v.bytesBeforeInteractive));
      const floor = (bytesBefore / BYTES_PER_SECOND) * 1000 + FLOOR_ROUND_TRIPS[name] * PHONE.roundTripMs;
      const keys = visits.some((v) => v.slowestKey !== undefined)
        ? `, slowest key ${Math.round(median(visits.map((v) => v.slowestKey!)))} ms`
        : "";
      const sound = visits.some((v) => v.firstSound !== undefined)
        ? `; 'Léemelo' first sound ${seconds(median(visits.map((v) => v.firstSound!)))} after the press`
        : "";
      const ratio = server === servers[0] ? "" : ` (${(interactive / firstInteractive).toFixed(2)}× the first)`;
      console.log(
        `  ${server.label.padEnd(16)} first text ${seconds(median(visits.map((v) => v.firstText)))}, interactive ${seconds(interactive)}${ratio}; ` +
          `${(bytes / 1024).toFixed(1)} KB in ${median(visits.map((v) => v.requests))} requests; ` +
          `floor ${seconds(floor)} from the ${(bytesBefore / 1024).toFixed(1)} KB before interactive (${seconds(interactive - floor)} above)${keys}${sound}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
process.exit(0);

/**
 * `npm run budget`: what a reader's phone downloads on a first visit. Starts the production
 * build on a throwaway database, loads each page's server HTML, collects every script and
 * stylesheet it makes the browser fetch (module preloads, the entry script, stylesheets,
 * the route manifest), and sums their gzip sizes. Fails above the budget.
 *
 * JavaScript is two parts (decision 028): the framework chunk (Preact under React's names and
 * React Router 8 since decision 083, ~47.2 KB, where React 19 and React DOM made it ~104.6 KB:
 * the floor every page pays) and the app's own code on top of it, which
 * may be at most 15 KB on any page a visitor can land on first. The floor has a ceiling of its
 * own, so that an upgrade that grows it is noticed and decided, not absorbed.
 *
 * Runs beside other work (issue 38): BUDGET_PORT chooses the server's port (a random one from
 * 3290 to 3339 by default), a port another process holds fails at once and says so, and the
 * wait for the server is generous (BUDGET_WAIT_SECONDS, 180 by default) for a slow start.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { ensurePortFree, portFromEnv, waitForHealthz } from "./server-ready.ts";

// CSS: inside every page since decision 021 (purged Bootstrap), and only the page's route's part
// of it since decision 080: 7.9–9.7 KB where the whole was 13.8 KB.
// Files: a phone on HTTP/1.1 asks for six at a time, a round trip each (decision 084).
const BUDGET = { framework: 50 * 1024, app: 15 * 1024, css: 11 * 1024, scriptFiles: 10 };
/** The build's framework chunk (vite.config.ts's codeSplitting group). */
const FRAMEWORK_CHUNK = /^\/assets\/framework-[\w-]+\.js$/;
/** Every page a visitor can land on first: from a QR code, a search, a shared link, the footer. */
const PAGES = [
  "/",
  "/personajes",
  "/capitulos",
  "/el-libro",
  "/eventos",
  "/contact",
  "/login",
  "/login?modo=registro",
  "/recuperar-contrasena",
  "/privacidad",
  "/pasaporte",
  // A family's device (issue 22) and a scanned login card (a worn-out one here: 404).
  "/quien-lee",
  "/entrar/AAAAAAAAAAAAAAAAAAAAAAAA",
  // A school computer without a camera: the class code (decision 067).
  "/clase",
  "/salida-a-tzintzuntzan",
  "/29c252741a79",
  "/pagina-que-no-existe",
];
const root = resolve(import.meta.dirname, "..");
const buildDir = join(root, process.env.BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
/** Loopback only: the port checked free is the one the server takes, and the one asked. */
const host = "127.0.0.1";
let port: number;
let waitSeconds: number;
try {
  port = portFromEnv(process.env, "BUDGET_PORT", 3290 + Math.floor(Math.random() * 50));
  waitSeconds = Number(process.env.BUDGET_WAIT_SECONDS || 180);
  if (!(waitSeconds > 0))
    throw new Error(`BUDGET_WAIT_SECONDS=${process.env.BUDGET_WAIT_SECONDS} is not a number of seconds`);
  await ensurePortFree(port, host, "BUDGET_PORT");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const origin = `http://${host}:${port}`;

if (!existsSync(join(buildDir, "server/index.js"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const server = spawn(process.execPath, [join(root, "server/main.ts")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: mkdtempSync(join(tmpdir(), "budget-")),
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

const gzipSize = (path: string) => gzipSync(readFileSync(join(clientDir, path)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
try {
  // A fresh data directory: created, migrated and seeded by a process of its own first (decision
  // 039), which on a busy shared machine took up to ~25 s.
  await waitForHealthz(origin, server, { deadlineMs: waitSeconds * 1000 });
  for (const page of PAGES) {
    const response = await fetch(`${origin}${page}`);
    const html = await response.text();
    const scripts = new Set<string>();
    const styles = new Set<string>();
    // Module preloads (loading while the page paints, decision 087).
    for (const match of html.matchAll(/<link([^>]+)href="([^"]+)"/g))
      if (match[1]!.includes('rel="modulepreload"')) scripts.add(match[2]!);
    for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) styles.add(match[1]!);
    for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
      scripts.add(match[1]!);
    const own = [...scripts].filter((src) => src.startsWith("/assets/"));
    const framework = own.filter((src) => FRAMEWORK_CHUNK.test(src)).reduce((sum, src) => sum + gzipSize(src), 0);
    const app = own.filter((src) => !FRAMEWORK_CHUNK.test(src)).reduce((sum, src) => sum + gzipSize(src), 0);
    // The stylesheet travels inside the page (decision 021): its <style> counts as CSS too.
    const inlineCss = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]!).join("");
    const css =
      [...styles].filter((href) => href.startsWith("/assets/")).reduce((sum, href) => sum + gzipSize(href), 0) +
      (inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0);
    // BUDGET_FILES=1 lists what each page loads, biggest first: where to look when over.
    if (process.env.BUDGET_FILES)
      for (const [src, size] of [...scripts].map((src) => [src, gzipSize(src)] as const).sort((a, b) => b[1] - a[1]))
        console.log(`    ${kb(size).padStart(9)}  ${src}`);
    const over =
      framework > BUDGET.framework ||
      app > BUDGET.app ||
      css > BUDGET.css ||
      own.length > BUDGET.scriptFiles ||
      framework === 0;
    failed ||= over;
    console.log(
      `${over ? "✖" : "✔"} ${page.padEnd(26)} status ${response.status}  JS ${kb(framework + app).padStart(9)} = framework ${kb(framework).padStart(9)} + app ${kb(app).padStart(8)} (${scripts.size} files)  CSS ${kb(css).padStart(8)} (${styles.size} files${inlineCss ? ", inline" : ""})`,
    );
  }
  console.log(
    `budget, gzip per page on a first visit: framework ≤ ${kb(BUDGET.framework)}, app JS ≤ ${kb(BUDGET.app)} beyond it, CSS ≤ ${kb(BUDGET.css)}; at most ${BUDGET.scriptFiles} script files`,
  );
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  server.kill("SIGTERM");
}
if (failed) {
  console.error("Over budget or failed.");
  process.exit(1);
}

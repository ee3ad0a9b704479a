import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Node's on-disk compile cache for every process the run starts after this file is read: the
 * Playwright workers, the ~35 test sites and `server/main.ts` instances, the admin commands. Each
 * compiled the same modules (the server bundle above all) again; the V8 code cache is keyed by the
 * source, so a changed build compiles afresh. A site start took ~1.6 s of CPU, ~1.35 s with it
 * (docs/decisions/042).
 */
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), "mictlan-node-compile-cache");

/**
 * Every worker starts its own site (tests/e2e/support.ts: a worker-scoped fixture on ports from
 * E2E_PORT, default 4400, 20 per worker), so files and tests run in parallel without sharing
 * accounts, admins, characters, statistics or the contact mailbox. Two by default, one per core
 * of the machines this runs on: the run is CPU-bound, and a third worker only added its own site
 * and browser (the whole run took 299 s of CPU with three, 269 s with two: docs/decisions/042).
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Debian's "old headless shell" (package chromium-headless-shell), the build Playwright itself
 * runs headless tests in: the full browser spent 72% of the suite's CPU on 2 cores, and the shell
 * ran the same specs in 0.69× the time (docs/decisions/022). The full browser when it is missing.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Specs whose tests mostly wait run first: on a timer, a server of their own, a stream's
 * reconnection, a celebration that must close before a child's next tap. `npm test` runs the
 * unit tests, lint and typecheck beside this step for its first ~2 minutes (docs/decisions/048),
 * and those fill the waits; in file order these specs came last, when nothing else was left to
 * use the cores. With one worker, their tests kept 19–65% of a core busy; the others 80–140% (a
 * browser and a site beside the test). Not rolling-deploy or instances: their timing is what
 * they test, and the first minutes are the run's busiest (docs/decisions/050).
 */
const SPECS_THAT_WAIT = [
  "families",
  "live",
  "narration-editor",
  "operations",
  "platform",
  "reduced-motion",
  "stalled-requests",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright runs projects in this order (each test of a project in file order).
  projects: [
    { name: "waiting", testMatch: SPECS_THAT_WAIT },
    { name: "pages", testIgnore: SPECS_THAT_WAIT },
  ],
  // One seeded database for the run, copied by every test site.
  globalSetup: "./tests/support/e2e-global-setup.ts",
  // Parallel runs on one machine keep their traces apart (PW_OUTPUT_DIR=test-results-x).
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    locale: "es-ES",
    // The site's reduced-motion styles: no loading-screen bloom, page fade or looping reviews strip
    // to paint frame after frame while a test that is not about them runs. Chromium then spent
    // 0.88× the CPU on the same specs. The tests about motion ask for it (test.use).
    reducedMotion: "reduce",
    // Locally a failed test keeps its trace (actions, network, DOM snapshots) but not the
    // screencast, which cost ~16% of the end-to-end time on 2 cores. CI records none: its
    // clone is thrown away and only its text output is read, while recording every test's trace
    // cost another ~10% (docs/decisions/022). PW_TRACE=on|off overrides either.
    trace:
      (process.env.PW_TRACE ?? (process.env.CI ? "off" : "on")) === "off"
        ? "off"
        : { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: browserPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});

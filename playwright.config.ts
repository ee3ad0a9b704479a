import { defineConfig } from "@playwright/test";

/**
 * Every worker starts its own site (tests/e2e/support.ts: a worker-scoped fixture on ports from
 * E2E_PORT, default 4400, 20 per worker), so files and tests run in parallel without sharing
 * accounts, admins, characters, statistics or the contact mailbox.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  testDir: "tests/e2e",
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
    // A failed test keeps its trace (actions, network, DOM snapshots) but not the screencast:
    // recording screenshots for every test cost ~16% of the end-to-end time on 2 cores
    // (chapters + characters + comment-safety: 115 s → 93–99 s).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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

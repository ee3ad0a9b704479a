import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // The data directory's lock goes stale after 2 s instead of 5 s (app/lib/directory-lock.server.ts):
    // the tests that kill a holder and take its lock over wait for that, several times over.
    env: { DATA_DIR_LOCK_STALE_MS: "2000" },
    // Migrated (and seeded) database templates, built once per run and copied per test database.
    globalSetup: ["tests/support/global-setup.ts"],
    // Passwords and PINs hashed at test cost in the workers (docs/decisions/040).
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are ~100 MB each: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    // A worker's test files share its loaded modules instead of loading the app, Kysely, PGlite and
    // better-auth again for each of ~80 files: the run took 143 s of CPU instead of 231 s (issue 21).
    // Safe while no test replaces a module or a global for the files after it (no vi.mock,
    // vi.stubEnv, vi.stubGlobal, fake timers or process.env writes: tests/integration/
    // shared-modules.test.ts refuses them) and each file opens its own databases and services
    // (tests/support/fixtures.ts).
    isolate: false,
  },
});

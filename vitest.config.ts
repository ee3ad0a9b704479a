import { defineConfig } from "vitest/config";

/**
 * Test files that set process-wide state worker threads cannot have (process.umask): they run in
 * child processes. Every other file runs in worker threads, which start and share modules more
 * cheaply: Vitest took 90 s in threads against 103 s in processes (docs/decisions/022).
 */
const NEEDS_A_PROCESS = ["app/lib/private-files.test.ts", "tests/integration/backup.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // Migrated (and seeded) database templates, built once per run and copied per test database.
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are ~100 MB each: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "threads",
          pool: "threads",
          include: [
            "app/**/*.test.{ts,tsx}",
            "db/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          exclude: NEEDS_A_PROCESS,
        },
      },
      { extends: true, test: { name: "processes", pool: "forks", include: NEEDS_A_PROCESS } },
    ],
  },
});

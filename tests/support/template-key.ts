import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Database templates kept between test runs (tests/support/global-setup.ts for Vitest,
 * e2e-global-setup.ts for Playwright), under node_modules so a new install starts afresh.
 */
const root = resolve(import.meta.dirname, "../..");

export const keptTemplatesDir = (name: string) => join(root, "node_modules/.cache", name);

/** Every file under `dir` (relative to the project), sorted. */
const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();

/**
 * What the embedded templates are made from: a change to any of it makes new ones. The day is
 * part of it: the seeded events are dated from the day they were seeded (db/seed/events.ts).
 */
export function templateKey(extraFiles: string[] = []): string {
  const hash = createHash("sha256").update(new Date().toISOString().slice(0, 10));
  const files = [
    ...filesUnder("db/migrations"),
    ...filesUnder("db/seed").filter((file) => !file.endsWith(".test.ts")),
    "app/lib/bundled-migrations.server.ts",
    "app/lib/migration-runner.server.ts",
    "app/lib/db.server.ts",
    "app/features/events/event-schedule.ts",
    "app/features/chapters/chapters.server.ts",
    "tests/support/test-database.ts",
    "package-lock.json",
    ...extraFiles,
  ];
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(root, file)))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

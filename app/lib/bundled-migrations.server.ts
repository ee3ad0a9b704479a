import type { DatabaseHandle } from "./db.server.ts";
import { applyMigrations, type Migration } from "./migration-runner.server.ts";

// Bundled into the server build, so a deployment carries its own migrations.
const migrationFiles = import.meta.glob<string>("../../db/migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const migrations: Migration[] = Object.entries(migrationFiles)
  .map(([path, text]) => ({
    version: path
      .split("/")
      .pop()!
      .replace(/\.sql$/, ""),
    text,
  }))
  .sort((a, b) => a.version.localeCompare(b.version));

export const migrate = (database: DatabaseHandle) => applyMigrations(database, migrations);

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "./db.server.ts";

export type Migration = { version: string; text: string };

// Any constant: serialises migrations when several instances start at once on PostgreSQL.
const MIGRATION_LOCK_KEY = 728364112;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** For tools that run outside the bundle (the admin command): the SQL files of a directory. */
export function readMigrationsFromDir(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ""), text: readFileSync(join(dir, name), "utf8") }));
}

/** Applies the migrations not yet applied, each in its own transaction. Returns the versions applied. */
export async function applyMigrations(database: DatabaseHandle, migrations: readonly Migration[]): Promise<string[]> {
  const newlyApplied: string[] = [];
  await database.session(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await exec(`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`);
      const rows = (await database.db
        .selectFrom("schema_migrations" as never)
        .select("version" as never)
        .execute()) as { version: string }[];
      const done = new Set(rows.map((row) => row.version));
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await exec(
          `begin;\n${migration.text}\n;insert into schema_migrations (version) values (${quote(migration.version)});\ncommit;`,
        );
        newlyApplied.push(migration.version);
      }
    } catch (error) {
      await exec("rollback").catch(() => {});
      throw error;
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
  return newlyApplied;
}

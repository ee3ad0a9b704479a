import type { DatabaseHandle } from "./db.server.ts";

// Bundled into the server build, so a deployment carries its own migrations.
const migrationFiles = import.meta.glob<string>("../../db/migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const migrations = Object.entries(migrationFiles)
  .map(([path, text]) => ({ version: path.split("/").pop()!.replace(/\.sql$/, ""), text }))
  .sort((a, b) => a.version.localeCompare(b.version));

// Any constant: serialises migrations when several instances start at once on PostgreSQL.
const MIGRATION_LOCK_KEY = 728364112;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Applies the migrations not yet applied, each in its own transaction. Returns the versions applied. */
export async function migrate(database: DatabaseHandle): Promise<string[]> {
  const done = new Set<string>();
  const newlyApplied: string[] = [];
  await database.session(async (exec) => {
    await exec(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await exec(`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`);
      const rows = await database.db
        .selectFrom("schema_migrations" as never)
        .select("version" as never)
        .execute();
      for (const row of rows as { version: string }[]) done.add(row.version);
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

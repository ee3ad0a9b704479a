import { randomBytes } from "node:crypto";
import pg from "pg";
import { seedDemoContent } from "../../db/seed/seed.server.ts";
import { openDatabase, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { migrate } from "../../app/lib/migrations.server.ts";

export type DatabaseKind = "pglite" | "postgres";

/** The database kinds this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = DatabaseHandle & { url: string | null; dispose(): Promise<void> };

/**
 * A fresh, migrated database: in-memory PGlite, or a database of its own on the PostgreSQL
 * server of TEST_DATABASE_URL (created here, dropped on dispose) so runs never collide.
 */
export async function createTestDatabase(kind: DatabaseKind, options: { seed?: boolean } = {}): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | null = null;
  let drop = async () => {};
  if (kind === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `mictlan_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.href;
    handle = await openDatabase({ kind: "postgres", url });
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({ kind: "pglite", dataDir: null });
  }
  await migrate(handle);
  if (options.seed) await seedDemoContent(handle.db);
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * Accounts as better-auth stores them, for rules that only need a user id. A name with an @ is
 * the e-mail and the id; otherwise the e-mail is name@example.com. Returns the ids.
 */
export async function insertUsers(db: DatabaseHandle["db"], ...names: string[]): Promise<string[]> {
  const now = new Date();
  await db
    .insertInto("user")
    .values(
      names.map((name) => ({
        id: name,
        name,
        email: name.includes("@") ? name : `${name}@example.com`,
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  return names;
}

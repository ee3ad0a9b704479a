import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { seedDemoContent } from "../../db/seed/seed.server.ts";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgdataPath, type DatabaseHandle } from "../../app/lib/db.server.ts";
import { migrate } from "../../app/lib/bundled-migrations.server.ts";

export type DatabaseKind = "pglite" | "postgres";

/** The database kinds this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * Route-level tests (a loader or an action through tests/support/route-harness.ts: parsing,
 * permissions, messages, redirects) run on PGlite only. The SQL behind them is the same on both
 * databases and is tested on both by the feature's own SQL-level tests (DATABASE_KINDS), as are
 * what does differ: migrations, locks, NOTIFY, concurrency across instances (issue 21).
 */
export const ROUTE_TEST_DATABASE_KINDS: DatabaseKind[] = ["pglite"];

export type TestDatabase = DatabaseHandle & { url: string | null; dispose(): Promise<void> };

/**
 * Migrated (and migrated + seeded) databases built once per run by tests/support/global-setup.ts:
 * PGlite data directories as tarballs, and template databases on the PostgreSQL server. A test
 * database is a copy of one of them, which costs a fraction of creating and migrating one
 * (PGlite's initdb alone takes seconds).
 */
export type DatabaseTemplates = {
  pglite: { empty: string; migrated: string; seeded: string };
  postgres: { migrated: string; seeded: string } | null;
};

declare module "vitest" {
  interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

/**
 * A fresh, migrated database: in-memory PGlite, or a database of its own on the PostgreSQL
 * server of TEST_DATABASE_URL (created here, dropped on dispose) so runs never collide.
 * `migrated: false` gives an empty one, for the tests of migrating itself.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean; migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (options.seed && !migrated) throw new Error("a seeded database is a migrated one");
  const templates = loadTemplates();
  const variant = options.seed ? "seeded" : migrated ? "migrated" : "empty";
  let handle: DatabaseHandle;
  let url: string | null = null;
  let drop = async () => {};
  if (kind === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `mictlan_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    // An empty database needs no template: `create database` is cheap on a server.
    const template = variant === "empty" ? undefined : templates?.postgres?.[variant];
    await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
    url = databaseUrl(serverUrl, name);
    handle = await openDatabase({ kind: "postgres", url });
    drop = async () => {
      // pg-pool reports end() before every socket has gone, and a session that `with (force)`
      // kills then errors unhandled in its client: wait for the server to see them all gone.
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ count: number }>(
            "select count(*)::int as count from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]!.count === 0) break;
          await new Promise((done) => setTimeout(done, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
    if (migrated && !template) await prepare(handle, options.seed);
  } else {
    const tarball = templates?.pglite[variant];
    handle = await openPgliteInMemory(tarball ? await templateBlob(tarball) : undefined);
    if (migrated && !tarball) await prepare(handle, options.seed);
  }
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
 * Makes `dir` a data directory (DATA_DIR) holding a copy of a template, as a site leaves it after
 * its first start: for the tests of what is done with a directory (opening, locking, backing up,
 * granting), not of making one. Making one is an initdb, seconds of CPU, and a process of its own
 * in the server; app/lib/private-files.test.ts and the end-to-end sites make theirs. Returns `dir`.
 */
export async function dataDirFromTemplate(
  dir: string,
  variant: keyof DatabaseTemplates["pglite"] = "migrated",
): Promise<string> {
  const tarball = loadTemplates()?.pglite[variant];
  if (tarball) {
    const pglite = await PGlite.create({ dataDir: pgdataPath(dir), loadDataDir: await templateBlob(tarball) });
    await pglite.close();
  } else {
    // Not under the configured Vitest run: made the long way.
    const handle = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      if (variant !== "empty") await prepare(handle, variant === "seeded");
    } finally {
      await handle.close();
    }
  }
  return dir;
}

/** Migrates `handle` and, when asked, seeds the demo content: what a template holds. */
export async function prepare(handle: DatabaseHandle, seed = false) {
  await migrate(handle);
  if (seed) await seedDemoContent(handle.db);
}

function loadTemplates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    // Not under the configured Vitest run (no global setup): build every database from scratch.
    return undefined;
  }
}

const blobs = new Map<string, Promise<Blob>>();
const templateBlob = (path: string) => {
  if (!blobs.has(path))
    blobs.set(
      path,
      readFile(path).then((bytes) => new Blob([bytes])),
    );
  return blobs.get(path)!;
};

export function databaseUrl(serverUrl: string, name: string) {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.href;
}

/** Runs one statement on the PostgreSQL server's maintenance database (create/drop database). */
export async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An in-memory PGlite, optionally started from a data directory tarball (a template). */
export const openPgliteInMemory = (loadDataDir?: Blob) => openDatabase({ kind: "pglite", dataDir: null, loadDataDir });

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

import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema.ts";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock.server.ts";
import { log } from "./log.server.ts";
import { createPrivateDirectory, tightenTree } from "./private-files.server.ts";

export type Db = Kysely<DB>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Calls `onMessage` for every NOTIFY on `channel`; resolves to an unsubscribe function.
   * `onGap`: the listening connection was lost and opened again, so notifications sent in
   * between were never heard (PostgreSQL only).
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` on one database session with a multi-statement script executor (simple query
   * protocol), for migrations. Kysely's drivers send one statement at a time.
   */
  session<T>(fn: (exec: (script: string) => Promise<void>) => Promise<T>): Promise<T>;
  /**
   * The embedded database's files as a tarball (PGlite's own dump), gzipped unless `compression`
   * is "none" (faster to load: test templates); PGlite only.
   */
  dump(compression?: "gzip" | "none"): Promise<Blob>;
  close(): Promise<void>;
};

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgdataPath = (dataDir: string) => join(dataDir, "pgdata");

export type DatabaseOptions =
  | {
      kind: "pglite";
      dataDir: string | null;
      /** In memory only: start from this dump (tests copy a migrated template instead of migrating). */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; poolSize?: number };

// pg returns int8 (bigserial, count(*)) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** Opens the database. `dataDir: null` is an in-memory PGlite, for tests. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let lock: DirectoryLock | null = null;
  let pglite: PGlite;
  if (dataDir) {
    createPrivateDirectory(dataDir);
    // PGlite takes no lock of its own and two processes on one directory lose data.
    lock = await acquireDirectoryLock(dataDir);
    try {
      const loose = tightenTree(dataDir);
      if (loose > 0) {
        log.warn("files in the data directory were readable by other users: made them the owner's only", {
          dir: dataDir,
          files: loose,
        });
      }
      pglite = await PGlite.create(pgdataPath(dataDir));
      // A new database comes from initdb with its files 0666.
      tightenTree(dataDir);
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    pglite = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  let closed = false;
  return {
    db,
    kind: "pglite",
    async listen(channel, onMessage) {
      const unsubscribe = await pglite.listen(channel, onMessage);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async session(fn) {
      return fn(async (script) => {
        await pglite.exec(script);
      });
    },
    async dump(compression = "gzip") {
      // Data files up to date first, so a restore needs no WAL replay.
      await pglite.exec("CHECKPOINT");
      return pglite.dumpDataDir(compression);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection the server dropped (restart, failover) must not crash the
  // process: the pool replaces it on the next query.
  pool.on("error", (error) => log.warn("database connection lost", { error: error.message }));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: "postgres",
    async listen(channel, onMessage, onGap) {
      // A dedicated connection: LISTEN belongs to a session, and pooled connections are shared.
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        next.on("error", () => {
          listeners.delete(next);
          next.end().catch(() => {});
          if (!stopped) setTimeout(() => connect().then(onGap, () => {}), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (script) => {
          await client.query(script);
        });
      } finally {
        client.release();
      }
    },
    dump() {
      return Promise.reject(new Error("Con DATABASE_URL, haz la copia con pg_dump."));
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await db.destroy();
    },
  };
}

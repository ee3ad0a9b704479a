import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect, sql, type LogEvent } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema.ts";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock.server.ts";
import { log } from "./log.server.ts";
import { sharedListener } from "./postgres-listener.server.ts";
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
  /** Every query's duration and outcome from now on (the metrics; one listener). */
  observeQueries(listener: QueryListener): void;
  /** The PostgreSQL pool's connections; null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** An embedded database made by this open (the server then logs the migrations it holds). */
  createdNow?: boolean;
  close(): Promise<void>;
};

export type QueryListener = (query: { seconds: number; failed: boolean; error?: unknown }) => void;

/** Kysely's log hook, forwarding to a listener set after the database is open. */
function queryObserver() {
  let listener: QueryListener | null = null;
  return {
    log: (event: LogEvent) =>
      listener?.({
        seconds: event.queryDurationMillis / 1000,
        failed: event.level === "error",
        error: event.level === "error" ? event.error : undefined,
      }),
    observe: (next: QueryListener) => void (listener = next),
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) lives inside PGlite's
 * WebAssembly memory, which never shrinks, and held `npm start` at ~700 MB RSS idle; the
 * site's data is a few megabytes, and pages PostgreSQL does not keep are still in the kernel's
 * file cache, outside the process. 16 MB: ~340–430 MB idle, with signed-in pages as fast
 * (decision 035). Written into the data directory's configuration on every open.
 */
const PGLITE_SETTINGS = "shared_buffers = 16MB";

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgdataPath = (dataDir: string) => join(dataDir, "pgdata");

export type DatabaseOptions =
  | {
      kind: "pglite";
      dataDir: string | null;
      /** In memory only: start from this dump (tests copy a migrated template instead of migrating). */
      loadDataDir?: Blob;
      /**
       * Makes a new database in `pgdata` in a process of its own (the server's: created, migrated
       * and seeded there); without it, only initdb runs apart (`initialiseApart`).
       */
      createApart?: (pgdata: string) => Promise<void>;
      /** The process that started this one holds the directory's lock (that `createApart`). */
      lockHeldByParent?: boolean;
    }
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /**
       * How long to keep trying while the server cannot be reached yet (a database container or
       * service still starting): the server waits a minute; commands and tests fail at once.
       */
      waitForServerMs?: number;
    };

// pg returns int8 (bigserial, count(*)) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** Opens the database. `dataDir: null` is an in-memory PGlite, for tests. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres"
    ? openPostgres(options.url, options.poolSize, options.waitForServerMs)
    : openPglite(options.dataDir, options);
}

async function openPglite(
  dataDir: string | null,
  {
    loadDataDir,
    createApart,
    lockHeldByParent = false,
  }: { loadDataDir?: Blob; createApart?: (pgdata: string) => Promise<void>; lockHeldByParent?: boolean } = {},
): Promise<DatabaseHandle> {
  let lock: DirectoryLock | null = null;
  let pglite: PGlite;
  let createdNow = false;
  if (dataDir) {
    createPrivateDirectory(dataDir);
    // PGlite takes no lock of its own and two processes on one directory lose data.
    if (!lockHeldByParent) lock = await acquireDirectoryLock(dataDir);
    try {
      const loose = tightenTree(dataDir);
      if (loose > 0) {
        log.warn("files in the data directory were readable by other users: made them the owner's only", {
          dir: dataDir,
          files: loose,
        });
      }
      createdNow = !existsSync(join(pgdataPath(dataDir), "PG_VERSION"));
      if (createdNow && !lockHeldByParent) await (createApart ?? initialiseApart)(pgdataPath(dataDir));
      pglite = await PGlite.create(pgdataPath(dataDir), { postgresqlconf: PGLITE_SETTINGS });
      // A new database comes from initdb with its files 0666.
      tightenTree(dataDir);
    } catch (error) {
      await lock?.release();
      throw error;
    }
  } else {
    pglite = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const queries = queryObserver();
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log: queries.log });
  let closed = false;
  return {
    db,
    kind: "pglite",
    createdNow,
    observeQueries: queries.observe,
    poolStats: () => null,
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

/**
 * Without a `createApart` of the caller's, a new embedded database is at least made (PGlite's
 * initdb) by a Node process of its own, which then ends: initdb's WebAssembly memory stayed
 * with the process that ran it (docs/decisions/039). Where no such process can be started (a
 * test runner that cannot resolve the package), the caller's open makes it, as before.
 */
async function initialiseApart(pgdata: string): Promise<void> {
  let pgliteModule: string;
  try {
    pgliteModule = import.meta.resolve("@electric-sql/pglite");
  } catch {
    return;
  }
  await createInChildProcess(
    pgdata,
    [
      `const { PGlite } = await import(${JSON.stringify(pgliteModule)});`,
      "const db = await PGlite.create(process.env.PGLITE_NEW_DIR, { postgresqlconf: process.env.PGLITE_SETTINGS });",
      "await db.close();",
    ].join("\n"),
  );
}

/**
 * Runs `script` (an ES module) in a Node process of its own to make the database in `pgdata`;
 * when it fails, removes what it left (if the directory was new), and the caller's own open
 * makes the database in this process instead.
 */
export async function createInChildProcess(pgdata: string, script: string): Promise<void> {
  const existed = existsSync(pgdata);
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, PGLITE_NEW_DIR: pgdata, PGLITE_SETTINGS },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((done) => {
    child.once("error", () => done(null));
    child.once("exit", (exitCode) => done(exitCode));
  });
  if (code === 0 && existsSync(join(pgdata, "PG_VERSION"))) {
    log.info("new embedded database created", { dir: pgdata });
    return;
  }
  log.warn("could not create the embedded database in a process of its own: creating it here", {
    code,
    error: errors.trim().slice(-500),
  });
  // What the failed process left is not a database; the server's own initdb starts clean.
  if (!existed) rmSync(pgdata, { recursive: true, force: true });
}

/**
 * Errors of a server that is not there yet or still starting: worth another try. A wrong password
 * or database name is not, and fails at once.
 */
const NOT_YET_REACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // cannot_connect_now: the database system is starting up (or recovering).
  "57P03",
]);

function notYetReachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return NOT_YET_REACHABLE.has(code);
  return error instanceof Error && /Connection terminated/i.test(error.message);
}

/** The server's address without its password, for log lines and commands' messages. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "(DATABASE_URL no es una dirección válida)";
  }
}

/** The first query, tried again with growing pauses (0.5 s … 5 s) until `waitMs` has passed. */
async function firstAnswer(db: Db, url: string, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 1) log.info("database reachable", { database: describePostgresUrl(url), attempts: attempt });
      return;
    } catch (error) {
      const pauseMs = Math.min(500 * 2 ** (attempt - 1), 5000);
      if (!notYetReachable(error) || Date.now() + pauseMs > deadline) throw error;
      log.warn("database not reachable yet: trying again", {
        database: describePostgresUrl(url),
        attempt,
        retryInMs: pauseMs,
        error: error instanceof Error ? error.message || (error as { code?: string }).code : String(error),
      });
      await new Promise((done) => setTimeout(done, pauseMs));
    }
  }
}

async function openPostgres(url: string, poolSize = 10, waitForServerMs = 0): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection the server dropped (restart, failover) must not crash the
  // process: the pool replaces it on the next query.
  pool.on("error", (error) => log.warn("database connection lost", { error: error.message }));
  const queries = queryObserver();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queries.log });
  try {
    await firstAnswer(db, url, waitForServerMs);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const listener = sharedListener(url);
  return {
    db,
    kind: "postgres",
    observeQueries: queries.observe,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listener.listen,
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
      await listener.close();
      await db.destroy();
    },
  };
}

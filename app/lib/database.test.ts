import { spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { seedDemoContent } from "../../db/seed/seed.server.ts";
import {
  createTestDatabase,
  DATABASE_KINDS,
  dataDirFromTemplate,
  type TestDatabase,
} from "../../tests/support/test-database.ts";
import { openDatabase, pgdataPath } from "./db.server.ts";
import { DatabaseLockedError, LOCK_STALE_MS } from "./directory-lock.server.ts";
import { createLiveHub } from "./live-hub.server.ts";
import { migrate, migrations } from "./bundled-migrations.server.ts";

/** A hub that has heard its own start (at once on PGlite; a notification later on PostgreSQL). */
async function startedHub(database: Parameters<typeof createLiveHub>[0]) {
  const hub = await createLiveHub(database);
  await expect.poll(() => hub.headId().startsWith("start-"), { timeout: 5000 }).toBe(false);
  return hub;
}

describe.each(DATABASE_KINDS)("database on %s", (kind) => {
  const opened: TestDatabase[] = [];
  const fresh = async (options: { seed?: boolean; migrated?: boolean } = {}) => {
    const database = await createTestDatabase(kind, options);
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.dispose()));
  });

  it("applies every migration once and is a no-op the second time", async () => {
    const database = await fresh({ migrated: false });
    expect(await migrate(database)).toEqual(migrations.map((migration) => migration.version));
    expect(await migrate(database)).toEqual([]);
    const { rows } = await sql<{ version: string }>`select version from schema_migrations order by version`.execute(
      database.db,
    );
    expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
  });

  it("seeds contract 3 into an empty database, and only once", async () => {
    const database = await fresh();
    expect(await seedDemoContent(database.db)).toBe(true);
    expect(await seedDemoContent(database.db)).toBe(false);

    const chapters = await database.db.selectFrom("chapters").selectAll().orderBy("sort_order").execute();
    expect(chapters).toHaveLength(15);
    expect(chapters.filter((chapter) => chapter.number !== null).map((chapter) => chapter.number)).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    const bySlug = Object.fromEntries(chapters.map((chapter) => [chapter.slug, chapter]));
    expect(bySlug["salida-a-tzintzuntzan"]!.requires_sign_in).toBe(false);
    expect(bySlug["el-echendaro"]!.number).toBe(14);
    expect(bySlug["capitulo-especial"]!.hidden).toBe(true);

    const qr = await database.db.selectFrom("qr_codes").selectAll().execute();
    expect(qr).toHaveLength(17);
    const byCode = Object.fromEntries(qr.map((entry) => [entry.code, entry]));
    for (const path of CHAPTER_PATHS.filter((chapter) => chapter.number !== null)) {
      expect(byCode[`capitulo-${path.number}`]!.redirect_to).toBe(`/${path.token}`);
    }
    expect(byCode.book!.redirect_to).toBe("/?book");
    expect(byCode.event!.redirect_to).toBe("/special-event");
    expect(byCode.event!.expires_at?.toISOString()).toBe("2023-01-01T00:00:00.000Z");
    expect(byCode.future!.redirect_to).toBe("/");
    expect(byCode.future!.expires_at?.toISOString().slice(0, 10)).toBe("2025-12-31");
  });

  it("seeds once when several instances start at the same moment", async () => {
    const database = await fresh();
    const results = await Promise.all([
      seedDemoContent(database.db),
      seedDemoContent(database.db),
      seedDemoContent(database.db),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.selectFrom("chapters").select("id").execute()).toHaveLength(15);
  });

  it("rejects rows that break the model's rules", async () => {
    const database = await fresh();
    await expect(
      database.db
        .insertInto("characters")
        .values({ name: "X", sort_order: -1, tags: [], required_url: null })
        .execute(),
    ).rejects.toThrow(/violates check constraint "characters_sort_order_check"/);
    await expect(
      database.db
        .insertInto("characters")
        .values({ name: "X", style: "legendary" as never, tags: [], required_url: null })
        .execute(),
    ).rejects.toThrow(/violates check constraint "characters_style_check"/);
    // Within the rules, the same row is accepted: the refusals above were about those values.
    await database.db.insertInto("characters").values({ name: "X", tags: [], required_url: null }).execute();
  });

  it("delivers a published topic to the subscribers of that topic only", async () => {
    const database = await fresh();
    const hub = await startedHub(database);
    const heard: string[] = [];
    const unsubscribe = hub.subscribe(["characters"], (topic) => heard.push(topic));
    hub.subscribe(["comments:otro"], () => heard.push("wrong"));
    await hub.publish("characters");
    await hub.publish("chapters");
    await expect.poll(() => heard, { timeout: 3000 }).toEqual(["characters"]);
    unsubscribe();
    // A listener still subscribed hears the next publish; the one that left does not.
    const stillHeard: string[] = [];
    hub.subscribe(["characters"], (topic) => stillHeard.push(topic));
    await hub.publish("characters");
    await expect.poll(() => stillHeard, { timeout: 3000 }).toEqual(["characters"]);
    expect(heard).toEqual(["characters"]);
    await hub.close();
  });

  it("delivers every topic to a subscriber of all of them", async () => {
    const database = await fresh();
    const hub = await startedHub(database);
    const heard: string[] = [];
    const unsubscribe = hub.subscribeAll((topic) => heard.push(topic));
    await hub.publish("characters");
    await hub.publish("comments:algo");
    await expect.poll(() => heard, { timeout: 3000 }).toEqual(["characters", "comments:algo"]);
    unsubscribe();
    const after: string[] = [];
    hub.subscribe(["chapters"], (topic) => after.push(topic));
    await hub.publish("chapters");
    await expect.poll(() => after, { timeout: 3000 }).toEqual(["chapters"]);
    expect(heard).toEqual(["characters", "comments:algo"]);
    await hub.close();
  });

  it("sends NOTIFY only when the writing transaction commits", async () => {
    const database = await fresh();
    const hub = await startedHub(database);
    const heard: string[] = [];
    hub.subscribe(["chapters", "characters"], (topic) => heard.push(topic));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await hub.publish("chapters", trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // Then a committed one: notifications arrive in commit order, so once it is heard, a
    // notification of the rolled-back transaction would have been heard before it.
    await database.db.transaction().execute(async (trx) => {
      await hub.publish("characters", trx);
    });
    await expect.poll(() => heard, { timeout: 3000 }).toContain("characters");
    expect(heard).toEqual(["characters"]);
    await hub.close();
  });
});

describe("embedded database directory", () => {
  // One data directory for the block, from the run's template of a new database (an initdb is
  // seconds on a busy 2-core machine, and not what these tests test); each test opens a copy of
  // its files in a directory of its own, as a restarted site opens its data directory.
  let initialized: string;
  beforeAll(async () => {
    initialized = await dataDirFromTemplate(mkdtempSync(join(tmpdir(), "mictlan-initdb-")), "empty");
  });
  const dataDirCopy = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(pgdataPath(initialized), pgdataPath(dir), { recursive: true });
    return dir;
  };

  it("keeps a small buffer cache, so the one-command default stays small in memory", async () => {
    // PostgreSQL's default 128 MB would live in PGlite's WebAssembly memory, which never shrinks.
    const dir = dataDirCopy("mictlan-buffers-");
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.db);
      expect(rows[0]!.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  });

  it("is held by one opener at a time", { timeout: 90_000 }, async () => {
    const dir = dataDirCopy("pglite-dir-");
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    await again.close();
  });

  it("opens again, within a bounded time, after the process holding it was killed with SIGKILL", async () => {
    const dir = dataDirCopy("pglite-kill-");
    const dbModule = join(import.meta.dirname, "db.server.ts");
    // Opens the directory, writes, says so, and stays until killed or told to close.
    const opener = () => {
      const child = spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const { openDatabase } = await import(${JSON.stringify(dbModule)});
           const database = await openDatabase({ kind: "pglite", dataDir: ${JSON.stringify(dir)} });
           await database.session((exec) => exec("create table if not exists t (n int); insert into t values (1)"));
           console.log("open");
           process.stdin.resume();
           process.stdin.on("end", async () => { await database.close(); process.exit(0); });`,
        ],
        { env: { ...process.env, LOG_LEVEL: "error" } },
      );
      const opened = new Promise<boolean>((done) => {
        child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("open") && done(true));
        child.on("exit", () => done(false));
      });
      const exited = new Promise<number | null>((done) => child.on("exit", done));
      return { child, opened, exited };
    };
    const killed = opener();
    expect(await killed.opened).toBe(true);
    killed.child.kill("SIGKILL");
    await killed.exited;
    const killedAt = Date.now();
    const restarted = opener();
    expect(await restarted.opened).toBe(true);
    const waited = Date.now() - killedAt;
    console.info(`reopened ${waited} ms after kill -9`);
    expect(waited).toBeLessThan(LOCK_STALE_MS + 10_000);
    restarted.child.stdin.end();
    expect(await restarted.exited).toBe(0);
  }, 90_000);
});

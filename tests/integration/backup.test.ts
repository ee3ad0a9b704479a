import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { closeServices, createServices, setServices } from "../../app/runtime/services.server.ts";
import { openDatabase, type Db } from "../../app/lib/db.server.ts";
import { parseEnv } from "../../app/lib/env.server.ts";
import { adminCommandLine } from "../../scripts/admin.ts";
import { backupCommandLine } from "../../scripts/backup.ts";
import { restoreCommandLine } from "../../scripts/restore.ts";
import { runAsProcess, runInProcess } from "../support/command-line.ts";
import { dataDirFromTemplate, insertUsers } from "../support/test-database.ts";

const commands = { backup: backupCommandLine, restore: restoreCommandLine, admin: adminCommandLine };
const commandEnv = (dataDir: string, env: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "error",
  ...env,
});

/**
 * A command run in this process, from `dataDir` (scripts/command-line.ts): a process of its own
 * costs a Node start and a PGlite compile each time. `cliProcess` for the runs that go through
 * the process, one for each command's path that the process boundary changes.
 */
async function cli(script: keyof typeof commands, dataDir: string, args: string[], env = {}) {
  return runInProcess(commands[script], args, { env: commandEnv(dataDir, env), cwd: dataDir });
}

async function cliProcess(script: keyof typeof commands, dataDir: string, args: string[], env = {}) {
  return runAsProcess(script, args, { env: commandEnv(dataDir, env), cwd: dataDir });
}

/** Everything a backup must bring back: readers, comments, unlocks and contact messages. */
async function snapshot(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    readers: await rows(sql`select id, email, name from "user" order by id`),
    comments: await rows(sql`select id, section_id, user_id, text, created_at from comments order by id`),
    chapters: await rows(sql`select user_id, chapter_id from unlocked_chapters order by 1, 2`),
    characters: await rows(sql`select user_id, character_id from unlocked_characters order by 1, 2`),
    messages: await rows(sql`select id, name, email, comment from contact_messages order by id`),
  };
}

async function readStopped(dataDir: string) {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

describe("npm run backup and npm run restore (embedded database)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "backup-data-"));
  const backups = mkdtempSync(join(tmpdir(), "backup-files-"));
  afterAll(() => closeServices());

  it("round-trips readers, comments, unlocks and messages, with the site running and stopped", async () => {
    // The site runs: it holds the directory and answers on its control socket. Its database, made
    // and seeded at its first start, comes from the run's template instead of an initdb.
    await dataDirFromTemplate(dataDir, "seeded");
    const services = await createServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "error" }));
    setServices(services);
    const { db } = services;
    const [ana, beto] = await insertUsers(db, "ana", "beto", "carla");
    const chapters = (await sql<{ id: string }>`select id from chapters order by number limit 3`.execute(db)).rows;
    const characters = (await sql<{ id: string }>`select id from characters order by id limit 2`.execute(db)).rows;
    await sql`insert into comments (section_id, user_id, user_name, text)
      values ('capitulo-1', ${ana}, 'Ana', '¡Qué miedo el Mictlán!'), ('capitulo-2', ${beto}, 'Beto', 'Taquito es el mejor')`.execute(
      db,
    );
    for (const chapter of chapters) {
      await sql`insert into unlocked_chapters (user_id, chapter_id) values (${ana}, ${chapter.id})`.execute(db);
    }
    for (const character of characters) {
      await sql`insert into unlocked_characters (user_id, character_id) values (${beto}, ${character.id})`.execute(db);
    }
    await sql`insert into contact_messages (name, email, comment)
      values ('Lectora', 'lectora@example.com', 'Me encantó el libro'), ('Papá', 'papa@example.com', '¿Habrá segunda parte?')`.execute(
      db,
    );
    const original = await snapshot(db);
    expect(original.readers).toHaveLength(3);
    expect(original.comments).toHaveLength(2);
    expect(original.chapters).toHaveLength(3);
    expect(original.characters).toHaveLength(2);
    expect(original.messages).toHaveLength(2);

    // A relative path: the command resolves it (here against DATA_DIR, its working directory).
    const whileRunning = await cliProcess("backup", dataDir, [join("..", backups.split("/").pop()!, "running.tar.gz")]);
    expect(whileRunning).toMatchObject({ code: 0, stdout: expect.stringContaining("Copia guardada") });
    const runningFile = join(backups, "running.tar.gz");
    expect(statSync(runningFile).mode & 0o777).toBe(0o600);

    // The admin command still works through the same channel while the site runs.
    expect(await cli("admin", dataDir, ["list"])).toMatchObject({ code: 0 });
    // Restore refuses while the site runs.
    const refused = await cli("restore", dataDir, [runningFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("detén el sitio primero");

    // Life goes on: a reader leaves (and their comments and unlocks with them), messages are
    // deleted, a new comment arrives.
    await sql`delete from "user" where id = ${ana}`.execute(db);
    await sql`delete from contact_messages`.execute(db);
    await sql`insert into comments (section_id, user_id, user_name, text) values ('capitulo-3', ${beto}, 'Beto', 'Después de la copia')`.execute(
      db,
    );
    const changed = await snapshot(db);
    await closeServices();

    // The site is stopped: the command opens the directory itself.
    const stoppedFile = join(backups, "stopped.tar.gz");
    expect(await cli("backup", dataDir, [stoppedFile])).toMatchObject({ code: 0 });
    expect(statSync(stoppedFile).mode & 0o777).toBe(0o600);

    const restored = await cliProcess("restore", dataDir, [runningFile]);
    expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining("restaurada") });
    expect(await readStopped(dataDir)).toEqual(original);
    // The database it replaced is kept beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pgdata.before-restore-"))).toHaveLength(1);

    expect(await cli("restore", dataDir, [stoppedFile])).toMatchObject({ code: 0 });
    expect(await readStopped(dataDir)).toEqual(changed);
  }, 240_000);

  it("leaves the database as it was when a backup does not load", async () => {
    const before = await readStopped(dataDir);
    const broken = join(backups, "broken.tar.gz");
    writeFileSync(broken, "not a tarball");
    const failed = await cli("restore", dataDir, [broken]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("la base de datos no ha cambiado");
    expect(readdirSync(dataDir).filter((name) => name.includes(".restoring-"))).toEqual([]);
    expect(await readStopped(dataDir)).toEqual(before);
  }, 120_000);

  it("points to pg_dump and pg_restore with DATABASE_URL, exit code 2", async () => {
    const url = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" };
    const backup = await cli("backup", dataDir, [join(backups, "pg.dump")], url);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain("pg_dump");
    const restore = await cli("restore", dataDir, [join(backups, "pg.dump")], url);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain("pg_restore");
    expect(existsSync(join(backups, "pg.dump"))).toBe(false);
  });
});

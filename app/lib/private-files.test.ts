import { spawn } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirFromTemplate } from "../../tests/support/test-database.ts";

const dbModule = join(import.meta.dirname, "db.server.ts");
const hardeningModule = join(import.meta.dirname, "private-files.server.ts");

/** Every path under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSocket() || stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) found.push(`${(stats.mode & 0o777).toString(8)} ${path}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

/**
 * A process started like the server: the start-up hardening, then the embedded database in
 * `dataDir`, some writes, and it stays open (its WAL and data files in place) until stdin ends.
 */
function serverLikeProcess(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      // The umask of a usual login shell first: without the hardening, files would be 0644.
      `process.umask(0o022);
       const { restrictNewFilesToOwner } = await import(${JSON.stringify(hardeningModule)});
       restrictNewFilesToOwner();
       const { openDatabase } = await import(${JSON.stringify(dbModule)});
       const database = await openDatabase({ kind: "pglite", dataDir: ${JSON.stringify(dataDir)} });
       await database.session((exec) => exec(
         "create table readers (email text, password_hash text);" +
         "insert into readers select 'r' || n || '@example.com', md5(n::text) from generate_series(1, 2000) n;" +
         "checkpoint;"));
       // Created after start-up with the default mode, as PostgreSQL writes its relcache file (0644
       // minus the umask): only the umask keeps such a file private.
       (await import("node:fs")).writeFileSync(${JSON.stringify(dataDir)} + "/later-file", "x");
       console.log("written");
       process.stdin.resume();
       process.stdin.on("end", async () => { await database.close(); process.exit(0); });`,
    ],
    { env: { ...process.env, LOG_LEVEL: "warn" } },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on("exit", done));
  const written = new Promise<boolean>((done) => {
    child.stdout.on("data", () => output.includes("written") && done(true));
    void exited.then(() => done(false));
  });
  return { child, written, exited, output: () => output };
}

describe("files of the embedded database", () => {
  it("are the owner's only: DATA_DIR 0700 and every file in it 0600, while open and after", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "private-data-")), "data");
    const server = serverLikeProcess(dataDir);
    expect(await server.written).toBe(true);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
    // Reopened: what the first run wrote on its way out stays private too.
    const again = serverLikeProcess(dataDir);
    expect(await again.written.then(() => true)).toBe(true);
    again.child.stdin.end();
    await again.exited;
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it("tightens a data directory that an earlier version left open, and says so", async () => {
    // A database made before, from the run's template (the test above makes one with initdb).
    const dataDir = await dataDirFromTemplate(mkdtempSync(join(tmpdir(), "loose-data-")), "empty");
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, "old"), { mode: 0o755 });
    writeFileSync(join(dataDir, "old", "wal"), "e-mails and a password hash", { mode: 0o666 });
    chmodSync(join(dataDir, "old", "wal"), 0o666);
    const server = serverLikeProcess(dataDir);
    expect(await server.written).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(server.output()).toContain("made it the owner's only");
    expect(server.output()).toContain("made them the owner's only");
    server.child.stdin.end();
    await server.exited;
  }, 120_000);
});

import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/lib/db.server.ts";
import { adminCommandLine } from "../../scripts/admin.ts";
import { runAsProcess, runInProcess } from "../support/command-line.ts";
import { dataDirFromTemplate, insertUsers } from "../support/test-database.ts";

/**
 * The command in this process (scripts/command-line.ts): each run through a process of its own
 * costs a Node start and a PGlite compile. One run of each path goes through the process.
 */
async function admin(dataDir: string, ...args: string[]) {
  return adminWith({ DATA_DIR: dataDir, DATABASE_URL: "" }, ...args);
}

async function adminWith(env: Record<string, string>, ...args: string[]) {
  return runInProcess(adminCommandLine, args, { env: { ...process.env, ...env } });
}

/** `npm run admin` as its own process: stdout, stderr and the exit code are the process's. */
async function adminProcess(dataDir: string, ...args: string[]) {
  return runAsProcess("admin", args, { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } });
}

describe("npm run admin with the site stopped", () => {
  it("grants, lists and refuses to revoke the last admin, opening the embedded database itself", async () => {
    // A site's migrated data directory, from the run's template instead of an initdb.
    const dataDir = await dataDirFromTemplate(mkdtempSync(join(tmpdir(), "admin-cli-")), "migrated");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await insertUsers(database.db, "ana@example.com", "beto@example.com");
    await database.close();

    expect(await admin(dataDir, "grant", "nadie@example.com")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No hay ninguna cuenta"),
    });
    expect(await adminProcess(dataDir, "grant", "ana@example.com")).toMatchObject({
      code: 0,
      stderr: `Base de datos: la integrada en ${dataDir} (DATA_DIR)\n`,
    });
    expect((await admin(dataDir, "list")).stdout).toContain("ana@example.com");
    expect(await admin(dataDir, "revoke", "ana@example.com")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("último administrador"),
    });
    expect(await admin(dataDir, "grant", "beto@example.com")).toMatchObject({ code: 0 });
    expect(await admin(dataDir, "revoke", "ana@example.com")).toMatchObject({ code: 0 });
    const list = await admin(dataDir, "list");
    expect(list.stdout).toContain("beto@example.com");
    expect(list.stdout).not.toContain("ana@example.com");
    expect(await admin(dataDir, "something-else")).toMatchObject({ code: 2 });
    expect(await adminProcess(dataDir, "something-else")).toMatchObject({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining("Uso: npm run admin"),
    });
  }, 120_000);
});

describe("npm run admin says which database it acts on", () => {
  it("refuses, creating nothing, where no embedded database exists (the site's DATA_DIR or DATABASE_URL not exported)", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "admin-cli-")), "data");
    const answer = await admin(dataDir, "grant", "ana@example.com");
    expect(answer).toMatchObject({ code: 1, stdout: "" });
    expect(answer.stderr).toContain(`No hay ninguna base de datos en ${dataDir}`);
    expect(answer.stderr).toContain("DATABASE_URL");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("names the PostgreSQL server and database, never the password", async () => {
    const answer = await adminWith(
      { DATABASE_URL: "postgres://mictlan:s3creto@127.0.0.1:1/mictlan", DATA_DIR: "" },
      "list",
    );
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain("Base de datos: PostgreSQL en 127.0.0.1:1/mictlan (DATABASE_URL)");
    expect(answer.stderr).not.toContain("s3creto");
  });
});

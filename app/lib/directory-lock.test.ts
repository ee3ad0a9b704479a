import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDirectoryLock, DatabaseLockedError } from "./directory-lock.server.ts";

const freshDir = () => mkdtempSync(join(tmpdir(), "lock-test-"));

describe("data directory lock", () => {
  it("refuses a second holder while the first holds it, then frees it on release", () => {
    const dir = freshDir();
    const lock = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    lock.release();
    expect(existsSync(join(dir, "db.lock"))).toBe(false);
    acquireDirectoryLock(dir).release();
  });

  it("refuses while another live process holds it", () => {
    const dir = freshDir();
    // A live process that is not us: the parent shell of this test runner is alive for sure.
    writeFileSync(join(dir, "db.lock"), String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(/ya está abierta por otro proceso/);
  });

  it("takes over a lock left by a process that died", () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(join(dir, "db.lock"), dead.stdout.toString());
    const lock = acquireDirectoryLock(dir);
    expect(lock.path).toBe(join(dir, "db.lock"));
    lock.release();
  });

  it("lets exactly one of several processes starting at once take over a stale lock", async () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(join(dir, "db.lock"), dead.stdout.toString());
    const lockModule = join(import.meta.dirname, "directory-lock.server.ts");
    // All children spin until the same instant, then race.
    const startAt = Date.now() + 1500;
    const script = `
      const { acquireDirectoryLock } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${startAt});
      try { acquireDirectoryLock(${JSON.stringify(dir)}); console.log("got"); await new Promise((r) => setTimeout(r, 1500)); }
      catch (error) { console.log(error.name === "DatabaseLockedError" ? "locked" : "error " + error.message); }`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        return new Promise<string>((done) => child.on("exit", () => done(output.trim())));
      }),
    );
    expect(outcomes.filter((outcome) => outcome === "got")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(5);
  });
});

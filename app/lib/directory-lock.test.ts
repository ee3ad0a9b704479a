import { spawnSync } from "node:child_process";
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
});

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  acquireDirectoryLock,
  DatabaseLockedError,
  isDirectoryLocked,
  LOCK_STALE_MS,
  LOCK_UPDATE_MS,
} from "./directory-lock.server.ts";

const freshDir = () => mkdtempSync(join(tmpdir(), "lock-test-"));
const lockModule = join(import.meta.dirname, "directory-lock.server.ts");

type Child = { process: ChildProcess; line(): Promise<string>; exited: Promise<number | null> };

/**
 * A Node process running `body` (an ES module with `acquireDirectoryLock` and friends in scope).
 * `line()` resolves to its next line of output.
 */
function child(body: string): Child {
  const script = `const { acquireDirectoryLock, isDirectoryLocked } = await import(${JSON.stringify(lockModule)});\n${body}`;
  const process_ = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, LOG_LEVEL: "error" },
  });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let pending = "";
  process_.stdout!.setEncoding("utf8");
  process_.stdout!.on("data", (chunk: string) => {
    pending += chunk;
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const exited = new Promise<number | null>((done) => process_.on("exit", (code) => done(code)));
  return {
    process: process_,
    line: () =>
      lines.length
        ? Promise.resolve(lines.shift()!)
        : Promise.race([new Promise<string>((done) => waiting.push(done)), exited.then((code) => `exited ${code}`)]),
    exited,
  };
}

// Takes the lock, says so, holds it until its stdin closes.
const holder = (dir: string) => `
  try {
    await acquireDirectoryLock(${JSON.stringify(dir)});
    console.log("got");
    process.stdin.resume();
    process.stdin.on("end", () => process.exit(0));
  } catch (error) {
    console.log(error.name === "DatabaseLockedError" ? "locked" : "error " + error.message);
    process.exit(0);
  }`;

/** A lock directory left behind by a process killed with SIGKILL while holding it. */
async function lockOfAKilledProcess(dir: string) {
  const killed = child(holder(dir));
  expect(await killed.line()).toBe("got");
  killed.process.kill("SIGKILL");
  await killed.exited;
  expect(statSync(join(dir, "db.lock")).isDirectory()).toBe(true);
}

describe("data directory lock", () => {
  it("refuses a second holder while the first holds it, then frees it on release", async () => {
    const dir = freshDir();
    const lock = await acquireDirectoryLock(dir);
    expect(await isDirectoryLocked(dir)).toBe(true);
    const started = Date.now();
    await expect(acquireDirectoryLock(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    // Recognised as live by its refreshed lock, long before that lock could go stale.
    expect(Date.now() - started).toBeLessThan(LOCK_STALE_MS);
    await lock.release();
    expect(existsSync(join(dir, "db.lock"))).toBe(false);
    expect(await isDirectoryLocked(dir)).toBe(false);
    await (await acquireDirectoryLock(dir)).release();
  });

  it("refuses while another live process holds it, with the Spanish message", async () => {
    const dir = freshDir();
    const other = child(holder(dir));
    expect(await other.line()).toBe("got");
    await expect(acquireDirectoryLock(dir)).rejects.toThrow(/ya está abierta por otro proceso/);
    other.process.stdin!.end();
    expect(await other.exited).toBe(0);
    // A holder that ends releases its lock.
    expect(existsSync(join(dir, "db.lock"))).toBe(false);
  });

  it("takes over, within a bounded time, the lock of a process killed with SIGKILL", async () => {
    const dir = freshDir();
    await lockOfAKilledProcess(dir);
    const killedAt = Date.now();
    const next = child(holder(dir));
    expect(await next.line()).toBe("got");
    const waited = Date.now() - killedAt;
    console.info(`restart after kill -9 took the lock after ${waited} ms`);
    expect(waited).toBeLessThan(LOCK_STALE_MS + 3 * LOCK_UPDATE_MS + 2000);
    next.process.stdin!.end();
    await next.exited;
  }, 30_000);

  it("keeps the lock while its holder's main thread is busy past the stale time", async () => {
    // Creating a fresh PGlite database blocks the main thread for seconds (26 s seen under load).
    const dir = freshDir();
    const busy = child(`
      await acquireDirectoryLock(${JSON.stringify(dir)});
      console.log("got");
      const until = Date.now() + ${LOCK_STALE_MS + 2 * LOCK_UPDATE_MS};
      while (Date.now() < until);
      console.log("still here");
      process.stdin.resume();
      process.stdin.on("end", () => process.exit(0));`);
    expect(await busy.line()).toBe("got");
    await expect(acquireDirectoryLock(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    expect(await busy.line()).toBe("still here");
    busy.process.stdin!.end();
    expect(await busy.exited).toBe(0);
  }, 30_000);

  it("takes over a PID lock file of an earlier version that names this very process", async () => {
    // The failure this lock replaces: in a container every run is PID 1, so the PID left by the
    // killed run is the new run's own and looked alive forever.
    const dir = freshDir();
    const restarted = child(`
      const { writeFileSync } = await import("node:fs");
      writeFileSync(${JSON.stringify(join(dir, "db.lock"))}, String(process.pid));
      ${holder(dir)}`);
    expect(await restarted.line()).toBe("got");
    restarted.process.stdin!.end();
    await restarted.exited;
  });

  it("refuses a PID lock file of an earlier version whose process is alive", async () => {
    const dir = freshDir();
    // A live process that is not us: the parent of this test runner.
    writeFileSync(join(dir, "db.lock"), String(process.ppid));
    await expect(acquireDirectoryLock(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  const race = async (dir: string, count: number, startAt = Date.now() + 2000) => {
    // Each sleeps until just before the moment, then spins to it: started together to the
    // millisecond, without four processes busy on two cores for the seconds before.
    const waitUntilStart = `await new Promise((done) => setTimeout(done, ${startAt} - 30 - Date.now()));
      while (Date.now() < ${startAt});`;
    const racers = Array.from({ length: count }, () => child(`${waitUntilStart}\n${holder(dir)}`));
    const outcomes = await Promise.all(racers.map((racer) => racer.line()));
    for (const racer of racers) racer.process.stdin!.end();
    await Promise.all(racers.map((racer) => racer.exited));
    return outcomes;
  };

  it("lets exactly one of several live processes starting at once hold a directory", async () => {
    const outcomes = await race(freshDir(), 4);
    expect(outcomes.filter((outcome) => outcome === "got")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(3);
  }, 30_000);

  it("lets exactly one of several processes take over a killed process's lock", async () => {
    const dir = freshDir();
    await lockOfAKilledProcess(dir);
    // All start once the lock is stale, so they all find it stale at the same moment.
    const outcomes = await race(dir, 4, Date.now() + LOCK_STALE_MS + 1500);
    expect(outcomes.filter((outcome) => outcome === "got")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(3);
  }, 30_000);

  it("reports a lock taken from under its holder", async () => {
    const dir = freshDir();
    let lost: (error: Error) => void;
    const compromised = new Promise<Error>((done) => (lost = done));
    const lock = await acquireDirectoryLock(dir, { onCompromised: (error) => lost(error) });
    // Another process's lock now, as after a takeover: the mtime is no longer the holder's.
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "db.lock"), past, past);
    expect((await compromised).message).toMatch(/lock/i);
    await lock.release();
  });

  it("ends the holding process, with a log line, when its lock is lost", async () => {
    const dir = freshDir();
    const victim = child(holder(dir));
    expect(await victim.line()).toBe("got");
    let stderr = "";
    victim.process.stderr!.on("data", (chunk) => (stderr += chunk));
    victim.process.stdout!.on("data", (chunk) => (stderr += chunk));
    rmdirSync(join(dir, "db.lock"));
    expect(await victim.exited).toBe(1);
    expect(stderr).toContain("lost the data directory lock");
  });
});

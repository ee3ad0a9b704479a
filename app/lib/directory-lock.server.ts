import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type DirectoryLock = { path: string; release(): void };

export class DatabaseLockedError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `La base de datos de ${dir} ya está abierta por otro proceso (PID ${pid}). ` +
        "Detén ese proceso o usa otro DATA_DIR; la base embebida admite un solo proceso a la vez.",
    );
    this.name = "DatabaseLockedError";
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isFinite(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Returns the PID holding the lock on `dir`, or null when nobody does. */
export function lockHolder(dir: string): number | null {
  const pid = readPid(join(dir, "db.lock"));
  return pid !== null && isAlive(pid) ? pid : null;
}

/**
 * Creates `path` holding our PID, atomically and complete: written to a private file first,
 * then hard-linked into place (fails if `path` exists). A reader never sees it half written.
 */
function createPidFile(path: string): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, String(process.pid), { mode: 0o600 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Removes a lock whose holder died. Only one process at a time may do it (a guard file), and it
 * checks again under the guard, so two processes starting together after a crash can never both
 * end up holding the directory.
 */
function removeStaleLock(dir: string, path: string) {
  const guard = join(dir, "db.lock.takeover");
  if (!createPidFile(guard)) {
    const guardHolder = readPid(guard);
    if (guardHolder === null || !isAlive(guardHolder)) rmSync(guard, { force: true });
    return;
  }
  try {
    const holder = readPid(path);
    if (holder === null || !isAlive(holder)) rmSync(path, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Takes an exclusive lock on a data directory: a PID file created atomically. A lock left by a
 * process that died is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  const path = join(dir, "db.lock");
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (createPidFile(path)) {
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    }
    const holder = lockHolder(dir);
    if (holder !== null) throw new DatabaseLockedError(dir, holder);
    removeStaleLock(dir, path);
    // Another process may be mid-takeover: give it a moment before looking again.
    sleepSync(5 + Math.random() * 20);
  }
  throw new Error(`No se pudo tomar el bloqueo de ${dir}`);
}

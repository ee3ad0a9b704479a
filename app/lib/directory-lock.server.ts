import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
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

/** Returns the PID holding the lock on `dir`, or null when nobody does. */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, "db.lock"), "utf8"), 10);
    return Number.isFinite(pid) && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on a data directory with a PID file created atomically (O_EXCL).
 * A lock left by a process that died is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  const path = join(dir, "db.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dir);
      if (holder !== null && holder !== process.pid) throw new DatabaseLockedError(dir, holder);
      if (holder === process.pid) throw new DatabaseLockedError(dir, holder);
      // Stale lock of a dead process.
      try {
        unlinkSync(path);
      } catch {
        // someone else removed it first; retry
      }
    }
  }
  throw new Error(`No se pudo tomar el bloqueo de ${dir}`);
}

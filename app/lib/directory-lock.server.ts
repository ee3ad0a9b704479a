import { rmdirSync, type Stats } from "node:fs";
import { readFile, rm, rmdir, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import lockfile from "proper-lockfile";
import { log } from "./log.server.ts";

/**
 * The data directory's lock (decision 007): a directory `DATA_DIR/db.lock` made with mkdir
 * (atomic) whose mtime the holder refreshes every second, through proper-lockfile. No PID is
 * recorded, so a restart that gets the dead holder's PID (PID 1 in a container) is not fooled.
 * A lock not refreshed for LOCK_STALE_MS belongs to a dead process and is taken over.
 *
 * The refresh runs on a worker thread: PGlite runs PostgreSQL on the main thread, and creating
 * a fresh database blocked it for 26 s on a loaded machine, long enough for a refresh on the
 * main thread to miss the stale time and let a second process in.
 */
/**
 * 5 s and 1 s in production. Tests shorten both (DATA_DIR_LOCK_STALE_MS, vitest.config.ts) so that
 * their takeovers after a kill do not each wait 5 s; the proportion, and so the margin a refresh has
 * before the lock looks stale, stays the same.
 */
export const LOCK_STALE_MS = Number(process.env.DATA_DIR_LOCK_STALE_MS) || 5000;
export const LOCK_UPDATE_MS = Math.max(100, Math.round(LOCK_STALE_MS / 5));

export type DirectoryLock = { path: string; release(): Promise<void> };

export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(
      `La base de datos de ${dir} ya está abierta por otro proceso. ` +
        "Detén ese proceso o usa otro DATA_DIR; la base embebida admite un solo proceso a la vez.",
    );
    this.name = "DatabaseLockedError";
  }
}

export type LockOptions = {
  /**
   * Called when the lock is lost while held (its refresh fails for longer than the stale time,
   * or another process took it over). The default logs and ends the process: going on would
   * write to a directory that another process may open.
   */
  onCompromised?: (error: Error) => void;
};

const lockPath = (dir: string) => join(dir, "db.lock");
const takeoverPath = (dir: string) => join(dir, "db.lock.takeover");
const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

function exitOnCompromise(error: Error) {
  log.error("lost the data directory lock: stopping so that no other process shares the database", {
    error: error.message,
  });
  process.exit(1);
}

async function statOrNull(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const isStale = (stats: Stats) => Date.now() - stats.mtimeMs > LOCK_STALE_MS;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Versions before decision 007 locked with a PID file at the same path. One left by a killed
 * process is removed (even when it names our own PID: in a container every run is PID 1); one
 * naming another live process is an older server still running.
 */
async function removeLegacyPidFile(dir: string): Promise<void> {
  const pid = Number.parseInt(await readFile(lockPath(dir), "utf8").catch(() => ""), 10);
  if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) throw new DatabaseLockedError(dir);
  await rm(lockPath(dir), { force: true });
  log.warn("removed the lock file of an earlier version left by a process that stopped", { dir });
}

/** True while a live process holds the lock on `dir` (a lock left by a dead one is stale). */
export async function isDirectoryLocked(dir: string): Promise<boolean> {
  return lockfile.check(dir, { lockfilePath: lockPath(dir), realpath: false, stale: LOCK_STALE_MS });
}

/**
 * Removes the stale lock we looked at, one process at a time: under a second, short-lived lock
 * and only if it is still the same stale directory. Without the guard two processes could both
 * see the stale lock, and the slower one would remove the lock the faster one just made.
 */
async function removeStaleLock(dir: string, seen: Stats) {
  let releaseGuard: () => Promise<void>;
  try {
    releaseGuard = await lockfile.lock(dir, {
      lockfilePath: takeoverPath(dir),
      realpath: false,
      stale: 2000,
      onCompromised: () => {},
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") return; // someone else is on it
    throw error;
  }
  try {
    const now = await statOrNull(lockPath(dir));
    if (now && now.ino === seen.ino && isStale(now)) {
      await rmdir(lockPath(dir)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      log.warn("took over the lock of a process that stopped without releasing it", { dir });
    }
  } finally {
    await releaseGuard().catch(() => {});
  }
}

// Holds one proper-lockfile lock and keeps it fresh, independent of the main thread's work.
const holderThread = `
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const lockfile = process.getBuiltinModule("node:module").createRequire(workerData.module)(workerData.module);
  const compromised = (error) => parentPort.postMessage({ compromised: error.message });
  lockfile.lock(workerData.dir, { ...workerData.options, onCompromised: compromised }).then(
    (release) => {
      parentPort.on("message", () =>
        release().then(() => parentPort.postMessage({ released: true }), (error) => parentPort.postMessage({ released: true, error: error.message })),
      );
      parentPort.postMessage({ locked: true });
    },
    (error) => parentPort.postMessage({ failed: { code: error.code, message: error.message } }),
  );`;

type HolderMessage =
  | { locked: true }
  | { failed: { code?: string; message: string } }
  | { compromised: string }
  | { released: true; error?: string };

/** proper-lockfile's lock(), held by a worker thread; resolves to its release function. */
function lockOnWorker(dir: string, onCompromised: (error: Error) => void): Promise<() => Promise<void>> {
  const worker = new Worker(holderThread, {
    eval: true,
    execArgv: [],
    workerData: {
      module: createRequire(import.meta.url).resolve("proper-lockfile"),
      dir,
      // With the stale time, proper-lockfile reports the lock compromised when its refresh fails
      // for that long or when another process took it over; a late refresh of a lock still
      // ours recovers. It never takes a lock over here: we only try when there is none.
      options: { lockfilePath: lockPath(dir), realpath: false, stale: LOCK_STALE_MS, update: LOCK_UPDATE_MS },
    },
  });
  // The lock must not keep a process alive; the database it guards does that.
  worker.unref();
  return new Promise((resolveLock, rejectLock) => {
    let releasing: ((error?: Error) => void) | null = null;
    worker.on("error", (error) => (releasing ? releasing(error) : rejectLock(error)));
    worker.on("message", (message: HolderMessage) => {
      if ("locked" in message) {
        resolveLock(
          () =>
            new Promise<void>((done, fail) => {
              releasing = (error) => {
                void worker.terminate();
                if (error) fail(error);
                else done();
              };
              worker.postMessage("release");
            }),
        );
      } else if ("failed" in message) {
        void worker.terminate();
        rejectLock(Object.assign(new Error(message.failed.message), { code: message.failed.code }));
      } else if ("compromised" in message) {
        void worker.terminate();
        onCompromised(Object.assign(new Error(message.compromised), { code: "ECOMPROMISED" }));
      } else {
        releasing?.(message.error ? new Error(message.error) : undefined);
      }
    });
  });
}

/**
 * Takes the exclusive lock on a data directory. A live holder is recognised by its lock being
 * refreshed and refused at once with DatabaseLockedError; a lock nobody refreshes any more is
 * taken over once stale, so a restart after kill -9 gets in within about LOCK_STALE_MS.
 */
export async function acquireDirectoryLock(dir: string, options: LockOptions = {}): Promise<DirectoryLock> {
  const onCompromised = options.onCompromised ?? exitOnCompromise;
  const path = lockPath(dir);
  const deadline = Date.now() + LOCK_STALE_MS + 3 * LOCK_UPDATE_MS;
  let firstSeen: Stats | null = null;
  let released = false;
  // A process that exits without closing (process.exit after an error) still frees the directory:
  // the worker thread holding the lock is stopped without a word.
  const releaseOnExit = () => {
    try {
      rmdirSync(path);
    } catch {
      // already gone
    }
  };
  let release: () => Promise<void>;
  for (;;) {
    const seen = await statOrNull(path);
    if (seen?.isFile()) {
      await removeLegacyPidFile(dir);
      continue;
    }
    if (seen && isStale(seen)) {
      await removeStaleLock(dir, seen);
      continue;
    }
    if (seen) {
      // A live holder refreshes its lock every LOCK_UPDATE_MS: seeing it move is proof enough.
      if (firstSeen && (seen.ino !== firstSeen.ino || seen.mtimeMs !== firstSeen.mtimeMs)) {
        throw new DatabaseLockedError(dir);
      }
      firstSeen ??= seen;
      if (Date.now() > deadline) throw new DatabaseLockedError(dir);
      await delay(100 + Math.random() * 100);
      continue;
    }
    try {
      release = await lockOnWorker(dir, (error) => {
        if (released) return;
        released = true;
        process.off("exit", releaseOnExit);
        onCompromised(error);
      });
      break;
    } catch (error) {
      // Another process made it between our look and our mkdir: look again.
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    }
  }
  process.on("exit", releaseOnExit);
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      process.off("exit", releaseOnExit);
      await release().catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ERELEASED" && error.code !== "ENOTACQUIRED") throw error;
      });
    },
  };
}

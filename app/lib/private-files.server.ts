import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { log } from "./log.server.ts";

/**
 * Start-up hardening for every process that opens the embedded database (the server, the admin,
 * backup and restore commands): everything it creates is its owner's only. Files created with
 * a default mode (PostgreSQL's relcache file, 0644 minus the umask) would otherwise be readable
 * by other local users; tightenTree handles the ones PGlite writes 0666 outright.
 */
export function restrictNewFilesToOwner() {
  process.umask(0o077);
}

/** Creates `dir` 0700, or tightens an existing one that other users could enter. */
export function createPrivateDirectory(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = lstatSync(dir).mode;
  if (mode & 0o077) {
    chmodSync(dir, 0o700);
    log.warn("data directory was open to other users: made it the owner's only", {
      dir,
      was: (mode & 0o777).toString(8),
    });
  }
}

/**
 * Takes group and other permissions off everything under `dir`: PGlite's initdb writes the
 * files of a new database 0666 whatever the umask (the files PostgreSQL creates later are
 * 0600), and versions before this one left theirs that way. Run it while holding the
 * directory's lock. Returns how many it changed.
 */
export function tightenTree(dir: string): number {
  let tightened = 0;
  const tighten = (path: string) => {
    let stats;
    try {
      stats = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    if (stats.isSymbolicLink() || stats.isSocket()) return;
    if (stats.mode & 0o077) {
      chmodSync(path, stats.mode & 0o700);
      tightened++;
    }
    if (stats.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
  };
  tighten(dir);
  return tightened;
}

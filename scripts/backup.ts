/**
 * `npm run backup -- <file>`: a backup of the embedded database (PGlite's own dump, a gzipped
 * tarball), mode 0600. While the site runs the server writes it (it owns the database), asked
 * through its control socket in DATA_DIR; when the site is stopped this command opens the
 * database itself, under the same lock the server takes. With DATABASE_URL: use pg_dump.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import {
  backupDoneMessage,
  backupFailureMessage,
  checkDataDiskRoom,
  recordBackup,
  writeBackup,
} from "../app/lib/backup.server.ts";
import { askControlSocket, controlSocketPath, type ControlResult } from "../app/lib/control-socket.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { isDirectoryLocked } from "../app/lib/directory-lock.server.ts";
import { restrictNewFilesToOwner } from "../app/lib/private-files.server.ts";
import { runAsProcess, type Command } from "./command-line.ts";

export const backupCommandLine: Command = async ({ args, env, cwd, output }) => {
  const [target, ...rest] = args;
  if (!target || rest.length > 0) {
    output.err("Uso: npm run backup -- <archivo>");
    return 2;
  }
  if (env.DATABASE_URL) {
    output.err(
      "Con DATABASE_URL los datos están en un servidor PostgreSQL: haz la copia con pg_dump, por ejemplo\n" +
        '  pg_dump --format=custom --file=copia.dump "$DATABASE_URL"',
    );
    return 2;
  }
  // The server may run in another directory: it gets the path already resolved.
  const file = resolve(cwd, target);
  const dataDir = resolve(cwd, env.DATA_DIR || "./data");

  let result: ControlResult | null = null;
  try {
    const socketPath = controlSocketPath(dataDir);
    if (existsSync(socketPath) && (await isDirectoryLocked(dataDir))) {
      result = await askControlSocket(socketPath, ["backup", file]).catch((error: NodeJS.ErrnoException) => {
        // A server killed a moment ago: its lock is not stale yet, but nobody answers.
        if (error.code === "ECONNREFUSED" || error.code === "ENOENT") return null;
        throw error;
      });
    }
    if (!result) {
      if (!existsSync(dataDir)) throw new Error(`No hay ninguna base de datos en ${dataDir}.`);
      checkDataDiskRoom(dataDir);
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        const { bytes } = await writeBackup(database, file, dataDir);
        recordBackup(dataDir, file, bytes);
        result = { ok: true, message: backupDoneMessage(file, bytes) };
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    output.err(backupFailureMessage(error, file));
    return 1;
  }
  (result.ok ? output.out : output.err)(result.message);
  return result.ok ? 0 : 1;
};

if (import.meta.main) {
  restrictNewFilesToOwner();
  await runAsProcess(backupCommandLine);
}

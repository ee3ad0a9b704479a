/**
 * `npm run restore -- <file>`: replaces the embedded database in DATA_DIR with a backup made by
 * `npm run backup`. Only with the site stopped (the running server owns the database). The
 * previous database is kept beside it as DATA_DIR/pgdata.before-restore-<time>. With
 * DATABASE_URL: use pg_restore.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { restoreBackup } from "../app/lib/backup.server.ts";
import { acquireDirectoryLock, DatabaseLockedError } from "../app/lib/directory-lock.server.ts";
import { createPrivateDirectory, restrictNewFilesToOwner } from "../app/lib/private-files.server.ts";
import { runAsProcess, type Command } from "./command-line.ts";

export const restoreCommandLine: Command = async ({ args, env, cwd, output }) => {
  const [source, ...rest] = args;
  if (!source || rest.length > 0) {
    output.err("Uso: npm run restore -- <archivo>");
    return 2;
  }
  if (env.DATABASE_URL) {
    output.err(
      "Con DATABASE_URL los datos están en un servidor PostgreSQL: restaura con pg_restore, por ejemplo\n" +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" copia.dump',
    );
    return 2;
  }
  const file = resolve(cwd, source);
  const dataDir = resolve(cwd, env.DATA_DIR || "./data");
  const stopTheSite =
    `El sitio está en marcha con ${dataDir}: detén el sitio primero y vuelve a ejecutar ` +
    "npm run restore. La copia no se ha restaurado.";

  if (!existsSync(file)) {
    output.err(`No existe el archivo ${file}.`);
    return 1;
  }
  try {
    createPrivateDirectory(dataDir);
    // A running site holds the lock and keeps it fresh: refused at once. One killed a moment ago
    // left a lock that goes stale: taken over after a few seconds.
    const lock = await acquireDirectoryLock(dataDir);
    try {
      const { previous } = await restoreBackup(dataDir, file);
      output.out(
        `Copia ${file} restaurada en ${dataDir}.` +
          (previous ? ` La base de datos anterior queda en ${previous}; bórrala cuando ya no la necesites.` : ""),
      );
    } finally {
      await lock.release();
    }
  } catch (error) {
    output.err(
      error instanceof DatabaseLockedError
        ? stopTheSite
        : `No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  return 0;
};

if (import.meta.main) {
  restrictNewFilesToOwner();
  await runAsProcess(restoreCommandLine);
}

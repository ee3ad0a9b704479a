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

restrictNewFilesToOwner();

const [source, ...rest] = process.argv.slice(2);
if (!source || rest.length > 0) {
  console.error("Uso: npm run restore -- <archivo>");
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    "Con DATABASE_URL los datos están en un servidor PostgreSQL: restaura con pg_restore, por ejemplo\n" +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" copia.dump',
  );
  process.exit(2);
}
const file = resolve(source);
const dataDir = resolve(process.env.DATA_DIR || "./data");
const stopTheSite =
  `El sitio está en marcha con ${dataDir}: detén el sitio primero y vuelve a ejecutar ` +
  "npm run restore. La copia no se ha restaurado.";

if (!existsSync(file)) {
  console.error(`No existe el archivo ${file}.`);
  process.exit(1);
}
try {
  createPrivateDirectory(dataDir);
  // A running site holds the lock and keeps it fresh: refused at once. One killed a moment ago
  // left a lock that goes stale: taken over after a few seconds.
  const lock = await acquireDirectoryLock(dataDir);
  try {
    const { previous } = await restoreBackup(dataDir, file);
    console.log(
      `Copia ${file} restaurada en ${dataDir}.` +
        (previous ? ` La base de datos anterior queda en ${previous}; bórrala cuando ya no la necesites.` : ""),
    );
  } finally {
    await lock.release();
  }
} catch (error) {
  console.error(
    error instanceof DatabaseLockedError
      ? stopTheSite
      : `No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
process.exit(0);

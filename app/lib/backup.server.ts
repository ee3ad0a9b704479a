import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ControlHandler } from "./control-socket.server.ts";
import { pgdataPath, type DatabaseHandle } from "./db.server.ts";
import { tightenTree } from "./private-files.server.ts";

/**
 * Writes a backup of the embedded database to `file` (an absolute path): PGlite's own dump, a
 * gzipped tarball of its data directory, taken between two statements. Mode 0600, written
 * beside the target and renamed into place, so `file` is never left half written.
 */
export async function writeBackup(database: DatabaseHandle, file: string): Promise<{ bytes: number }> {
  if (!isAbsolute(file)) throw new Error(`La ruta de la copia debe ser absoluta: ${file}`);
  const dump = new Uint8Array(await (await database.dump()).arrayBuffer());
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  try {
    await writeFile(partial, dump, { mode: 0o600, flag: "wx" });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { bytes: dump.byteLength };
}

/** `backup <absolute file>` on the server's control socket, while the server holds the database. */
export function backupControlHandler(database: DatabaseHandle): ControlHandler {
  return async ([, file, ...rest]) => {
    if (!file || rest.length > 0 || !isAbsolute(file)) {
      return { ok: false, message: "Uso: backup <ruta absoluta del archivo>" };
    }
    const { bytes } = await writeBackup(database, file);
    return { ok: true, message: backupDoneMessage(file, bytes) };
  };
}

export const backupDoneMessage = (file: string, bytes: number) =>
  `Copia guardada en ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`;

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/**
 * Replaces the embedded database in `dataDir` with the backup in `file`. The caller holds the
 * directory's lock. The backup is loaded into a new directory beside `pgdata` and opened once
 * to prove it works; only then is it swapped in, and the previous database is kept as
 * `pgdata.before-restore-<time>`. A backup that does not load leaves the database untouched.
 */
export async function restoreBackup(dataDir: string, file: string): Promise<{ previous: string | null }> {
  const current = pgdataPath(dataDir);
  const time = stamp();
  const incoming = `${current}.restoring-${time}`;
  const tarball = new Blob([await readFile(file)]);
  try {
    const pglite = await PGlite.create({ dataDir: incoming, loadDataDir: tarball });
    try {
      await pglite.query("select count(*) from schema_migrations");
    } finally {
      await pglite.close();
    }
    // Loaded from the tarball 0666, like a new database.
    tightenTree(incoming);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw new Error(
      `La copia ${file} no se pudo cargar; la base de datos no ha cambiado. (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  let previous: string | null = null;
  if (existsSync(current)) {
    previous = `${current}.before-restore-${time}`;
    await rename(current, previous);
  }
  await rename(incoming, current);
  return { previous };
}

import { randomBytes } from "node:crypto";
import { existsSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ControlHandler } from "./control-socket.server.ts";
import { pgdataPath, type DatabaseHandle } from "./db.server.ts";
import { tightenTree } from "./private-files.server.ts";

/**
 * Writes a backup of the embedded database to `file` (an absolute path): PGlite's own dump, a
 * gzipped tarball of its data directory, taken between two statements. Mode 0600, written
 * beside the target and renamed into place, so `file` is never left half written.
 */
export async function writeBackup(
  database: DatabaseHandle,
  file: string,
  dataDir?: string,
): Promise<{ bytes: number }> {
  if (!isAbsolute(file)) throw new Error(`La ruta de la copia debe ser absoluta: ${file}`);
  if (dataDir) checkDataDiskRoom(dataDir);
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
export function backupControlHandler(database: DatabaseHandle, dataDir: string): ControlHandler {
  return async ([, file, ...rest]) => {
    if (!file || rest.length > 0 || !isAbsolute(file)) {
      return { ok: false, message: "Uso: backup <ruta absoluta del archivo>" };
    }
    try {
      const { bytes } = await writeBackup(database, file, dataDir);
      recordBackup(dataDir, file, bytes);
      return { ok: true, message: backupDoneMessage(file, bytes) };
    } catch (error) {
      // The command's user is told why, not only the server's log.
      return { ok: false, message: backupFailureMessage(error, file) };
    }
  };
}

/** Room a CHECKPOINT may need on the data's disk: the dirty part of the 16 MB buffer cache, and more. */
const CHECKPOINT_ROOM_BYTES = 32 * 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

class BackupError extends Error {}

/**
 * The dump starts with a CHECKPOINT, which writes into the database's own files, and opening a
 * stopped database writes too: on a full disk either fails half way, and a failed checkpoint
 * left the embedded database unusable (issue 41). Refused before, saying why.
 */
export function checkDataDiskRoom(dataDir: string): void {
  const free = freeBytes(dataDir);
  if (free !== null && free < CHECKPOINT_ROOM_BYTES)
    throw new BackupError(
      `No queda espacio en el disco de los datos (${dataDir}: ${megabytes(free)} libres; hacen falta ${megabytes(CHECKPOINT_ROOM_BYTES)}). ` +
        "La copia no se ha hecho y la base de datos no ha cambiado: libera espacio en ese disco.",
    );
}

function freeBytes(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** Why a backup failed, in words its operator can act on (`npm run backup` prints it). */
export function backupFailureMessage(error: unknown, file: string): string {
  if (error instanceof BackupError) return `No se pudo hacer la copia: ${error.message}`;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const dir = dirname(file);
  const reason =
    code === "ENOSPC" || code === "EDQUOT"
      ? `no queda espacio en el disco de ${dir}. Libera espacio o escribe la copia en otro disco.`
      : code === "EACCES" || code === "EPERM"
        ? `no se puede escribir en ${dir} (permiso denegado al usuario del servidor).`
        : code === "ENOENT"
          ? `no existe la carpeta ${dir}.`
          : code === "EEXIST"
            ? `ya existe ${file}.`
            : code === "EROFS"
              ? `${dir} es de solo lectura.`
              : /no space left on device/i.test(message ?? "")
                ? `la base de datos no puede escribir: no queda espacio en el disco de sus datos (${message}).`
                : (message ?? String(error));
  return `No se pudo hacer la copia: ${reason}`;
}

const BACKUP_RECORD = "last-backup.json";

/** Kept in DATA_DIR: the metrics show when the last copy was made (alert: older than a day). */
export function recordBackup(dataDir: string, file: string, bytes: number): void {
  try {
    writeFileSync(
      join(dataDir, BACKUP_RECORD),
      JSON.stringify({ time: new Date().toISOString(), file, bytes }) + "\n",
      {
        mode: 0o600,
      },
    );
  } catch {
    // The copy is made; only its record is missing (the alert will say the copy is old).
  }
}

/** Seconds since the epoch of the last recorded backup, or null. */
export function lastBackupTime(dataDir: string): number | null {
  try {
    return Math.floor(statSync(join(dataDir, BACKUP_RECORD)).mtimeMs / 1000);
  } catch {
    return null;
  }
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

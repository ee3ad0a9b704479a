/**
 * Whether this instance can write its data (docs/decisions/072). A full or failing disk shows as
 * failed writes: PostgreSQL's `disk_full` (53100) or an I/O error (58030), "No space left on
 * device" from the embedded database's files, ENOSPC/EIO/EROFS from Node. Each one is noted
 * here; server/app.ts answers a failed request that met one 503 with a Spanish message (never a
 * 500 nor a hang), `/readyz` says so, and server/watchdog.ts stops an embedded instance that
 * stays unable to write, for its supervisor to start a fresh one.
 * Held on globalThis: server/ and the app's build (a separate copy of this module) share it.
 */
type StorageHealth = { lastFailureAt: number; lastFailure: string; probeFailing: boolean; probing: boolean };

const state: StorageHealth = ((globalThis as Record<symbol, StorageHealth>)[Symbol.for("mictlan.storage-health")] ??= {
  lastFailureAt: 0,
  lastFailure: "",
  probeFailing: false,
  probing: false,
});

const STORAGE_CODES = new Set(["53100", "58030", "ENOSPC", "EIO", "EROFS", "EDQUOT"]);
const STORAGE_MESSAGE = /no space left on device|disk quota exceeded|read-only file system|input\/output error/i;

/** Whether `error` says the disk is full or failing (not a constraint, a bad query or a lost connection). */
export function isStorageError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && STORAGE_CODES.has(code)) return true;
  if (typeof message === "string" && STORAGE_MESSAGE.test(message)) return true;
  return cause !== undefined && cause !== error && isStorageError(cause);
}

export function noteStorageFailure(error: unknown): void {
  state.lastFailureAt = Date.now();
  state.lastFailure = error instanceof Error ? error.message : String(error);
}

/** The watchdog's write check of the data directory: failing until a write succeeds again. */
export function setStorageProbe(failing: boolean, error?: unknown): void {
  state.probing = true;
  state.probeFailing = failing;
  if (failing) noteStorageFailure(error);
}

/** A write failed for lack of storage at or after `since` (ms since the epoch). */
export function storageFailedSince(since: number): boolean {
  return state.lastFailureAt >= since;
}

/** Cannot write now: the write check fails, or a write failed for storage in the last `windowMs`. */
export function storageFailing(windowMs = 10_000): boolean {
  return state.probeFailing || Date.now() - state.lastFailureAt < windowMs;
}

export const lastStorageFailure = () => state.lastFailure;

/**
 * This instance cannot take writes (`/readyz` 503, `site_ready` 0): only where it checks its own
 * disk (the embedded database). On PostgreSQL every instance shares the server's disk, and
 * none being ready would turn the readers' pages away too.
 */
export const cannotWrite = (): boolean => state.probing && storageFailing();

/** Tests only. */
export function resetStorageHealthForTests(): void {
  state.lastFailureAt = 0;
  state.lastFailure = "";
  state.probeFailing = false;
  state.probing = false;
}

/** What a reader is told when a write could not be stored (server/app.ts answers it with 503). */
export const STORAGE_FULL_MESSAGE =
  "No hemos podido guardarlo: el servidor no puede escribir ahora mismo. No se ha guardado nada; inténtalo de nuevo en unos minutos.";

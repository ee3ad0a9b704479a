import { countOverDays, countToday } from "../../lib/daily-counters.server.ts";
import type { Db } from "../../lib/db.server.ts";

export type QrResolution = { state: "valid"; target: string } | { state: "invalid" } | { state: "expired" };

/** A QR code's target, unless it is unknown or its expiry has passed (compared with `now`). */
export async function resolveQrCode(db: Db, code: string, now = new Date()): Promise<QrResolution> {
  if (!/^[a-z0-9-]{1,64}$/i.test(code)) return { state: "invalid" };
  const row = await db
    .selectFrom("qr_codes")
    .select(["redirect_to", "expires_at", "active"])
    .where("code", "=", code.toLowerCase())
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  // A code an admin deactivated is no longer valid, like an expired one ('Expired Code').
  if (!row.active || (row.expires_at && row.expires_at.getTime() <= now.getTime())) return { state: "expired" };
  return { state: "valid", target: row.redirect_to };
}

/** The daily counter of scans of codes that do not exist (typos, guesses, scripts). */
export const UNKNOWN_QR_COUNTER = "qr-unknown";

/**
 * Counts a scan (no personal data). A scan of a real code is a first-party page view of
 * /qr/{code}, which the admin statistics group per code; a scan of an unknown code only adds one
 * to a daily figure, so nobody can add a row per request by inventing codes.
 */
export async function recordQrScan(db: Db, code: string, resolution: QrResolution) {
  if (resolution.state === "invalid") return countToday(db, UNKNOWN_QR_COUNTER);
  await db
    .insertInto("page_views")
    .values({ path: `/qr/${code.toLowerCase()}`, title: "Escaneo de código QR" })
    .execute();
}

/** Scans of unknown codes over the last 7 and 30 days (one daily figure each, see recordQrScan). */
export async function unknownQrScanCounts(db: Db) {
  const [last7, last30] = await Promise.all([
    countOverDays(db, UNKNOWN_QR_COUNTER, 7),
    countOverDays(db, UNKNOWN_QR_COUNTER, 30),
  ]);
  return { last7, last30 };
}

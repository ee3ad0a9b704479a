import { countOverDays, countToday } from "../../lib/daily-counters.server.ts";
import type { Db } from "../../lib/db.server.ts";
import { recordPageView } from "../../lib/page-view-record.server.ts";
import { hitRateLimit, rateLimitReached, type RateLimitRule } from "../../lib/rate-limit.server.ts";

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

/**
 * The targets of several codes at once, in one query: those unknown, deactivated or expired are
 * left out. For codes the server itself remembered (a visitor's scans): no miss is counted.
 */
export async function resolveQrCodes(db: Db, codes: string[], now = new Date()): Promise<Map<string, string>> {
  const wellFormed = codes.filter((code) => /^[a-z0-9-]{1,64}$/.test(code));
  if (!wellFormed.length) return new Map();
  const rows = await db
    .selectFrom("qr_codes")
    .select(["code", "redirect_to"])
    .where("code", "in", wellFormed)
    .where("active", "=", true)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .execute();
  return new Map(rows.map((row) => [row.code, row.redirect_to]));
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
  await recordPageView(db, { path: `/qr/${code.toLowerCase()}`, title: "Escaneo de código QR" });
}

/** Scans of unknown codes over the last 7 and 30 days (one daily figure each, see recordQrScan). */
export async function unknownQrScanCounts(db: Db) {
  const [last7, last30] = await Promise.all([
    countOverDays(db, UNKNOWN_QR_COUNTER, 7),
    countOverDays(db, UNKNOWN_QR_COUNTER, 30),
  ]);
  return { last7, last30 };
}

/**
 * Unknown codes tried from one address (a guesser's misses). A class of 30 behind one school
 * address scanning the book's codes never counts here (scans of real codes are not misses); a
 * few mistyped codes fit easily; a script is stopped after 20 tries and kept to 100 a day.
 */
export const QR_MISS_LIMITS = {
  perWindow: { max: 20, windowSeconds: 10 * 60 },
  daily: { max: 100, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The counters of one address (tests fill them to reach the limit quickly). */
export const qrMissKey = (limit: keyof typeof QR_MISS_LIMITS, address: string) => `qr-miss-${limit}:${address}`;

export type QrLookup = QrResolution | { state: "limited"; retryAfterSeconds: number };

/**
 * Looks a scanned code up for a client address. Only misses count, in the database (shared by
 * every instance, like the sign-in limits); once an address is past the limit, every lookup
 * from it waits, known codes too, until the window ends: answering known codes then would tell
 * a guesser which of its guesses exist.
 */
export async function lookUpQrCode(db: Db, code: string, address: string, now = new Date()): Promise<QrLookup> {
  for (const limit of ["perWindow", "daily"] as const) {
    const reached = await rateLimitReached(db, qrMissKey(limit, address), QR_MISS_LIMITS[limit]);
    if (reached.reached) return { state: "limited", retryAfterSeconds: reached.retryAfterSeconds };
  }
  const resolution = await resolveQrCode(db, code, now);
  if (resolution.state !== "invalid") return resolution;
  let retryAfterSeconds = 0;
  for (const limit of ["perWindow", "daily"] as const) {
    const hit = await hitRateLimit(db, qrMissKey(limit, address), QR_MISS_LIMITS[limit]);
    if (!hit.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, hit.retryAfterSeconds);
  }
  return retryAfterSeconds > 0 ? { state: "limited", retryAfterSeconds } : resolution;
}

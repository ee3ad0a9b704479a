import type { Db } from "../../lib/db.server.ts";

export type QrResolution = { state: "valid"; target: string } | { state: "invalid" } | { state: "expired" };

/** A QR code's target, unless it is unknown or its expiry has passed (compared with `now`). */
export async function resolveQrCode(db: Db, code: string, now = new Date()): Promise<QrResolution> {
  if (!/^[a-z0-9-]{1,64}$/i.test(code)) return { state: "invalid" };
  const row = await db
    .selectFrom("qr_codes")
    .select(["redirect_to", "expires_at"])
    .where("code", "=", code.toLowerCase())
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return { state: "expired" };
  return { state: "valid", target: row.redirect_to };
}

/** Counts a scan as a first-party page view of /qr/{code} (no personal data): the admin stats group these. */
export async function recordQrScan(db: Db, code: string) {
  await db
    .insertInto("page_views")
    .values({ path: `/qr/${code.slice(0, 64)}`, title: "Escaneo de código QR" })
    .execute();
}

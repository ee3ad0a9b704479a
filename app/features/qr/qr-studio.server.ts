import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { unknownQrScanCounts } from "./qr.server.ts";
import type { QrCreateInput, QrUpdateInput } from "./qr-code.schema.ts";

export const STUDIO_DAYS = 30;

export type StudioCode = {
  code: string;
  label: string;
  target: string;
  expiresAt: Date | null;
  active: boolean;
  createdAt: Date;
  /** Scans kept (page views of /qr/{code}, kept 400 days). */
  total: number;
  /** Scans per day, oldest first, the last STUDIO_DAYS days (UTC), today last. */
  perDay: number[];
};

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/**
 * An id nobody can guess: 12 characters of a 32-letter alphabet (60 bits), without the letters
 * people misread when typing a code by hand (l, o, 0, 1).
 */
export function proposeQrCode(): string {
  return Array.from(randomBytes(12), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** Every code with its scans: one query for totals, one for the last 30 days by day. */
export async function listStudioCodes(db: Db, now = new Date()): Promise<StudioCode[]> {
  const since = new Date(now.getTime() - (STUDIO_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const [codes, totals, daily] = await Promise.all([
    db.selectFrom("qr_codes").selectAll().orderBy("created_at").orderBy("code").execute(),
    db
      .selectFrom("page_views")
      .select(["path", (eb) => eb.fn.countAll<string>().as("count")])
      .where("path", "like", "/qr/%")
      .groupBy("path")
      .execute(),
    db
      .selectFrom("page_views")
      .select([
        "path",
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
        (eb) => eb.fn.countAll<string>().as("count"),
      ])
      .where("path", "like", "/qr/%")
      .where("created_at", ">=", since)
      .groupBy(["path", sql`2`])
      .execute(),
  ]);
  const days = Array.from({ length: STUDIO_DAYS }, (_, index) =>
    dayKey(new Date(since.getTime() + index * 86_400_000)),
  );
  const totalOf = new Map(totals.map((row) => [row.path, Number(row.count)]));
  const dailyOf = new Map(daily.map((row) => [`${row.path} ${row.day}`, Number(row.count)]));
  return codes.map((row) => {
    const path = `/qr/${row.code}`;
    return {
      code: row.code,
      label: row.label,
      target: row.redirect_to,
      expiresAt: row.expires_at,
      active: row.active,
      createdAt: row.created_at,
      total: totalOf.get(path) ?? 0,
      perDay: days.map((day) => dailyOf.get(`${path} ${day}`) ?? 0),
    };
  });
}

/** Scans of codes that do not exist: one aggregated figure, never a row per scan. */
export const unknownScans = unknownQrScanCounts;

export async function qrCodeExists(db: Db, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom("qr_codes").select("code").where("code", "=", code).executeTakeFirst());
}

/** Creates a code; false when the id is taken (a unique key, so two admins cannot both win). */
export async function createQrCode(db: Db, input: QrCreateInput): Promise<boolean> {
  const inserted = await db
    .insertInto("qr_codes")
    .values({ code: input.code, redirect_to: input.target, label: input.label, expires_at: input.expiresAt })
    .onConflict((conflict) => conflict.column("code").doNothing())
    .returning("code")
    .executeTakeFirst();
  return Boolean(inserted);
}

/** A printed code keeps its id: only where it leads, its label and its expiry change. */
export async function updateQrCode(db: Db, code: string, input: QrUpdateInput): Promise<boolean> {
  const result = await db
    .updateTable("qr_codes")
    .set({ redirect_to: input.target, label: input.label, expires_at: input.expiresAt, updated_at: new Date() })
    .where("code", "=", code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setQrCodeActive(db: Db, code: string, active: boolean): Promise<boolean> {
  const result = await db
    .updateTable("qr_codes")
    .set({ active, updated_at: new Date() })
    .where("code", "=", code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The address a printed code carries. */
export const qrCodeUrl = (siteUrl: string, code: string) => `${siteUrl.replace(/\/+$/, "")}/qr/${code}`;

/** Print-ready images: high error correction survives a crease or a smudge on paper. */
export async function qrCodeImage(siteUrl: string, code: string, format: "svg" | "png") {
  const text = qrCodeUrl(siteUrl, code);
  const options = { errorCorrectionLevel: "Q" as const, margin: 4 };
  if (format === "svg") return QRCode.toString(text, { ...options, type: "svg" });
  return QRCode.toBuffer(text, { ...options, type: "png", width: 1024 });
}

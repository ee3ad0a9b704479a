import { randomInt } from "node:crypto";
import QRCode from "qrcode";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { unknownQrScanCounts } from "./qr.server.ts";
import type { QrCreateInput, QrUpdateInput } from "./qr-code.schema.ts";
import { guessableReason, type GuessableReason, type WordList } from "./qr-guessable.ts";
import { dictionaryWords, guessableWords } from "./qr-words.server.ts";

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
  /** Why someone could guess it (a demo code, a short or numbered one), or null. */
  guessable: GuessableReason | null;
};

/**
 * The studio's codes: lower-case letters without vowels (no word, rude or otherwise, can
 * appear by chance on a children's book) and without l and o, and the digits 2–9 (no 0/o or
 * 1/l/i to misread when a code is typed by hand): 28 characters.
 */
export const QR_CODE_ALPHABET = "bcdfghjkmnpqrstvwxyz23456789";
/** 14 characters: log2(28) × 14 ≈ 67.3 random bits, and a URL short enough for a small QR. */
export const QR_CODE_LENGTH = 14;

/**
 * An id nobody can guess: QR_CODE_LENGTH characters drawn with node:crypto's randomInt (no
 * modulo bias). Drawn again in the rare case (about 1 in 700) that chance made it look like a
 * pattern the studio flags (2345, bbbb), so the studio never warns about its own codes.
 */
export function proposeQrCode(words: WordList = dictionaryWords()): string {
  for (;;) {
    const code = Array.from(
      { length: QR_CODE_LENGTH },
      () => QR_CODE_ALPHABET[randomInt(QR_CODE_ALPHABET.length)],
    ).join("");
    if (guessableReason(code, words) === null) return code;
  }
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** Every code with its scans: one query for totals, one for the last 30 days by day. */
export async function listStudioCodes(db: Db, now = new Date()): Promise<StudioCode[]> {
  const since = new Date(now.getTime() - (STUDIO_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const [codes, totals, daily, words] = await Promise.all([
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
    guessableWords(db),
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
      guessable: guessableReason(row.code, words),
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

export type Replacement = { from: string; to: string };

/**
 * Gives a code a new, unguessable id (one click in the studio, before printing). Where it leads,
 * its label, expiry, state and creation date stay, and its scan history follows it: scans are
 * page views of /qr/{code}, moved to the new path in the same transaction. The old id stops
 * working at once (it answers like any unknown code): it was guessable, and keeping it would
 * keep the hole open. Null when the code does not exist.
 */
export async function replaceQrCode(db: Db, code: string): Promise<Replacement | null> {
  const replacement = proposeQrCode();
  return db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom("qr_codes").selectAll().where("code", "=", code).forUpdate().executeTakeFirst();
    if (!old) return null;
    await trx
      .insertInto("qr_codes")
      .values({ ...old, code: replacement, updated_at: new Date() })
      .execute();
    await trx.deleteFrom("qr_codes").where("code", "=", code).execute();
    await trx
      .updateTable("page_views")
      .set({ path: `/qr/${replacement}` })
      .where("path", "=", `/qr/${code}`)
      .execute();
    // The statistics' day counts (migration 0019) follow too: they outlive the views, and the
    // trigger that keeps them only adds inserted views, so a moved view is not moved there.
    await sql`
      insert into page_view_days (day, path, views)
        select day, ${`/qr/${replacement}`}, views from page_view_days where path = ${`/qr/${code}`} order by day
      on conflict (day, path) do update set views = page_view_days.views + excluded.views`.execute(trx);
    await trx.deleteFrom("page_view_days").where("path", "=", `/qr/${code}`).execute();
    return { from: code, to: replacement };
  });
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

/** The codes that lead to one of `targets` (a chapter's printed path), oldest first. */
export async function listCodesTo(db: Db, targets: readonly string[]) {
  if (!targets.length) return [];
  const rows = await db
    .selectFrom("qr_codes")
    .select(["code", "redirect_to", "active", "expires_at"])
    .where("redirect_to", "in", [...targets])
    .orderBy("created_at")
    .orderBy("code")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    target: row.redirect_to,
    active: row.active,
    expiresAt: row.expires_at,
  }));
}

export type QrTarget = { code: string; label: string; target: string };

/** The codes a scan follows today (active, not past their date), for pages that point at them. */
export async function listWorkingQrCodes(db: Db, now = new Date()): Promise<QrTarget[]> {
  const rows = await db
    .selectFrom("qr_codes")
    .select(["code", "label", "redirect_to"])
    .where("active", "=", true)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .orderBy("code")
    .execute();
  return rows.map((row) => ({ code: row.code, label: row.label, target: row.redirect_to }));
}

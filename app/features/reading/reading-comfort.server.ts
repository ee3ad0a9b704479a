import type { Db } from "../../lib/db.server.ts";
import { hitRateLimit, type RateLimitRule } from "../../lib/rate-limit.server.ts";
import {
  DEFAULT_READING_SETTINGS,
  parseReadingSettings,
  readingSettingsFromCookies,
  serializeReadingSettings,
  type ReadingSettings,
} from "../../lib/reading-settings-cookie.ts";

/**
 * Reading comfort (issue 44 §2 and §3, decision 076): a reader's 'Aa' settings and where they
 * left each chapter. Visitors keep their settings in a cookie on their own device and nothing
 * else; a signed-in reader's are kept here too, with the account (migration 0034).
 */

/**
 * The settings a chapter page is rendered with: a signed-in reader's stored ones (so another
 * device gets them), else this device's cookie, else none (the defaults).
 */
export async function readingSettingsFor(
  db: Db,
  userId: string | null,
  cookieHeader: string | null,
): Promise<ReadingSettings | null> {
  if (userId) {
    const row = await db
      .selectFrom("reading_settings")
      .select("settings")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const stored = parseReadingSettings(row?.settings);
    if (stored) return stored;
  }
  return readingSettingsFromCookies(cookieHeader);
}

export async function saveReadingSettings(db: Db, userId: string, settings: ReadingSettings): Promise<void> {
  const text = serializeReadingSettings(settings);
  await db
    .insertInto("reading_settings")
    .values({ user_id: userId, settings: text })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ settings: text, updated_at: new Date() }))
    .execute();
}

/** A page leave sends one position; a reader flicking between tabs sends a few. Beyond this, 429. */
export const READING_POSITION_RATE_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };

export const mayRecordPosition = async (db: Db, userId: string) =>
  (await hitRateLimit(db, `reading-position:${userId}`, READING_POSITION_RATE_LIMIT)).allowed;

/** The position's fields from a beacon's form body; null when either is missing or not sane. */
export function parsePosition(form: URLSearchParams | FormData): { chapterId: string; paragraph: number } | null {
  const chapterId = form.get("capitulo");
  const paragraph = Number(form.get("parrafo"));
  if (typeof chapterId !== "string" || !/^[\w-]{1,80}$/.test(chapterId)) return null;
  if (!Number.isInteger(paragraph) || paragraph < 0 || paragraph >= 10_000) return null;
  return { chapterId, paragraph };
}

/** Keeps where a reader is in a chapter; false when the chapter does not exist. */
export async function recordReadingPosition(
  db: Db,
  userId: string,
  position: { chapterId: string; paragraph: number },
): Promise<boolean> {
  const chapter = await db.selectFrom("chapters").select("id").where("id", "=", position.chapterId).executeTakeFirst();
  if (!chapter) return false;
  await db
    .insertInto("reading_positions")
    .values({ user_id: userId, chapter_id: position.chapterId, paragraph: position.paragraph })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "chapter_id"])
        .doUpdateSet({ paragraph: position.paragraph, updated_at: new Date() }),
    )
    .execute();
  return true;
}

/** The paragraph a reader left a chapter at, or null when they never started it. */
export async function readingPositionOf(db: Db, userId: string, chapterId: string): Promise<number | null> {
  const row = await db
    .selectFrom("reading_positions")
    .select("paragraph")
    .where("user_id", "=", userId)
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  return row?.paragraph ?? null;
}

/** The chapters a reader has started (the passport marks them). */
export async function startedChapterIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("reading_positions").select("chapter_id").where("user_id", "=", userId).execute();
  return new Set(rows.map((row) => row.chapter_id));
}

/** The paragraphs of a chapter's HTML get ids (`parrafo-N`, from 0) that 'Seguir donde me quedé' leads to. */
export const PARAGRAPH_ID_PREFIX = "parrafo-";

/**
 * Numbers every `<p>` of a chapter's sanitised HTML in document order, the order the browser's
 * position tracker counts them in (reading-position.client.ts). The sanitiser keeps no `id` on
 * a paragraph, so the ids added here are the only ones.
 */
export function withParagraphAnchors(html: string): string {
  let index = 0;
  return html.replace(/<p(?=[\s>])/g, () => `<p id="${PARAGRAPH_ID_PREFIX}${index++}"`);
}

// Written out whole: the stylesheet is purged of class names the source does not spell.
const CLASS_NAMES = {
  size: { normal: "", grande: "lectura-texto-grande", enorme: "lectura-texto-enorme" },
  spacing: { normal: "", amplio: "lectura-espaciado-amplio" },
  lines: { normal: "", amplio: "lectura-interlineado-amplio" },
  theme: { claro: "", sepia: "lectura-tema-sepia", oscuro: "lectura-tema-oscuro" },
} as const;

export const readingClassNames = (settings: ReadingSettings) =>
  [
    CLASS_NAMES.size[settings.size],
    CLASS_NAMES.spacing[settings.spacing],
    CLASS_NAMES.lines[settings.lines],
    CLASS_NAMES.theme[settings.theme],
  ]
    .filter(Boolean)
    .join(" ");

/** What a chapter page needs of reading comfort: its settings, where to resume, and its anchored HTML. */
export async function readingComfortOf(
  db: Db,
  userId: string | null,
  chapter: { id: string },
  cookieHeader: string | null,
) {
  const [settings, resumeAt] = await Promise.all([
    readingSettingsFor(db, userId, cookieHeader),
    userId ? readingPositionOf(db, userId, chapter.id) : null,
  ]);
  return {
    page: {
      settings: settings ?? DEFAULT_READING_SETTINGS,
      /** The chapter's classes for these settings, rendered into its first HTML (none for the defaults). */
      className: readingClassNames(settings ?? DEFAULT_READING_SETTINGS),
      /** The chapter's id, which a reader's position beacon names; null for a visitor (nothing is sent). */
      trackChapterId: userId ? chapter.id : null,
      /** The paragraph to offer 'Seguir donde me quedé' at; null at the start or for a visitor. */
      resumeAt: resumeAt && resumeAt > 0 ? resumeAt : null,
    },
  };
}

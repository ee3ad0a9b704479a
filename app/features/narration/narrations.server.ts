import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { NarrationTimings } from "./narration-timings.ts";

/** What a chapter page says about its narration: no audio bytes, no timings (they load on 'Léemelo'). */
export type NarrationSummary = { label: string; durationMs: number; version: number };

export async function narrationSummary(db: Db, chapterId: string): Promise<NarrationSummary | null> {
  const row = await db
    .selectFrom("chapter_narrations")
    .select(["label", "duration_ms", "updated_at"])
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  return row ? { label: row.label, durationMs: row.duration_ms, version: row.updated_at.getTime() } : null;
}

/**
 * What these chapters' narrations weigh, audio and timings (the trip's copy keeps them whole,
 * decision 075): told before saving.
 */
export async function narrationBytes(db: Db, chapterIds: string[]): Promise<number> {
  if (chapterIds.length === 0) return 0;
  const row = await db
    .selectFrom("chapter_narrations")
    .select(sql<string>`coalesce(sum(octet_length(audio) + octet_length(timings::text)), 0)`.as("bytes"))
    .where("chapter_id", "in", chapterIds)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export async function readNarrationAudio(db: Db, chapterId: string) {
  const row = await db
    .selectFrom("chapter_narrations")
    .select(["audio", "content_type"])
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  return row ? { audio: row.audio, contentType: row.content_type } : null;
}

export async function readNarrationTimings(db: Db, chapterId: string): Promise<NarrationTimings | null> {
  const row = await db
    .selectFrom("chapter_narrations")
    .select("timings")
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  return row?.timings ?? null;
}

/** The narration's two files, beside the chapter's own address (token or slug) so one rule opens both. */
export const NARRATION_PREFIX = "/narracion";
export const NARRATION_AUDIO = "audio.ogg";
export const NARRATION_TIMINGS = "palabras.json";
/** The same timings as WebVTT (narration-webvtt.ts): for subtitle editors and an EPUB 3 edition. */
export const NARRATION_WEBVTT = "palabras.vtt";
export const narrationPaths = (chapterPath: string, version: number) => ({
  audio: `${NARRATION_PREFIX}${chapterPath}/${NARRATION_AUDIO}?v=${version}`,
  timings: `${NARRATION_PREFIX}${chapterPath}/${NARRATION_TIMINGS}?v=${version}`,
});

import { AUDIO_FORMATS_TEXT, parseAudio } from "../../lib/audio-files.server.ts";
import type { Db } from "../../lib/db.server.ts";
import { NARRATION_LABEL_MAX, type NarrationTimings } from "./narration-timings.ts";
import { webVttToWords } from "./narration-webvtt.ts";
import { wordsOfHtml } from "./narration-words.ts";

/**
 * A chapter's narration as its authors make it (issue 42, decision 078): a recording uploaded and
 * checked, a first draft of its word timings, then the author's own marks (tapped along, nudged,
 * or imported as WebVTT). The words are always the chapter's own, in reading order: the n-th
 * timing is the n-th word on the page (narration-words.ts).
 */

/** A chapter read at a child's pace is a few minutes; a phone's voice memo is ~0.5 MB a minute. */
export const NARRATION_MAX_BYTES = 12 * 1024 * 1024;
export const NARRATION_MAX_MINUTES = 30;

export const NARRATION_MESSAGES = {
  missing: "Elige el archivo de la grabación.",
  tooBig: `La grabación pesa más de ${NARRATION_MAX_BYTES / 1024 / 1024} MB. Expórtala con menos calidad (por ejemplo, a 32 kbps) y vuelve a intentarlo.`,
  wrongType: `Ese archivo no es una grabación de audio que podamos usar. Sube un archivo ${AUDIO_FORMATS_TEXT}.`,
  video: `Ese archivo tiene video. Sube solo el audio (${AUDIO_FORMATS_TEXT}).`,
  tooLong: `La grabación dura más de ${NARRATION_MAX_MINUTES} minutos.`,
  label: `La etiqueta puede tener hasta ${NARRATION_LABEL_MAX} caracteres.`,
  noWords: "Este capítulo no tiene texto que leer: escribe el capítulo antes de subir su narración.",
  noNarration: "Este capítulo todavía no tiene narración: sube primero la grabación.",
  marks: "Las marcas no son válidas: recarga la página y vuelve a marcar.",
  vttMissing: "Elige el archivo de marcas (.vtt).",
} as const;

export type NarrationEditorData = {
  chapter: { id: string; title: string; number: number | null };
  /** The chapter's words, in reading order: what each mark belongs to. */
  words: string[];
  narration: null | {
    label: string;
    durationMs: number;
    bytes: number;
    contentType: string;
    /** Each word's start in ms, when the stored timings are for these words; null otherwise. */
    begins: number[] | null;
    updatedAt: string;
  };
};

async function chapterWords(db: Db, chapterId: string) {
  const chapter = await db
    .selectFrom("chapters")
    .select(["id", "title", "number", "content"])
    .where("id", "=", chapterId)
    .executeTakeFirst();
  return chapter ? { chapter, words: wordsOfHtml(chapter.content) } : null;
}

export async function narrationEditorData(db: Db, chapterId: string): Promise<NarrationEditorData | null> {
  const found = await chapterWords(db, chapterId);
  if (!found) return null;
  const row = await db
    .selectFrom("chapter_narrations")
    .select(["label", "duration_ms", "content_type", "timings", "updated_at"])
    .select((eb) => eb.fn<number>("octet_length", ["audio"]).as("bytes"))
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  const timings = row?.timings as NarrationTimings | undefined;
  // Timings made for another text (the chapter was edited since) are not offered as marks.
  const matches = timings?.words.length === found.words.length;
  return {
    chapter: { id: found.chapter.id, title: found.chapter.title, number: found.chapter.number },
    words: found.words,
    narration: row
      ? {
          label: row.label,
          durationMs: row.duration_ms,
          bytes: Number(row.bytes),
          contentType: row.content_type,
          begins: matches ? timings!.words.map(([, begin]) => begin) : null,
          updatedAt: row.updated_at.toISOString(),
        }
      : null,
  };
}

/**
 * A first draft of the timings before the author marks anything: the recording's length shared
 * among the words by their letters, with a pause after a comma or a full stop, as a narrator
 * reads. Close enough to follow along while tapping; exact only once marked.
 */
export function draftTimings(words: string[], durationMs: number): NarrationTimings {
  const weightOf = (word: string) => word.length + 2 + (/[.!?…:;]["»”)]*$/.test(word) ? 6 : /,$/.test(word) ? 3 : 0);
  const total = words.reduce((sum, word) => sum + weightOf(word), 0) || 1;
  let at = 0;
  const begins = words.map((word) => {
    const begin = at;
    at += (weightOf(word) / total) * durationMs;
    return Math.round(begin);
  });
  return timingsFromBegins(words, begins, durationMs);
}

/**
 * Timings from each word's start: a word lasts until the next one starts (never longer than 2 s:
 * a long pause is silence, not the word), the last one until the end of the recording.
 */
export function timingsFromBegins(words: string[], begins: number[], durationMs: number): NarrationTimings {
  return {
    version: 1,
    durationMs,
    words: words.map((word, index) => {
      const begin = begins[index]!;
      const next = index + 1 < begins.length ? begins[index + 1]! : durationMs;
      return [word, begin, Math.min(next, begin + 2_000, durationMs)];
    }),
  };
}

/** Whether marks fit the words and the recording: one per word, in order, inside the audio. */
export function validBegins(begins: unknown, wordCount: number, durationMs: number): begins is number[] {
  if (!Array.isArray(begins) || begins.length !== wordCount) return false;
  let previous = 0;
  for (const begin of begins) {
    if (typeof begin !== "number" || !Number.isInteger(begin) || begin < previous || begin >= durationMs) return false;
    previous = begin;
  }
  return true;
}

export type AuthoringResult =
  { ok: true; message: string } | { ok: false; status: number; field: string; error: string };

/**
 * A new recording for the chapter: checked by parsing it, stored with a draft of its timings
 * (replacing any earlier narration whole: old marks belong to the old recording).
 */
export async function uploadNarration(
  db: Db,
  chapterId: string,
  input: { audio: Uint8Array | null; label: string },
): Promise<AuthoringResult> {
  const label = input.label.trim();
  if (label.length > NARRATION_LABEL_MAX)
    return { ok: false, status: 400, field: "label", error: NARRATION_MESSAGES.label };
  const { audio } = input;
  if (!audio || audio.byteLength === 0)
    return { ok: false, status: 400, field: "audio", error: NARRATION_MESSAGES.missing };
  if (audio.byteLength > NARRATION_MAX_BYTES)
    return { ok: false, status: 400, field: "audio", error: NARRATION_MESSAGES.tooBig };
  const parsed = await parseAudio(audio);
  if (!parsed.ok)
    return {
      ok: false,
      status: 400,
      field: "audio",
      error: parsed.reason === "video" ? NARRATION_MESSAGES.video : NARRATION_MESSAGES.wrongType,
    };
  if (parsed.durationMs > NARRATION_MAX_MINUTES * 60_000)
    return { ok: false, status: 400, field: "audio", error: NARRATION_MESSAGES.tooLong };
  const found = await chapterWords(db, chapterId);
  if (!found) return { ok: false, status: 404, field: "audio", error: "Ese capítulo ya no existe." };
  if (found.words.length === 0) return { ok: false, status: 400, field: "audio", error: NARRATION_MESSAGES.noWords };
  const timings = draftTimings(found.words, parsed.durationMs);
  const row = {
    audio,
    content_type: parsed.kind.contentType,
    duration_ms: parsed.durationMs,
    timings: JSON.stringify(timings),
    label,
    updated_at: new Date(),
  };
  await db
    .insertInto("chapter_narrations")
    .values({ chapter_id: chapterId, ...row })
    .onConflict((conflict) => conflict.column("chapter_id").doUpdateSet(row))
    .execute();
  return { ok: true, message: "Grabación guardada. Ahora marca dónde empieza cada palabra." };
}

async function storedNarration(db: Db, chapterId: string) {
  return db
    .selectFrom("chapter_narrations")
    .select(["duration_ms"])
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
}

async function saveTimings(db: Db, chapterId: string, timings: NarrationTimings) {
  await db
    .updateTable("chapter_narrations")
    .set({ timings: JSON.stringify(timings), updated_at: new Date() })
    .where("chapter_id", "=", chapterId)
    .execute();
}

/** The author's marks (each word's start), tapped along or nudged in the editor. */
export async function saveNarrationMarks(db: Db, chapterId: string, begins: unknown): Promise<AuthoringResult> {
  const found = await chapterWords(db, chapterId);
  const narration = await storedNarration(db, chapterId);
  if (!found || !narration) return { ok: false, status: 404, field: "marks", error: NARRATION_MESSAGES.noNarration };
  if (!validBegins(begins, found.words.length, narration.duration_ms))
    return { ok: false, status: 400, field: "marks", error: NARRATION_MESSAGES.marks };
  await saveTimings(db, chapterId, timingsFromBegins(found.words, begins, narration.duration_ms));
  return { ok: true, message: "Marcas guardadas: así se iluminarán las palabras en «Léemelo»." };
}

/**
 * Marks made elsewhere (a subtitle editor, an aligner), as WebVTT: one cue per word of the
 * chapter, in order. The words stay the chapter's own; the file gives their times.
 */
export async function importNarrationWebVtt(db: Db, chapterId: string, text: string | null): Promise<AuthoringResult> {
  if (!text) return { ok: false, status: 400, field: "vtt", error: NARRATION_MESSAGES.vttMissing };
  const found = await chapterWords(db, chapterId);
  const narration = await storedNarration(db, chapterId);
  if (!found || !narration) return { ok: false, status: 404, field: "vtt", error: NARRATION_MESSAGES.noNarration };
  const parsed = webVttToWords(text);
  if ("error" in parsed) return { ok: false, status: 400, field: "vtt", error: parsed.error };
  if (parsed.words.length !== found.words.length)
    return {
      ok: false,
      status: 400,
      field: "vtt",
      error: `El archivo tiene ${parsed.words.length} marcas y el capítulo ${found.words.length} palabras: debe haber una marca por palabra.`,
    };
  const begins = parsed.words.map(([, begin]) => begin);
  if (!validBegins(begins, found.words.length, narration.duration_ms))
    return { ok: false, status: 400, field: "vtt", error: "Alguna marca cae después del final de la grabación." };
  await saveTimings(db, chapterId, timingsFromBegins(found.words, begins, narration.duration_ms));
  return { ok: true, message: `Marcas importadas: ${begins.length} palabras.` };
}

export async function removeNarration(db: Db, chapterId: string): Promise<AuthoringResult> {
  await db.deleteFrom("chapter_narrations").where("chapter_id", "=", chapterId).execute();
  return { ok: true, message: "Narración borrada: el capítulo ya no ofrece «Léemelo»." };
}

/** The stored timings, for the authors' WebVTT export. */
export async function narrationTimingsOf(db: Db, chapterId: string): Promise<NarrationTimings | null> {
  const row = await db
    .selectFrom("chapter_narrations")
    .select("timings")
    .where("chapter_id", "=", chapterId)
    .executeTakeFirst();
  return (row?.timings as NarrationTimings | undefined) ?? null;
}

import { createHash } from "node:crypto";
import type { Db } from "../../lib/db.server.ts";

/** A pronunciation is a word or two: a few seconds, well under this even at a phone's bitrates. */
export const RECORDING_MAX_BYTES = 300 * 1024;
export const RECORDING_MAX_SECONDS = 20;

export const RECORDING_MESSAGES = {
  tooBig: "La grabación pesa más de 300 KB. Graba solo la palabra (unos segundos) y vuelve a intentarlo.",
  wrongType:
    "Ese archivo no es una grabación de audio que podamos usar. Sube un archivo M4A, MP3, OGG, Opus, WebM o WAV.",
  video: "Ese archivo tiene video. Sube solo el audio (M4A, MP3, OGG, Opus, WebM o WAV).",
  tooLong: `La grabación dura más de ${RECORDING_MAX_SECONDS} segundos. Graba solo la palabra.`,
} as const;

type Kind = { extension: "m4a" | "mp3" | "ogg" | "webm" | "wav"; contentType: string };

/**
 * The kind of a parsed file by the container music-metadata found in its bytes (never by its
 * name or the browser's word for it). Anything else is refused.
 */
function kindOf(container: string, codec: string): Kind | null {
  if (container === "Ogg") return { extension: "ogg", contentType: "audio/ogg" };
  if (container === "WAVE") return { extension: "wav", contentType: "audio/wav" };
  if (/^EBML\/webm$/i.test(container)) return { extension: "webm", contentType: "audio/webm" };
  if (container === "MPEG" && /layer 3/i.test(codec)) return { extension: "mp3", contentType: "audio/mpeg" };
  // MP4 audio names its brands, e.g. 'M4A/isom/mp42' from a phone's voice memo.
  if (/(^|\/)(M4A|mp4[12]|isom|3gp\d?)(\/|$)/i.test(container)) return { extension: "m4a", contentType: "audio/mp4" };
  return null;
}

export type RecordingResult = { ok: true; url: string } | { ok: false; status: number; error: string };

export const recordingUrlOf = (hash: string, extension: string) => `/media/${hash}.${extension}`;

/**
 * Checks an uploaded pronunciation by parsing it with music-metadata (the file is read, never
 * run or handed to a player on the server) and stores it once, named by its content.
 */
export async function storeRecording(db: Db, bytes: Uint8Array, { demo = false } = {}): Promise<RecordingResult> {
  if (bytes.byteLength === 0) return { ok: false, status: 400, error: RECORDING_MESSAGES.wrongType };
  if (bytes.byteLength > RECORDING_MAX_BYTES) return { ok: false, status: 400, error: RECORDING_MESSAGES.tooBig };
  let format;
  try {
    // Loaded on the first upload, not at start, like sharp (docs/decisions/039).
    const { parseBuffer } = await import("music-metadata");
    ({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }));
  } catch {
    return { ok: false, status: 400, error: RECORDING_MESSAGES.wrongType };
  }
  if (format.hasVideo) return { ok: false, status: 400, error: RECORDING_MESSAGES.video };
  const kind = kindOf(format.container ?? "", format.codec ?? "");
  const seconds = format.duration ?? 0;
  if (!kind || format.hasAudio === false || !(seconds > 0))
    return { ok: false, status: 400, error: RECORDING_MESSAGES.wrongType };
  if (seconds > RECORDING_MAX_SECONDS) return { ok: false, status: 400, error: RECORDING_MESSAGES.tooLong };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  await db
    .insertInto("glossary_recordings")
    .values({
      hash,
      extension: kind.extension,
      content_type: kind.contentType,
      data: bytes,
      duration_ms: Math.max(1, Math.round(seconds * 1000)),
      demo,
    })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
  return { ok: true, url: recordingUrlOf(hash, kind.extension) };
}

export async function readRecording(db: Db, hash: string, extension: string) {
  return db
    .selectFrom("glossary_recordings")
    .select(["content_type", "data"])
    .where("hash", "=", hash)
    .where("extension", "=", extension)
    .executeTakeFirst();
}

/** The addresses of the demo's synthetic recordings, which the admin labels as such. */
export async function demoRecordingUrls(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("glossary_recordings")
    .select(["hash", "extension"])
    .where("demo", "=", true)
    .execute();
  return rows.map((row) => recordingUrlOf(row.hash, row.extension));
}

import { createHash } from "node:crypto";
import { AUDIO_FORMATS_TEXT, parseAudio, type AudioKind } from "../../lib/audio-files.server.ts";
import type { Db } from "../../lib/db.server.ts";

/** A pronunciation is a word or two: a few seconds, well under this even at a phone's bitrates. */
export const RECORDING_MAX_BYTES = 300 * 1024;
export const RECORDING_MAX_SECONDS = 20;

export const RECORDING_MESSAGES = {
  tooBig: "La grabación pesa más de 300 KB. Graba solo la palabra (unos segundos) y vuelve a intentarlo.",
  wrongType: `Ese archivo no es una grabación de audio que podamos usar. Sube un archivo ${AUDIO_FORMATS_TEXT}.`,
  video: `Ese archivo tiene video. Sube solo el audio (${AUDIO_FORMATS_TEXT}).`,
  tooLong: `La grabación dura más de ${RECORDING_MAX_SECONDS} segundos. Graba solo la palabra.`,
} as const;

export type RecordingResult = { ok: true; url: string } | { ok: false; status: number; error: string };

export const recordingUrlOf = (hash: string, extension: string) => `/media/${hash}.${extension}`;

/** A pronunciation that passed its checks, ready to keep. */
export type CheckedRecording = {
  ok: true;
  bytes: Uint8Array;
  hash: string;
  kind: AudioKind;
  durationMs: number;
};

/**
 * Checks an uploaded pronunciation by parsing it with music-metadata (the file is read, never
 * run or handed to a player on the server). Done before any transaction: parsing holds none open.
 */
export async function checkRecording(
  bytes: Uint8Array,
): Promise<CheckedRecording | { ok: false; status: number; error: string }> {
  if (bytes.byteLength === 0) return { ok: false, status: 400, error: RECORDING_MESSAGES.wrongType };
  if (bytes.byteLength > RECORDING_MAX_BYTES) return { ok: false, status: 400, error: RECORDING_MESSAGES.tooBig };
  const parsed = await parseAudio(bytes);
  if (!parsed.ok)
    return {
      ok: false,
      status: 400,
      error: parsed.reason === "video" ? RECORDING_MESSAGES.video : RECORDING_MESSAGES.wrongType,
    };
  const { kind, durationMs } = parsed;
  if (durationMs > RECORDING_MAX_SECONDS * 1000) return { ok: false, status: 400, error: RECORDING_MESSAGES.tooLong };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  return { ok: true, bytes, hash, kind, durationMs };
}

/** Keeps a checked recording once, named by its content; its address. */
export async function keepRecording(db: Db, recording: CheckedRecording, { demo = false } = {}): Promise<string> {
  await db
    .insertInto("glossary_recordings")
    .values({
      hash: recording.hash,
      extension: recording.kind.extension,
      content_type: recording.kind.contentType,
      data: recording.bytes,
      duration_ms: recording.durationMs,
      demo,
    })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .execute();
  return recordingUrlOf(recording.hash, recording.kind.extension);
}

/** Checks a recording and keeps it: the seed's demo recordings, and the tests. */
export async function storeRecording(db: Db, bytes: Uint8Array, { demo = false } = {}): Promise<RecordingResult> {
  const checked = await checkRecording(bytes);
  return checked.ok ? { ok: true, url: await keepRecording(db, checked, { demo }) } : checked;
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

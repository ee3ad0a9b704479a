/**
 * Uploaded audio (a glossary word's pronunciation, a chapter's narration): what it is, read from
 * its bytes by music-metadata (the file is parsed, never run or handed to a player on the
 * server), never from its name or the browser's word for it.
 */
export type AudioKind = { extension: "m4a" | "mp3" | "ogg" | "webm" | "wav"; contentType: string };

/** The formats phones and recorders export, as readers are told when a file is refused. */
export const AUDIO_FORMATS_TEXT = "M4A, MP3, OGG, Opus, WebM o WAV";

function kindOf(container: string, codec: string): AudioKind | null {
  if (container === "Ogg") return { extension: "ogg", contentType: "audio/ogg" };
  if (container === "WAVE") return { extension: "wav", contentType: "audio/wav" };
  if (/^EBML\/webm$/i.test(container)) return { extension: "webm", contentType: "audio/webm" };
  if (container === "MPEG" && /layer 3/i.test(codec)) return { extension: "mp3", contentType: "audio/mpeg" };
  // MP4 audio names its brands, e.g. 'M4A/isom/mp42' from a phone's voice memo.
  if (/(^|\/)(M4A|mp4[12]|isom|3gp\d?)(\/|$)/i.test(container)) return { extension: "m4a", contentType: "audio/mp4" };
  return null;
}

export type ParsedAudio =
  { ok: true; kind: AudioKind; durationMs: number } | { ok: false; reason: "not-audio" | "video" };

/** The kind and length of an audio file, or why it is none this site plays. */
export async function parseAudio(bytes: Uint8Array): Promise<ParsedAudio> {
  if (bytes.byteLength === 0) return { ok: false, reason: "not-audio" };
  let format;
  try {
    // Loaded on the first upload, not at start, like sharp (docs/decisions/039).
    const { parseBuffer } = await import("music-metadata");
    ({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }));
  } catch {
    return { ok: false, reason: "not-audio" };
  }
  if (format.hasVideo) return { ok: false, reason: "video" };
  const kind = kindOf(format.container ?? "", format.codec ?? "");
  const seconds = format.duration ?? 0;
  if (!kind || format.hasAudio === false || !(seconds > 0)) return { ok: false, reason: "not-audio" };
  return { ok: true, kind, durationMs: Math.max(1, Math.round(seconds * 1000)) };
}

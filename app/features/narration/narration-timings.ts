import type { NarrationTimings } from "../../lib/db-schema.ts";

export type { NarrationTimings };

/** The label readers see beside the demo's synthetic narration. */
export const DEMO_NARRATION_LABEL = "Narración de demostración";

/** Whether a value is timings this site can play: words in order, each inside the audio. */
export function isNarrationTimings(value: unknown): value is NarrationTimings {
  if (typeof value !== "object" || value === null) return false;
  const { version, durationMs, words } = value as Partial<NarrationTimings>;
  if (version !== 1 || typeof durationMs !== "number" || !Array.isArray(words)) return false;
  let previousBegin = 0;
  for (const entry of words) {
    if (!Array.isArray(entry) || entry.length !== 3) return false;
    const [word, begin, end] = entry;
    if (typeof word !== "string" || typeof begin !== "number" || typeof end !== "number") return false;
    if (begin < previousBegin || end < begin || end > durationMs) return false;
    previousBegin = begin;
  }
  return true;
}

/** The narration's files in its authors' page, whether or not the chapter is open to them as readers. */
export const NARRATION_EDITOR_FILES = { audio: "grabacion", webVtt: "palabras.vtt" } as const;

/** What readers are told about the voice ('Leído por …'), at most this long. */
export const NARRATION_LABEL_MAX = 80;

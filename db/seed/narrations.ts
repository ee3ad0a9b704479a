import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_NARRATION_LABEL } from "../../app/features/narration/narration-timings.ts";

/**
 * The demo's narrations (decision 074): chapter 1 read by eSpeak, a synthetic placeholder voice
 * labelled as such, with exact word timings. Made by db/seed/narration/narrate-demo.ts (optional, needs
 * espeak-ng); the seed only reads the committed files.
 */
export const seedNarrations = [{ chapterId: "capitulo-1", label: DEMO_NARRATION_LABEL }].map(({ chapterId, label }) => {
  const file = (extension: string) => join(import.meta.dirname, "narration", `${chapterId}.${extension}`);
  return {
    chapterId,
    label,
    contentType: "audio/ogg",
    audio: () => new Uint8Array(readFileSync(file("ogg"))),
    timings: () => readFileSync(file("json"), "utf8"),
  };
});

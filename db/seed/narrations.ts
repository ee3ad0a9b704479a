import { DEMO_NARRATION_LABEL } from "../../app/features/narration/narration-timings.ts";

/**
 * The demo's narrations (decision 074): chapter 1 read by eSpeak, a synthetic placeholder voice
 * labelled as such, with exact word timings. Made by db/seed/narration/narrate-demo.ts (optional,
 * needs espeak-ng); WebM with its index first, so a browser starts playing without reading the end
 * of the file first (decision 078); the seed reads the committed files, bundled into the server build like the
 * migrations (the audio as a data URL, ~0.5 MB).
 */
const audioFiles = import.meta.glob<string>("./narration/*.webm", { query: "?inline", import: "default", eager: true });
const timingFiles = import.meta.glob<string>("./narration/*.json", { query: "?raw", import: "default", eager: true });

const fromDataUrl = (url: string) => new Uint8Array(Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));

export const seedNarrations = [{ chapterId: "capitulo-1", label: DEMO_NARRATION_LABEL }].map(({ chapterId, label }) => {
  const audio = audioFiles[`./narration/${chapterId}.webm`];
  const timings = timingFiles[`./narration/${chapterId}.json`];
  if (!audio || !timings) throw new Error(`seed: no narration files for ${chapterId}`);
  return { chapterId, label, contentType: "audio/webm", audio: () => fromDataUrl(audio), timings: () => timings };
});

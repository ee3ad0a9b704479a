import type { NarrationTimings } from "./narration-timings.ts";

/**
 * Word timings as WebVTT and back (decision 074): one cue per word, its identifier the word's
 * fragment id (`w<n>`), its text the word. The same file opens in subtitle editors and aligners,
 * and converts to an EPUB 3 Media Overlay's SMIL (`<par>` per fragment id, `clipBegin`/`clipEnd`).
 */
const clock = (ms: number) => {
  const whole = Math.round(ms);
  const part = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${part(Math.floor(whole / 3_600_000))}:${part(Math.floor(whole / 60_000) % 60)}:${part(Math.floor(whole / 1000) % 60)}.${part(whole % 1000, 3)}`;
};

export function timingsToWebVtt(timings: NarrationTimings): string {
  const cues = timings.words.map(
    ([word, begin, end], index) => `w${index}\n${clock(begin)} --> ${clock(end)}\n${word}`,
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;
const toMs = (text: string) => {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes, seconds, millis] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
};

/** The cues of a WebVTT file as word timings, in order; a Spanish reason when it is not one. */
export function webVttToWords(text: string): { words: NarrationTimings["words"] } | { error: string } {
  const blocks = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  if (!blocks[0]?.startsWith("WEBVTT")) return { error: "El archivo no es WebVTT: debe empezar por «WEBVTT»." };
  const words: NarrationTimings["words"] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    const timing = lines.findIndex((line) => line.includes("-->"));
    if (timing === -1) continue; // NOTE, STYLE and REGION blocks carry no cue.
    const [from = "", to = ""] = lines[timing]!.split("-->");
    const begin = toMs(from);
    const end = toMs(to.trim().split(/\s+/)[0] ?? "");
    const word = lines
      .slice(timing + 1)
      .join(" ")
      .trim();
    if (begin === null || end === null || end < begin || !word)
      return { error: `La marca ${words.length + 1} no tiene un tiempo válido o una palabra.` };
    if (words.length && begin < words[words.length - 1]![1])
      return { error: `La marca ${words.length + 1} empieza antes que la anterior.` };
    words.push([word, begin, end]);
  }
  if (!words.length) return { error: "El archivo no tiene ninguna marca de tiempo." };
  return { words };
}

/**
 * OPTIONAL, for maintainers only: regenerates the demo narration of chapter 1 (this folder)
 * that the seed stores. The build, `npm start` and the tests use the committed files and never
 * run this. Needs Debian's `espeak-ng`, `opus-tools` and `ffmpeg` on the machine that runs it:
 *
 *   apt-get install -y espeak-ng opus-tools ffmpeg && node db/seed/narration/narrate-demo.ts
 *
 * Each word is spoken on its own by eSpeak, its silence trimmed, and the words laid end to end
 * with pauses after punctuation, so every word's begin and end are known to the sample: exact
 * timings for a placeholder voice (decision 074). A real narration is a human recording.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedChapterTexts } from "../chapters.ts";
import { sanitizeChapterHtml } from "../../../app/features/chapters/chapters.server.ts";
import { wordsOfHtml } from "../../../app/features/narration/narration-words.ts";
import type { NarrationTimings } from "../../../app/features/narration/narration-timings.ts";

const CHAPTER_ID = "capitulo-1";
const OUTPUT = import.meta.dirname;
const VOICE = "es-419";
const WORDS_PER_MINUTE = "150";
const BITRATE_KBPS = "16";
const SILENCE_THRESHOLD = 300;

type Pcm = { rate: number; samples: Int16Array };

function readWav(file: string): Pcm {
  const bytes = readFileSync(file);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let rate = 22050;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") rate = view.getUint32(offset + 12, true);
    if (id === "data") {
      const length = Math.min(size, bytes.length - offset - 8) >> 1;
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(offset + 8 + i * 2, true);
      return { rate, samples };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error(`${file}: no data chunk`);
}

function wav({ rate, samples }: Pcm): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** The spoken part of one word: its leading and trailing silence cut. */
function speak(word: string, scratch: string): Pcm {
  const file = join(scratch, "word.wav");
  execFileSync("espeak-ng", ["-v", VOICE, "-s", WORDS_PER_MINUTE, "-w", file, "--", word]);
  const pcm = readWav(file);
  let first = 0;
  let last = pcm.samples.length - 1;
  while (first < last && Math.abs(pcm.samples[first]!) < SILENCE_THRESHOLD) first++;
  while (last > first && Math.abs(pcm.samples[last]!) < SILENCE_THRESHOLD) last--;
  return { rate: pcm.rate, samples: pcm.samples.slice(first, last + 1) };
}

/** The pause after a word, longer after a sentence or a clause, as a reader would take. */
const pauseAfter = (word: string) => (/[.!?…]$/.test(word) ? 450 : /[,;:—]$/.test(word) ? 220 : 70);

const text = seedChapterTexts.find((chapter) => chapter.id === CHAPTER_ID);
if (!text) throw new Error(`no seed text for ${CHAPTER_ID}`);
const words = wordsOfHtml(sanitizeChapterHtml(text.content));
const scratch = mkdtempSync(join(tmpdir(), "narrate-"));
try {
  const parts: Int16Array[] = [];
  const timings: NarrationTimings["words"] = [];
  let rate = 0;
  let position = 0;
  const push = (samples: Int16Array) => {
    parts.push(samples);
    position += samples.length;
  };
  const ms = (samples: number) => Math.round((samples * 1000) / rate);
  for (const word of words) {
    // Spoken without quotes and dashes, which eSpeak would otherwise name.
    const spoken = speak(word.replace(/[—«»"“”]/g, " ").trim(), scratch);
    rate ||= spoken.rate;
    if (position === 0) push(new Int16Array(Math.round(rate * 0.3)));
    timings.push([word, ms(position), ms(position + spoken.samples.length)]);
    push(spoken.samples);
    push(new Int16Array(Math.round((rate * pauseAfter(word)) / 1000)));
  }
  const all = new Int16Array(position);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const wavFile = join(scratch, "chapter.wav");
  writeFileSync(wavFile, wav({ rate, samples: all }));
  const oggFile = join(scratch, "chapter.ogg");
  execFileSync("opusenc", ["--quiet", "--speech", "--bitrate", BITRATE_KBPS, "--title", text.title, wavFile, oggFile]);
  // The same Opus packets in WebM with its index (cues) before the audio and the length in its
  // header: a browser starts playing from the first bytes. From Ogg, Chrome first read the file's
  // last 72 KB to learn its length, 1.5 s on a slow phone's link (decision 078).
  const audioFile = join(OUTPUT, `${CHAPTER_ID}.webm`);
  execFileSync("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-i",
    oggFile,
    "-c:a",
    "copy",
    "-f",
    "webm",
    "-cues_to_front",
    "1",
    "-reserve_index_space",
    "4096",
    audioFile,
  ]);
  const result: NarrationTimings = { version: 1, durationMs: ms(position), words: timings };
  writeFileSync(join(OUTPUT, `${CHAPTER_ID}.json`), JSON.stringify(result) + "\n");
  const bytes = readFileSync(audioFile).length;
  console.log(
    `${words.length} words, ${(result.durationMs / 1000).toFixed(1)} s, ${bytes} bytes ` +
      `(${Math.round(bytes / 1024 / (result.durationMs / 60000))} KB per minute)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

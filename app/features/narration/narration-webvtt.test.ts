import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { timingsToWebVtt, webVttToWords } from "./narration-webvtt.ts";
import type { NarrationTimings } from "./narration-timings.ts";

const demo = JSON.parse(
  readFileSync(new URL("../../../db/seed/narration/capitulo-1.json", import.meta.url), "utf8"),
) as NarrationTimings;

describe("word timings as WebVTT", () => {
  it("writes one cue per word, named by its fragment id", () => {
    const vtt = timingsToWebVtt({
      version: 1,
      durationMs: 3_725_000,
      words: [
        ["Hola", 300, 647],
        ["Taquito", 3_600_001, 3_724_999],
      ],
    });
    expect(vtt).toBe(
      "WEBVTT\n\nw0\n00:00:00.300 --> 00:00:00.647\nHola\n\nw1\n01:00:00.001 --> 01:02:04.999\nTaquito\n",
    );
  });

  it("reads back what it wrote: the demo's chapter 1 round-trips exactly", () => {
    expect(webVttToWords(timingsToWebVtt(demo))).toEqual({ words: demo.words });
  });

  it("reads a file from a subtitle editor: CRLF, short times, settings, notes", () => {
    const file =
      "WEBVTT\r\n\r\nNOTE hecho a mano\r\n\r\n00:01.000 --> 00:01.500 align:start\r\nEl\r\n\r\n2\r\n00:01.600 --> 00:02.000\r\nperro\r\n";
    expect(webVttToWords(file)).toEqual({
      words: [
        ["El", 1000, 1500],
        ["perro", 1600, 2000],
      ],
    });
  });

  it("refuses what is not word timings, saying why in Spanish", () => {
    expect(webVttToWords("1\n00:00:01.000 --> 00:00:02.000\nHola")).toEqual({
      error: expect.stringContaining("WEBVTT"),
    });
    expect(webVttToWords("WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nHola")).toEqual({
      error: expect.stringContaining("marca 1"),
    });
    expect(webVttToWords("WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nuna\n\n00:00:01.000 --> 00:00:01.500\ndos")).toEqual(
      {
        error: expect.stringContaining("antes que la anterior"),
      },
    );
    expect(webVttToWords("WEBVTT\n")).toEqual({ error: expect.stringContaining("ninguna marca") });
  });
});

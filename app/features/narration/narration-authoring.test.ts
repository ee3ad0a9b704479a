import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as narrationAction,
  loader as narrationEditorLoader,
} from "../../routes/adminpanel.capitulos.$id.narracion.tsx";
import { loader as narrationFileLoader } from "../../routes/adminpanel.capitulos.$id.narracion.$file.ts";
import { loader as readerNarrationLoader } from "../../routes/narracion.$.ts";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import {
  answerOf,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  withParams,
} from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { CHAPTER_PATHS } from "../../../db/seed/chapter-paths.ts";
import { draftTimings, NARRATION_MESSAGES } from "./narration-authoring.server.ts";
import { isNarrationTimings, type NarrationTimings } from "./narration-timings.ts";
import { timingsToWebVtt } from "./narration-webvtt.ts";

/** The demo's recording (WebM Opus, 2 min 39 s): any real recording will do for another chapter. */
const RECORDING = readFileSync(join(import.meta.dirname, "../../../db/seed/narration/capitulo-1.webm"));
const chapterTwo = CHAPTER_PATHS.find((chapter) => chapter.number === 2)!;

describe.each(DATABASE_KINDS)("a chapter's narration made by its authors, on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  let admin: { cookie: string };
  let reader: { cookie: string };
  const base = `/adminpanel/capitulos/${chapterTwo.id}/narracion`;

  const post = async (cookie: string, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return settle(async () =>
      narrationAction(
        withParams(await routeArgs(services, base, { method: "POST", cookie, body }), { id: chapterTwo.id }),
      ),
    );
  };
  const stored = () =>
    services.db
      .selectFrom("chapter_narrations")
      .select(["duration_ms", "content_type", "timings", "label"])
      .where("chapter_id", "=", chapterTwo.id)
      .executeTakeFirst();
  const editor = async (cookie: string) =>
    settle(async () =>
      narrationEditorLoader(withParams(await routeArgs(services, base, { cookie }), { id: chapterTwo.id })),
    );

  beforeAll(async () => {
    admin = await signUpReader(services, `autora.narracion.${kind}@example.com`);
    await grantAdminByEmail(services.db, `autora.narracion.${kind}@example.com`, services.live.publish);
    reader = await signUpReader(services, `lector.narracion.${kind}@example.com`);
    await services.db.deleteFrom("chapter_narrations").where("chapter_id", "=", chapterTwo.id).execute();
  });

  it("refuses what is no recording, with the reason beside the field, and stores nothing", async () => {
    const notAudio = await post(admin.cookie, {
      intent: "upload",
      audio: new File(["no soy audio, solo texto con nombre de audio"], "capitulo.ogg", { type: "audio/ogg" }),
    });
    expect(statusOf(notAudio)).toBe(400);
    expect(answerOf(notAudio).body).toMatchObject({ field: "audio", error: NARRATION_MESSAGES.wrongType });
    const missing = await post(admin.cookie, { intent: "upload", label: "Leído por Ana" });
    expect(answerOf(missing).body).toMatchObject({ field: "audio", error: NARRATION_MESSAGES.missing });
    const longLabel = await post(admin.cookie, {
      intent: "upload",
      label: "x".repeat(81),
      audio: new File([RECORDING], "voz.ogg"),
    });
    expect(answerOf(longLabel).body).toMatchObject({ field: "label", error: NARRATION_MESSAGES.label });
    expect(await stored()).toBeUndefined();
  });

  it("is the admins' only: a reader is refused, and nothing is stored", async () => {
    const refused = await post(reader.cookie, { intent: "upload", audio: new File([RECORDING], "voz.ogg") });
    expect(statusOf(refused)).toBe(403);
    expect(await stored()).toBeUndefined();
  });

  it("stores a recording with its length, a draft of one mark per word, and offers it to readers", async () => {
    const uploaded = await post(admin.cookie, {
      intent: "upload",
      label: "Leído por Ana",
      audio: new File([RECORDING], "voz.ogg", { type: "application/octet-stream" }),
    });
    expect(statusOf(uploaded)).toBe(200);
    const row = await stored();
    // The kind comes from the bytes, not from the name or the browser's word for it.
    expect(row).toMatchObject({ content_type: "audio/webm", label: "Leído por Ana" });
    expect(row!.duration_ms).toBeGreaterThan(150_000);
    const timings = row!.timings as NarrationTimings;
    expect(isNarrationTimings(timings)).toBe(true);
    const page = answerOf(await editor(admin.cookie)).body as {
      words: string[];
      narration: { durationMs: number; bytes: number; begins: number[] };
    };
    expect(timings.words.map(([word]) => word)).toEqual(page.words);
    expect(page.narration.bytes).toBe(RECORDING.length);
    expect(page.narration.begins).toEqual(timings.words.map(([, begin]) => begin));
  });

  it("saves the author's marks in order, and refuses marks that do not fit, keeping the stored ones", async () => {
    const before = (await stored())!.timings as NarrationTimings;
    const words = before.words.length;
    const begins = before.words.map(([, begin]) => begin);
    // The first word moved 250 ms later, as an author nudges it.
    begins[0] = 250;
    begins[1] = Math.max(begins[1]!, 250);
    const saved = await post(admin.cookie, { intent: "marks", begins: JSON.stringify(begins) });
    expect(statusOf(saved)).toBe(200);
    const after = (await stored())!.timings as NarrationTimings;
    expect(after.words[0]![1]).toBe(250);
    expect(after.words[0]![2]).toBe(Math.min(after.words[1]![1], 250 + 2_000));

    for (const wrong of [
      begins.slice(1), // one mark short
      [...begins.slice(0, -2), begins.at(-1)!, begins.at(-2)! - 1], // out of order
      begins.map((begin, index) => (index === words - 1 ? after.durationMs + 5 : begin)), // past the end
    ]) {
      const refused = await post(admin.cookie, { intent: "marks", begins: JSON.stringify(wrong) });
      expect(statusOf(refused)).toBe(400);
      expect(answerOf(refused).body).toMatchObject({ field: "marks", error: NARRATION_MESSAGES.marks });
    }
    expect(((await stored())!.timings as NarrationTimings).words).toEqual(after.words);
  });

  it("exports the marks as WebVTT and imports them back, one cue per word, refusing a file for another text", async () => {
    const exported = (await settle(async () =>
      narrationFileLoader(
        withParams(await routeArgs(services, `${base}/palabras.vtt`, { cookie: admin.cookie }), {
          id: chapterTwo.id,
          file: "palabras.vtt",
        }),
      ),
    )) as Response;
    expect(exported.headers.get("Content-Type")).toContain("text/vtt");
    const vtt = await exported.text();
    const current = (await stored())!.timings as NarrationTimings;
    expect(vtt).toBe(timingsToWebVtt(current));

    // Moved 100 ms later throughout, as an aligner would hand them back.
    const shifted = timingsToWebVtt({
      ...current,
      words: current.words.map(([word, begin, end]) => [word, begin + 100, end + 100]),
    });
    const imported = await post(admin.cookie, { intent: "import-vtt", vtt: new File([shifted], "marcas.vtt") });
    expect(statusOf(imported)).toBe(200);
    expect(((await stored())!.timings as NarrationTimings).words[3]![1]).toBe(current.words[3]![1] + 100);

    const shorter = timingsToWebVtt({ ...current, words: current.words.slice(0, 10) });
    const refused = await post(admin.cookie, { intent: "import-vtt", vtt: new File([shorter], "otra.vtt") });
    expect(statusOf(refused)).toBe(400);
    expect(answerOf(refused).body).toMatchObject({ field: "vtt" });
    expect(((await stored())!.timings as NarrationTimings).words[3]![1]).toBe(current.words[3]![1] + 100);
  });

  it("reaches readers through the chapter's own rule once saved, and is gone once deleted", async () => {
    const slug = chapterTwo.slug;
    const askTimings = async () =>
      (await settle(async () =>
        readerNarrationLoader(
          withParams(await routeArgs(services, `/narracion/${slug}/palabras.json`, { cookie: reader.cookie }), {
            "*": `${slug}/palabras.json`,
          }),
        ),
      )) as Response;
    const served = await askTimings();
    expect(served.status).toBe(200);
    expect(((await served.json()) as NarrationTimings).words).toEqual(
      ((await stored())!.timings as NarrationTimings).words,
    );
    const deleted = await post(admin.cookie, { intent: "delete" });
    expect(statusOf(deleted)).toBe(200);
    expect(await stored()).toBeUndefined();
    expect((await askTimings()).status).toBe(404);
  });
});

describe("a draft of the marks", () => {
  it("gives every word a start in order, inside the recording, with longer room after a full stop", () => {
    const words = ["Valentina", "corrió.", "Taquito", "ladró,", "y", "se", "fueron."];
    const draft = draftTimings(words, 10_000);
    expect(isNarrationTimings(draft)).toBe(true);
    const begins = draft.words.map(([, begin]) => begin);
    expect(begins[0]).toBe(0);
    const gap = (index: number) => begins[index + 1]! - begins[index]!;
    // "corrió." and "Taquito" have 7 letters; the full stop's pause makes the first longer.
    expect(gap(1)).toBeGreaterThan(gap(2));
  });
});

import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as narrationLoader } from "../../routes/narracion.$.ts";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { loader as rootLoader } from "../../root.tsx";
import { routeArgs, settle, signUpReader, statusOf, withParams } from "../../../tests/support/route-harness.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { wordsOfHtml } from "./narration-words.ts";
import { DEMO_NARRATION_LABEL, isNarrationTimings } from "./narration-timings.ts";
import type { Services } from "../../runtime/services.server.ts";

const byNumber = (number: number) => CHAPTER_PATHS.find((chapter) => chapter.number === number)!;

/** GET /narracion/<slug>/<file> through the real loader, as a browser with this cookie asks it. */
const ask = (services: Services, slug: string, file: string, init: { cookie?: string; range?: string } = {}) =>
  settle(async () =>
    narrationLoader(
      withParams(
        await routeArgs(services, `/narracion/${slug}/${file}`, {
          cookie: init.cookie,
          headers: init.range ? { Range: init.range } : undefined,
        }),
        { "*": `${slug}/${file}` },
      ),
    ),
  ) as Promise<Response>;

/** Gives a members' chapter the demo's narration, so its lock can be tried on it. */
async function narrate(services: Services, chapterId: string) {
  const demo = await services.db
    .selectFrom("chapter_narrations")
    .selectAll()
    .where("chapter_id", "=", "capitulo-1")
    .executeTakeFirstOrThrow();
  await services.db
    .insertInto("chapter_narrations")
    .values({ ...demo, chapter_id: chapterId, timings: JSON.stringify(demo.timings) })
    .execute();
  services.contentCache.clear();
}

describe("a chapter's narration, with the real lock (CHAPTERS_FORCE_UNLOCKED=false)", () => {
  const services = useTestServices("pglite", { seed: true, env: { CHAPTERS_FORCE_UNLOCKED: "false" } });
  const chapter9 = byNumber(9);
  beforeAll(() => narrate(services, chapter9.id));

  it("refuses a members' chapter's audio and timings to a visitor as its page does: sign in first", async () => {
    for (const file of ["audio.ogg", "palabras.json", "palabras.vtt"]) {
      const answer = await ask(services, chapter9.slug, file);
      expect(answer.status, file).toBe(302);
      expect(answer.headers.get("Location"), file).toBe(`/login?redirectTo=%2F${chapter9.slug}`);
    }
  });

  it("refuses them to a reader without the chapter's code (404, as the locked page), gives them after the scan", async () => {
    const reader = await signUpReader(services, "narration-reader@example.com");
    for (const file of ["audio.ogg", "palabras.json", "palabras.vtt"]) {
      const refused = await ask(services, chapter9.slug, file, { cookie: reader.cookie });
      expect(refused.status, file).toBe(404);
      expect(refused.headers.get("Content-Type"), file).not.toMatch(/audio|json/);
    }
    // The page itself is refused the same way.
    expect(
      statusOf(
        await settle(async () =>
          chapterLoader(await routeArgs(services, `/${chapter9.slug}`, { cookie: reader.cookie })),
        ),
      ),
    ).toBe(404);

    // The printed code's visit: the root loader unlocks the chapter.
    await rootLoader(await routeArgs(services, tokenPathOf(chapter9), { cookie: reader.cookie }));
    const audio = await ask(services, chapter9.slug, "audio.ogg", { cookie: reader.cookie });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("Content-Type")).toBe("audio/webm");
    expect(audio.headers.get("Cache-Control")).toMatch(/^private/);
    const timings = await ask(services, chapter9.slug, "palabras.json", { cookie: reader.cookie });
    expect(timings.status).toBe(200);
    expect(isNarrationTimings(await timings.json())).toBe(true);
    const webVtt = await ask(services, chapter9.slug, "palabras.vtt", { cookie: reader.cookie });
    expect(webVtt.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(await webVtt.text()).toMatch(/^WEBVTT\n\nw0\n00:00:00\.\d{3} --> /);
  });

  it("answers 404 for a chapter without narration and for a path that names no chapter", async () => {
    const reader = await signUpReader(services, "narration-none@example.com");
    expect((await ask(services, byNumber(2).slug, "audio.ogg", { cookie: reader.cookie })).status).toBe(404);
    expect((await ask(services, "no-existe", "palabras.json")).status).toBe(404);
    expect((await ask(services, byNumber(1).slug, "otra-cosa.mp3")).status).toBe(404);
  });
});

describe("the demo narration of chapter 1 (forced unlock, the default)", () => {
  const services = useTestServices("pglite", { seed: true });
  const chapter1 = byNumber(1);

  it("is offered on the chapter page, labelled as a demo, with no token path and no audio in the page", async () => {
    const page = (await chapterLoader(await routeArgs(services, tokenPathOf(chapter1)))) as {
      narration: { audio: string; timings: string; label: string } | null;
    };
    expect(page.narration).toMatchObject({
      audio: expect.stringMatching(new RegExp(`^/narracion/${chapter1.slug}/audio\\.ogg\\?v=\\d+$`)),
      timings: expect.stringMatching(new RegExp(`^/narracion/${chapter1.slug}/palabras\\.json\\?v=\\d+$`)),
      label: DEMO_NARRATION_LABEL,
    });
    expect(JSON.stringify(page)).not.toContain(tokenPathOf(chapter1));
    const reader = await signUpReader(services, "no-narration@example.com");
    const other = (await chapterLoader(
      await routeArgs(services, `/${byNumber(2).slug}`, { cookie: reader.cookie }),
    )) as { narration: unknown };
    expect(other.narration).toBeNull();
  });

  it("times every word of the chapter's text, in order, within the size targets", async () => {
    const { content } = await services.db
      .selectFrom("chapters")
      .select("content")
      .where("id", "=", chapter1.id)
      .executeTakeFirstOrThrow();
    const timingsAnswer = await ask(services, chapter1.slug, "palabras.json");
    const timingsText = await timingsAnswer.text();
    const timings = JSON.parse(timingsText) as unknown;
    expect(isNarrationTimings(timings)).toBe(true);
    if (!isNarrationTimings(timings)) return;
    expect(timings.words.map(([word]) => word)).toEqual(wordsOfHtml(content));
    const audio = new Uint8Array(await (await ask(services, chapter1.slug, "audio.ogg")).arrayBuffer());
    const minutes = timings.durationMs / 60_000;
    expect(audio.length / 1024 / minutes).toBeLessThanOrEqual(250);
    expect(gzipSync(timingsText).length).toBeLessThanOrEqual(15 * 1024);
    // WebM (an EBML file) with Opus in it, its index (Cues) before the first audio (Cluster): a
    // browser starts playing without first reading the end of the file (decision 078).
    const hex = Buffer.from(audio).toString("hex");
    expect(hex.startsWith("1a45dfa3")).toBe(true);
    expect(Buffer.from(audio).includes("A_OPUS")).toBe(true);
    const [cues, cluster] = ["1c53bb6b", "1f43b675"].map((id) => hex.indexOf(id));
    expect(cues).toBeGreaterThan(0);
    expect(cues).toBeLessThan(cluster!);
  });

  it("answers a byte range, as a browser seeking to a tapped word asks", async () => {
    const whole = await ask(services, chapter1.slug, "audio.ogg");
    const size = Number(whole.headers.get("Content-Length"));
    const part = await ask(services, chapter1.slug, "audio.ogg", { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const beyond = await ask(services, chapter1.slug, "audio.ogg", { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
  });
});

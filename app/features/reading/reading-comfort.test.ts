import { describe, expect, it } from "vitest";
import { action } from "../../routes/api.lectura.ts";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { answerOf, routeArgs, settle, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { parseReadingSettings, readingSettingsFromCookies } from "../../lib/reading-settings-cookie.ts";
import { withParagraphAnchors } from "./reading-comfort.server.ts";

const CHAPTER_1 = "/salida-a-tzintzuntzan";
const WIDEST = { que: "ajustes", tamano: "enorme", espaciado: "amplio", interlineado: "amplio", tema: "oscuro" };

type ChapterAnswer = {
  chapter: { id: string; contentHtml: string };
  reading: { className: string; trackChapterId: string | null; resumeAt: number | null };
};

describe("reading settings' text", () => {
  it("reads only the four known parts, in order", () => {
    expect(parseReadingSettings("grande.amplio.normal.sepia")).toEqual({
      size: "grande",
      spacing: "amplio",
      lines: "normal",
      theme: "sepia",
    });
    for (const bad of ["", "grande.amplio.normal", "grande.amplio.normal.sepia.x", "Grande.amplio.normal.sepia"])
      expect(parseReadingSettings(bad)).toBeNull();
    expect(readingSettingsFromCookies("a=1; lectura=enorme.normal.amplio.oscuro")?.theme).toBe("oscuro");
  });

  it("numbers a chapter's paragraphs in order, and nothing else", () => {
    expect(withParagraphAnchors('<p>Uno</p><blockquote><p class="x">Dos</p></blockquote><pre>p</pre><p>Tres</p>')).toBe(
      '<p id="parrafo-0">Uno</p><blockquote><p id="parrafo-1" class="x">Dos</p></blockquote><pre>p</pre><p id="parrafo-2">Tres</p>',
    );
  });
});

describe("reading comfort's endpoint and the chapter page", () => {
  const services = useTestServices("pglite", { seed: true });

  const chapterFor = async (cookie?: string) =>
    answerOf<ChapterAnswer>(await chapterLoader(await routeArgs(services, CHAPTER_1, { cookie }))).body;

  it("keeps a visitor's settings in a cookie only, and goes back to the chapter", async () => {
    const answer = (await settle(async () =>
      action(await routeArgs(services, "/api/lectura", { method: "POST", form: { ...WIDEST, volver: CHAPTER_1 } })),
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(CHAPTER_1);
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^lectura=enorme\.amplio\.amplio\.oscuro; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    expect(await services.db.selectFrom("reading_settings").selectAll().execute()).toEqual([]);
    const page = await chapterFor(cookie.split(";")[0]);
    expect(page.reading.className).toBe(
      "lectura-texto-enorme lectura-espaciado-amplio lectura-interlineado-amplio lectura-tema-oscuro",
    );
    // Nothing about a visitor's place: no tracker, no offer.
    expect(page.reading).toMatchObject({ trackChapterId: null, resumeAt: null });
    expect(page.chapter.contentHtml).toContain('<p id="parrafo-0">');
  });

  it("refuses unknown settings and a redirect off the site", async () => {
    const bad = await settle(async () =>
      action(await routeArgs(services, "/api/lectura", { method: "POST", form: { ...WIDEST, tema: "neon" } })),
    );
    expect(statusOf(bad)).toBe(400);
    const away = (await settle(async () =>
      action(
        await routeArgs(services, "/api/lectura", { method: "POST", form: { ...WIDEST, volver: "//evil.example/" } }),
      ),
    )) as Response;
    expect(away.headers.get("Location")).toBe("/capitulos");
  });

  it("keeps a reader's settings and place with the account, for any device, and none for a visitor", async () => {
    const reader = await signUpReader(services, "lectora.comoda@example.com");
    const saved = (await settle(async () =>
      action(
        await routeArgs(services, "/api/lectura", {
          method: "POST",
          cookie: reader.cookie,
          form: { ...WIDEST, tema: "sepia", volver: CHAPTER_1 },
        }),
      ),
    )) as Response;
    expect(saved.status).toBe(303);
    // Another device of the same reader: no settings cookie, the account's settings.
    const first = await chapterFor(reader.cookie);
    expect(first.reading.className).toContain("lectura-tema-sepia");
    expect(first.reading).toMatchObject({ trackChapterId: first.chapter.id, resumeAt: null });

    const place = (cookie?: string, parrafo = "4", capitulo = first.chapter.id) =>
      settle(async () =>
        action(
          await routeArgs(services, "/api/lectura", {
            method: "POST",
            cookie,
            form: { que: "posicion", capitulo, parrafo },
          }),
        ),
      );
    expect(statusOf(await place(undefined))).toBe(401);
    expect(statusOf(await place(reader.cookie, "-1"))).toBe(400);
    expect(statusOf(await place(reader.cookie, "4", "no-existe"))).toBe(404);
    expect(statusOf(await place(reader.cookie))).toBe(204);
    expect((await chapterFor(reader.cookie)).reading.resumeAt).toBe(4);
    // Back at the start: nothing to offer.
    expect(statusOf(await place(reader.cookie, "0"))).toBe(204);
    expect((await chapterFor(reader.cookie)).reading.resumeAt).toBeNull();
    // Sparingly: a burst past the limit is refused.
    const statuses: number[] = [];
    for (let sent = 0; sent < 30; sent++) statuses.push(statusOf(await place(reader.cookie)));
    expect(statuses).toContain(429);
  });
});

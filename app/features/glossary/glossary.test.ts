import { beforeAll, describe, expect, it } from "vitest";
import { action as glossaryAdminAction, loader as glossaryAdminLoader } from "../../routes/adminpanel.glosario.tsx";
import { loader as glossaryPageLoader } from "../../routes/glosario.tsx";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { answerOf, routeArgs, settle, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { seedGlossary } from "../../../db/seed/glossary.ts";
import { seedChapterTexts } from "../../../db/seed/chapters.ts";
import { sanitizeChapterHtml } from "../chapters/chapters.server.ts";
import { glossaryWordsIn } from "./glossary-marks.ts";
import { GLOSSARY_MESSAGES } from "./glossary.schema.ts";

const NEW_WORD = {
  intent: "add",
  word: "charola",
  forms: "charolas",
  meaning: "Bandeja plana para servir o llevar cosas.",
  english: "tray",
  imageUrl: "",
  imageAlt: "",
  audioUrl: "/audio/charola.mp3",
};

describe("the demo glossary", () => {
  it("has at least 20 words, each occurring in a seeded chapter", () => {
    const entries = seedGlossary.map((entry) => ({ id: entry.id, word: entry.word, forms: entry.forms ?? [] }));
    const met = new Set(
      seedChapterTexts.flatMap((text) => glossaryWordsIn(sanitizeChapterHtml(text.content), entries)),
    );
    expect(seedGlossary.length).toBeGreaterThanOrEqual(20);
    expect(seedGlossary.filter((entry) => !met.has(entry.id)).map((entry) => entry.word)).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("the glossary, kept at /adminpanel/glosario, on %s", (kind) => {
  const services = useTestServices(kind, { seed: true, env: { CHAPTERS_FORCE_UNLOCKED: "false" } });
  let admin: { cookie: string };
  let reader: { cookie: string };
  const wordCount = async () =>
    Number(
      (
        await services.db
          .selectFrom("glossary_words")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = async (cookie: string | undefined, form: Record<string, string>) =>
    settle(async () =>
      glossaryAdminAction(await routeArgs(services, "/adminpanel/glosario", { method: "POST", cookie, form })),
    );
  const chapterOne = async () =>
    (await chapterLoader(await routeArgs(services, "/salida-a-tzintzuntzan"))) as Awaited<
      ReturnType<typeof chapterLoader>
    >;

  beforeAll(async () => {
    admin = await signUpReader(services, "autora.glosario@example.com");
    await grantAdminByEmail(services.db, "autora.glosario@example.com", async () => {});
    reader = await signUpReader(services, "lector.glosario@example.com");
  });

  it("refuses a reader and a visitor on the server, and writes nothing", async () => {
    const before = await wordCount();
    expect(statusOf(await post(reader.cookie, NEW_WORD))).toBe(403);
    expect(
      statusOf(
        await settle(async () =>
          glossaryAdminLoader(await routeArgs(services, "/adminpanel/glosario", { cookie: reader.cookie })),
        ),
      ),
    ).toBe(403);
    const visitor = answerOf(await post(undefined, NEW_WORD));
    expect([302, 303]).toContain(visitor.status);
    expect(await wordCount()).toBe(before);
  });

  it("refuses bad input with a Spanish message beside each field, a 400, and nothing written", async () => {
    const before = await wordCount();
    const answer = answerOf<{ errors: Record<string, string> }>(
      await post(admin.cookie, {
        ...NEW_WORD,
        word: "<b>",
        meaning: " ",
        imageUrl: "https://otro.example/x.png",
        audioUrl: "/audio/../secreto.mp3",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      word: GLOSSARY_MESSAGES.word,
      meaning: GLOSSARY_MESSAGES.meaning,
      imageUrl: GLOSSARY_MESSAGES.imageUrl,
      // A picture was given (if refused): it still needs its words.
      imageAlt: GLOSSARY_MESSAGES.imageAlt,
      audioUrl: GLOSSARY_MESSAGES.audioUrl,
    });
    const noAlt = answerOf<{ errors: Record<string, string> }>(
      await post(admin.cookie, { ...NEW_WORD, imageUrl: "/images/characters/taquito.svg", imageAlt: "" }),
    );
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.errors).toEqual({ imageAlt: GLOSSARY_MESSAGES.imageAlt });
    // A word another entry has as a form.
    const duplicate = answerOf<{ errors: Record<string, string> }>(
      await post(admin.cookie, { ...NEW_WORD, word: "Xolos" }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ word: GLOSSARY_MESSAGES.duplicate });
    expect(await wordCount()).toBe(before);
  });

  it("a word refused as a duplicate keeps no recording uploaded with it", async () => {
    const recordings = () =>
      services.db
        .selectFrom("glossary_recordings")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    const before = await recordings();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...NEW_WORD, word: "Xolos" })) form.set(name, value);
    form.set("audioFile", new File([oneSecondOfWav()], "xolos.wav", { type: "audio/wav" }));
    const answer = answerOf<{ errors: Record<string, string> }>(
      await settle(async () =>
        glossaryAdminAction(
          await routeArgs(services, "/adminpanel/glosario", { method: "POST", cookie: admin.cookie, body: form }),
        ),
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual({ word: GLOSSARY_MESSAGES.duplicate });
    expect(await recordings()).toBe(before);
  });

  it("marks a word an admin adds at its first occurrence in a chapter, with its card", async () => {
    expect((await chapterOne()).chapter.contentHtml).not.toContain("charola</button>");
    const added = answerOf(await post(admin.cookie, NEW_WORD));
    expect(added.body).toMatchObject({ ok: true, message: GLOSSARY_MESSAGES.added });
    const page = await chapterOne();
    // Not a first load (no document mark): the text is in the data.
    const html = page.chapter.contentHtml!;
    const [, id] = /popovertarget="glosario-([a-z0-9-]+)">charola<\/button>/.exec(html) ?? [];
    // Marked once (the chapter has it once); its card follows the text, escaped by React.
    expect(html.match(new RegExp(`<button[^>]*popovertarget="glosario-${id}">`, "g"))).toHaveLength(1);
    expect(html).toContain(`id="glosario-${id}" popover="auto"`);
    expect(html).toContain("Bandeja plana para servir o llevar cosas.");
    expect(html).toContain('src="/audio/charola.mp3"');
    for (const word of ["xoloitzcuintle", "cempasuchil", "tzintzuntzan", "yacatas"])
      expect(html).toContain(`id="glosario-${word}" popover="auto"`);
    // The text's paragraphs are numbered for the reading place; the cards' keep their own ids.
    const cards = html.slice(html.indexOf('<div class="glossary-cards">'));
    expect(cards).toContain(`<p id="glosario-${id}-palabra"`);
    expect(cards).not.toContain("parrafo-");
  });

  it("lists on /glosario only the words of chapters open to this reader", async () => {
    const visitor = (await glossaryPageLoader(await routeArgs(services, "/glosario"))) as Awaited<
      ReturnType<typeof glossaryPageLoader>
    >;
    const words = visitor.words.map((word) => word.word);
    // Chapter 1 is open to everyone; the Mictlán's words wait for its chapters.
    expect(words).toEqual(expect.arrayContaining(["cempasúchil", "xoloitzcuintle", "Tzintzuntzan"]));
    expect(words).not.toContain("Mictlantecuhtli");
    expect(visitor.allOpen).toBe(false);
  });
});

/** A second of 8 kHz mono PCM, its samples random: a WAV no other test has stored. */
function oneSecondOfWav(): Uint8Array<ArrayBuffer> {
  const samples = 8000;
  const wav = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (at: number, value: string) => [...value].forEach((char, i) => wav.setUint8(at + i, char.charCodeAt(0)));
  text(0, "RIFF");
  wav.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  wav.setUint32(16, 16, true);
  wav.setUint16(20, 1, true);
  wav.setUint16(22, 1, true);
  wav.setUint32(24, 8000, true);
  wav.setUint32(28, 16000, true);
  wav.setUint16(32, 2, true);
  wav.setUint16(34, 16, true);
  text(36, "data");
  wav.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) wav.setInt16(44 + i * 2, Math.floor(Math.random() * 2000) - 1000, true);
  return new Uint8Array(wav.buffer);
}

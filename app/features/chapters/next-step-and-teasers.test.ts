import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { DATABASE_KINDS, createTestDatabase, insertUsers } from "../../../tests/support/test-database.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { seedChapterTexts } from "../../../db/seed/chapters.ts";
import { seedCharacters } from "../../../db/seed/characters.ts";
import { applyMigrations } from "../../lib/migration-runner.server.ts";
import { migrations } from "../../lib/bundled-migrations.server.ts";
import { characterNamesUnlockedBy } from "../characters/characters.server.ts";
import { chapterNextStep, JOURNEY_COMPLETE, NEXT_CODE_FALLBACK } from "./chapter-next-step.ts";
import { listChapterCards, nextChapterAfter } from "./chapters.server.ts";
import { useTestDatabase } from "../../../tests/support/fixtures.ts";

const TOKENS = CHAPTER_PATHS.map(tokenPathOf);
const textOf = (id: string) => seedChapterTexts.find((text) => text.id === id)!;
const containsAnyToken = (value: unknown) => {
  const sent = JSON.stringify(value);
  return TOKENS.some((token) => sent.includes(token));
};

describe("the next-step line's wording", () => {
  const chapter = { number: 3, layout: "first" };
  const next = { number: 4, title: "El inframundo", hint: "Escanea el código QR al final del capítulo 4 del libro." };

  it("says where the next code is (the next chapter's own hint) and what it opens", () => {
    expect(chapterNextStep(chapter, next, [])).toEqual({
      kind: "next",
      heading: "¿Qué sigue?",
      text: "Escanea el código QR al final del capítulo 4 del libro. Ese código abre el capítulo 4, «El inframundo».",
    });
    expect(chapterNextStep(chapter, next, ["Tinskani", "Camazotz"])).toEqual({
      kind: "next",
      heading: "¿Qué sigue?",
      text: "Escanea el código QR al final del capítulo 4 del libro. Ese código abre el capítulo 4, «El inframundo», y te presenta a Tinskani y Camazotz.",
    });
  });

  it("falls back to a general line when the next chapter has no hint", () => {
    const step = chapterNextStep(chapter, { ...next, hint: "  " }, []);
    expect(step).toMatchObject({ kind: "next", text: expect.stringMatching(new RegExp(`^${NEXT_CODE_FALLBACK}`)) });
  });

  it("after the last chapter and the special chapter, the journey is complete", () => {
    expect(chapterNextStep({ number: 14, layout: "second" }, null, [])).toEqual(JOURNEY_COMPLETE);
    expect(chapterNextStep({ number: null, layout: "special" }, null, [])).toEqual(JOURNEY_COMPLETE);
    expect(chapterNextStep({ number: null, layout: "first" }, null, [])).toBeNull();
  });
});

describe("one wording for hints in the seed", () => {
  it("gives each character the very hint of the chapter whose code unlocks it", () => {
    const unlocking = seedCharacters.filter((character) => character.requiredUrl !== null);
    expect(unlocking.length).toBeGreaterThan(5);
    for (const character of unlocking) {
      const path = CHAPTER_PATHS.find((chapter) => tokenPathOf(chapter) === character.requiredUrl)!;
      expect(character.requiredUrlText, character.id).toBe(textOf(path.id).requiredUrlText);
    }
  });

  it("says a numbered chapter's code is at the end of that chapter of the book", () => {
    for (const path of CHAPTER_PATHS.filter((chapter) => chapter.number !== null))
      expect(textOf(path.id).requiredUrlText).toBe(
        `Escanea el código QR al final del capítulo ${path.number} del libro.`,
      );
  });

  it("gives every chapter a teaser that is not its summary", () => {
    for (const text of seedChapterTexts) {
      expect(text.teaser, text.id).not.toBe("");
      expect(text.teaser.length).toBeLessThanOrEqual(280);
      expect(text.teaser).not.toBe(text.description);
    }
  });
});

describe.each(DATABASE_KINDS)("next steps and teasers on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: true });
  beforeAll(async () => {
    await insertUsers(database.db, "teasers");
  });

  const stepAfter = async (id: string) => {
    const path = CHAPTER_PATHS.find((chapter) => chapter.id === id)!;
    const next = await nextChapterAfter(database.db, path);
    const names = next ? await characterNamesUnlockedBy(database.db, next.tokenPath) : [];
    return chapterNextStep(path, next, names);
  };

  it("names the next chapter and the characters its code unlocks, from the database, without a token", async () => {
    const step = await stepAfter("capitulo-5");
    expect(step).toEqual({
      kind: "next",
      heading: "¿Qué sigue?",
      text: "Escanea el código QR al final del capítulo 6 del libro. Ese código abre el capítulo 6, «Camazotz», y te presenta a Camazotz.",
    });
    expect(await stepAfter("capitulo-3")).toEqual({
      kind: "next",
      heading: "¿Qué sigue?",
      text: "Escanea el código QR al final del capítulo 4 del libro. Ese código abre el capítulo 4, «El inframundo».",
    });
    expect(containsAnyToken(step)).toBe(false);
  });

  it("follows the database: an edited hint and a new character show up in the line", async () => {
    await database.db
      .updateTable("chapters")
      .set({ required_url_text: "Busca el código en la última página del capítulo 8." })
      .where("id", "=", "capitulo-8")
      .execute();
    await database.db
      .insertInto("characters")
      .values({ id: "ajolote", name: "Ajolote", required_url: tokenPathOf(CHAPTER_PATHS[7]!), tags: [] })
      .execute();
    expect(await stepAfter("capitulo-7")).toEqual({
      kind: "next",
      heading: "¿Qué sigue?",
      text: "Busca el código en la última página del capítulo 8. Ese código abre el capítulo 8, «Mictlantecuhtli», y te presenta a Ajolote y Mictlantecuhtli.",
    });
  });

  it("ends the last chapter with the journey complete", async () => {
    expect(await stepAfter("capitulo-14")).toEqual(JOURNEY_COMPLETE);
    expect(await stepAfter("capitulo-especial")).toEqual(JOURNEY_COMPLETE);
  });

  it("sends a locked chapter's teaser, never its summary; an open chapter's summary", async () => {
    const real = await listChapterCards(database.db, { userId: "teasers", forceUnlocked: false });
    for (const card of real.cards) {
      const text = textOf(card.id);
      expect(card.summary, card.id).toBe(card.unlocked ? text.description : text.teaser);
    }
    const sent = JSON.stringify(real);
    for (const card of real.cards.filter((candidate) => !candidate.unlocked))
      expect(sent).not.toContain(textOf(card.id).description);
    expect(containsAnyToken(real)).toBe(false);

    // Found with its code: the summary is the reader's.
    await database.db
      .insertInto("unlocked_chapters")
      .values({ user_id: "teasers", chapter_id: "capitulo-9" })
      .execute();
    const after = await listChapterCards(database.db, { userId: "teasers", forceUnlocked: false });
    expect(after.cards.find((card) => card.id === "capitulo-9")!.summary).toBe(textOf("capitulo-9").description);
    // A visitor, with the real check, gets teasers for every chapter but the free one.
    const visitor = await listChapterCards(database.db, { userId: null, forceUnlocked: false });
    expect(
      visitor.cards.filter((card) => card.summary === textOf(card.id).description).map((card) => card.number),
    ).toEqual([1]);
  });

  it("shows every summary when chapters are forced open for reading", async () => {
    const forced = await listChapterCards(database.db, { userId: null, forceUnlocked: true });
    for (const card of forced.cards) expect(card.summary).toBe(textOf(card.id).description);
  });
});

describe("migration 0011 on a database seeded before it", () => {
  it("rewrites the seeded hints to the one wording, fills teasers, and keeps an author's own hint", async () => {
    // An empty database copied from the run's template: an initdb of its own took ~2.5 s of CPU.
    const handle = await createTestDatabase("pglite", { migrated: false });
    try {
      await applyMigrations(
        handle,
        migrations.filter((migration) => migration.version < "0011"),
      );
      const chapter = (id: string, hint: string) => {
        const path = CHAPTER_PATHS.find((candidate) => candidate.id === id)!;
        return sql`insert into chapters (id, sort_order, number, slug, title, required_url, required_url_text, layout, images)
          values (${id}, ${path.number ?? 100}, ${path.number}, ${path.slug}, ${id}, ${tokenPathOf(path)}, ${hint}, ${path.layout}, '[]')`.execute(
          handle.db,
        );
      };
      await chapter("capitulo-1", "Este capítulo está abierto para todos. ¡Empieza aquí la aventura!");
      await chapter("capitulo-6", "Escanea el código QR al final del capítulo 5 del libro… si te atreves.");
      await chapter("capitulo-7", "Una pista que escribió la autora.");
      await sql`insert into characters (id, name, required_url, required_url_text) values
        ('camazotz', 'Camazotz', ${tokenPathOf(CHAPTER_PATHS[5]!)}, 'Escanea el código QR del capítulo 6 para conocerlo… si te atreves.'),
        ('mariposa-monarca', 'Mariposa Monarca', ${tokenPathOf(CHAPTER_PATHS[0]!)}, 'Escanea el código QR del capítulo 1 para conocerla.')`.execute(
        handle.db,
      );

      await applyMigrations(handle, migrations);

      const chapters = await handle.db
        .selectFrom("chapters")
        .select(["id", "required_url_text", "teaser"])
        .orderBy("sort_order")
        .execute();
      expect(chapters).toEqual([
        {
          id: "capitulo-1",
          required_url_text: textOf("capitulo-1").requiredUrlText,
          teaser: textOf("capitulo-1").teaser,
        },
        {
          id: "capitulo-6",
          required_url_text: textOf("capitulo-6").requiredUrlText,
          teaser: textOf("capitulo-6").teaser,
        },
        {
          id: "capitulo-7",
          required_url_text: "Una pista que escribió la autora.",
          teaser: textOf("capitulo-7").teaser,
        },
      ]);
      const characters = await handle.db
        .selectFrom("characters")
        .select(["id", "required_url_text"])
        .orderBy("id")
        .execute();
      const seeded = (id: string) => seedCharacters.find((character) => character.id === id)!.requiredUrlText;
      expect(characters).toEqual([
        { id: "camazotz", required_url_text: seeded("camazotz") },
        { id: "mariposa-monarca", required_url_text: seeded("mariposa-monarca") },
      ]);
    } finally {
      await handle.dispose();
    }
  });
});

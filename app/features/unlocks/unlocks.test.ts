import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DATABASE_KINDS,
  insertUsers,
  type TestDatabase,
} from "../../../tests/support/test-database.ts";
import { CHAPTER_PATHS, SPECIAL_CHAPTER_PATH, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { unlockedCharacterIds, unlockForVisit, unlockPathsFor } from "./unlocks.server.ts";
import { unlockedSummary } from "./celebration.ts";

const byNumber = (number: number) => CHAPTER_PATHS.find((chapter) => chapter.number === number)!;
const chapter6 = tokenPathOf(byNumber(6));
const TOKEN_PATHS = CHAPTER_PATHS.map(tokenPathOf);

describe("unlock paths", () => {
  it("counts the path, and the path with its query when there is one", () => {
    expect(unlockPathsFor("/eventos/", "")).toEqual(["/eventos"]);
    expect(unlockPathsFor("/", "?book")).toEqual(["/", "/?book"]);
  });
});

describe("the celebration's summary line", () => {
  it("names characters by name and chapters as chapters, joined in Spanish", () => {
    expect(unlockedSummary([{ kind: "character", name: "Camazotz" }])).toBe("¡Desbloqueaste Camazotz!");
    expect(
      unlockedSummary([
        { kind: "character", name: "A" },
        { kind: "character", name: "B" },
        { kind: "chapter", name: "C" },
      ]),
    ).toBe("¡Desbloqueaste A, B y el capítulo «C»!");
  });
});

describe.each(DATABASE_KINDS)("unlocks on %s", (kind) => {
  let database: TestDatabase;
  const updatedAt = async (table: "characters" | "chapters", id: string) =>
    (await database.db.selectFrom(table).select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
      .updated_at;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: true });
    await insertUsers(database.db, "ana", "beto", "carla", "dani", "eli");
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("adds every character and chapter whose requiredUrl is the visited path, with their pictures and links", async () => {
    const celebration = await unlockForVisit(database.db, "ana", [chapter6]);
    expect(celebration.cards).toEqual([
      {
        kind: "character",
        id: "camazotz",
        name: "Camazotz",
        // Versioned as /personajes shows it, so an edited picture is not served from a cache.
        imageSrc: `/images/characters/camazotz.svg?v=${(await updatedAt("characters", "camazotz")).getTime()}`,
        imageAlt: expect.stringMatching(/^Camazotz, .+/),
        path: "/personajes?personaje=camazotz",
      },
      {
        kind: "chapter",
        id: "capitulo-6",
        name: "Camazotz",
        imageSrc: `/images/chapters/camazotz.svg?v=${(await updatedAt("chapters", "capitulo-6")).getTime()}`,
        imageAlt: "Ilustración del capítulo «Camazotz»",
        path: "/camazotz",
      },
    ]);
    expect(await unlockedCharacterIds(database.db, "ana")).toEqual(["camazotz"]);
  });

  it("a view that unlocks nothing new reads once and writes nothing", async () => {
    await insertUsers(database.db, "hugo");
    await unlockForVisit(database.db, "hugo", [chapter6]);
    const queries: boolean[] = [];
    database.observeQueries(({ failed }) => queries.push(failed));
    try {
      for (const paths of [[chapter6], ["/personajes"]]) {
        queries.length = 0;
        expect((await unlockForVisit(database.db, "hugo", paths)).cards).toEqual([]);
        // Not the transaction: no row lock and no write on every signed-in page view.
        expect(queries, paths.join()).toEqual([false]);
      }
    } finally {
      database.observeQueries(() => {});
    }
  });

  it("calls only the reader's first unlock ever their first", async () => {
    expect((await unlockForVisit(database.db, "beto", [tokenPathOf(byNumber(4))])).firstUnlock).toBe(true);
    const second = await unlockForVisit(database.db, "beto", [tokenPathOf(byNumber(5))]);
    expect(second.cards.map((card) => card.id)).toEqual(["tinskani", "capitulo-5"]);
    expect(second.firstUnlock).toBe(false);
    // Ana's first was chapter 6 (the test above).
    expect((await unlockForVisit(database.db, "ana", [tokenPathOf(byNumber(7))])).firstUnlock).toBe(false);
  });

  it("is a union: a second visit adds nothing and celebrates nothing", async () => {
    expect(await unlockForVisit(database.db, "ana", [chapter6])).toEqual({
      cards: [],
      firstUnlock: false,
      completed: { characters: false, chapters: false },
    });
    const rows = await database.db
      .selectFrom("unlocked_chapters")
      .selectAll()
      .where("user_id", "=", "ana")
      .where("chapter_id", "=", "capitulo-6")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("does nothing for a path that unlocks nothing, and touches only the visitor", async () => {
    expect((await unlockForVisit(database.db, "carla", ["/eventos"])).cards).toEqual([]);
    expect(await unlockedCharacterIds(database.db, "carla")).toEqual([]);
  });

  it("links every card to its public page, never to a printed token path", async () => {
    const slugs = new Map(CHAPTER_PATHS.map((chapter) => [chapter.id, `/${chapter.slug}`]));
    const cards = [];
    for (const path of TOKEN_PATHS) cards.push(...(await unlockForVisit(database.db, "carla", [path])).cards);
    expect(cards.filter((card) => card.kind === "chapter")).toHaveLength(CHAPTER_PATHS.length);
    for (const card of cards) {
      expect(TOKEN_PATHS.some((token) => card.path.includes(token.slice(1)))).toBe(false);
      expect(card.path).toBe(
        card.kind === "chapter" ? slugs.get(card.id) : `/personajes?personaje=${encodeURIComponent(card.id)}`,
      );
      // Every seeded card has a picture (chapters 7 to 14 show their number).
      expect(card.imageSrc).toMatch(/^\/images\/.+\?v=\d+$/);
    }
  });

  it("says a set is complete on the view that adds its last member, and only then", async () => {
    const listed = CHAPTER_PATHS.filter((chapter) => chapter.layout !== "special");
    const results = [];
    for (const chapter of listed) results.push(await unlockForVisit(database.db, "dani", [tokenPathOf(chapter)]));
    // Every listed chapter: only the last view completes the chapters.
    expect(results.map((result) => result.completed.chapters)).toEqual(listed.map((_, i) => i === listed.length - 1));
    // Xolotl is unlocked by the special chapter, which the reader has not found yet.
    expect(results.some((result) => result.completed.characters)).toBe(false);

    const special = await unlockForVisit(database.db, "dani", [SPECIAL_CHAPTER_PATH]);
    expect(special.cards.map((card) => card.id)).toEqual(["xolotl", "capitulo-especial"]);
    // The last character; the hidden special chapter is not part of the chapters' set.
    expect(special.completed).toEqual({ characters: true, chapters: false });
    expect(special.firstUnlock).toBe(false);
  });

  it("counts characters as /personajes does: those without an unlocking path are everyone's already", async () => {
    const withPath = await database.db
      .selectFrom("characters")
      .select("required_url")
      .where("required_url", "is not", null)
      .execute();
    const paths = [...new Set(withPath.map((row) => row.required_url!))];
    const last = await unlockForVisit(database.db, "eli", paths);
    expect(last.firstUnlock).toBe(true);
    expect(last.completed).toEqual({ characters: true, chapters: false });
  });

  it("stays atomic and idempotent under concurrent visits", async () => {
    await insertUsers(database.db, "fede", "gabi");
    const results = await Promise.all(Array.from({ length: 8 }, () => unlockForVisit(database.db, "fede", [chapter6])));
    expect(results.flatMap((result) => result.cards).filter((card) => card.kind === "chapter")).toHaveLength(1);
    expect(results.filter((result) => result.firstUnlock)).toHaveLength(1);
    const rows = await database.db
      .selectFrom("unlocked_characters")
      .selectAll()
      .where("user_id", "=", "fede")
      .execute();
    expect(rows).toHaveLength(1);

    // Views of different codes at once: still exactly one first unlock.
    const paths = [4, 5, 6, 7, 8, 9].map((number) => tokenPathOf(byNumber(number)));
    const firsts = await Promise.all(paths.map((path) => unlockForVisit(database.db, "gabi", [path])));
    expect(firsts.filter((result) => result.firstUnlock)).toHaveLength(1);
  });
});

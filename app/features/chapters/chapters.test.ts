import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, insertUsers } from "../../../tests/support/test-database.ts";
import { CHAPTER_PATHS } from "../../../db/seed/chapter-paths.ts";
import {
  findChapterByPath,
  listChapterCards,
  sanitizeChapterHtml,
  showSpecialChapterCard,
  slugOpensFor,
} from "./chapters.server.ts";
import { useTestDatabase } from "../../../tests/support/fixtures.ts";

describe("chapter body sanitising", () => {
  it("keeps the story's formatting", () => {
    expect(sanitizeChapterHtml("<p>Hola <em>Taquito</em></p><blockquote>ecos</blockquote>")).toBe(
      "<p>Hola <em>Taquito</em></p><blockquote>ecos</blockquote>",
    );
  });

  it("removes scripts, event handlers, styles and javascript: links", () => {
    const dirty = `<p onclick="alert(1)" style="color:red">hola</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe>`;
    const clean = sanitizeChapterHtml(dirty);
    expect(clean).toBe('<p>hola</p><a rel="noopener noreferrer">x</a>');
  });
});

describe("the special chapter card", () => {
  it("shows only with exactly 2 unlocked chapters, when chapters exist", () => {
    expect(showSpecialChapterCard(2, 15)).toBe(true);
    expect(showSpecialChapterCard(1, 15)).toBe(false);
    expect(showSpecialChapterCard(3, 15)).toBe(false);
    expect(showSpecialChapterCard(2, 0)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)("chapters on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: true });
  beforeAll(async () => {
    await insertUsers(database.db, "reader");
  });

  it("finds every chapter by its token path and by its slug", async () => {
    const first = CHAPTER_PATHS[1]!;
    expect(await findChapterByPath(database.db, `/${first.token}`)).toMatchObject({
      viaToken: true,
      chapter: { slug: first.slug },
    });
    expect(await findChapterByPath(database.db, `/${first.slug}`)).toMatchObject({
      viaToken: false,
      chapter: { slug: first.slug },
    });
    const second = CHAPTER_PATHS.find((chapter) => chapter.number === 9)!;
    expect(await findChapterByPath(database.db, `/${second.slug}`)).toMatchObject({
      viaToken: false,
      chapter: { slug: second.slug, layout: "second" },
    });
    expect(await findChapterByPath(database.db, `/${second.token}`)).toMatchObject({ viaToken: true });
    expect(await findChapterByPath(database.db, "/no-existe")).toBeNull();
  });

  it("lists cards in order, without hidden chapters, chapter 1 free; forced unlock opens all", async () => {
    const forced = await listChapterCards(database.db, { userId: null, forceUnlocked: true });
    expect(forced.cards.map((card) => card.number)).toEqual(Array.from({ length: 14 }, (_, index) => index + 1));
    expect(forced.cards.every((card) => card.unlocked)).toBe(true);
    expect(forced.cards.find((card) => card.number === 1)!.free).toBe(true);

    const real = await listChapterCards(database.db, { userId: "reader", forceUnlocked: false });
    expect(real.cards.filter((card) => card.unlocked).map((card) => card.number)).toEqual([1]);
    expect(real.cards.find((card) => card.number === 5)!.requiredUrlText).not.toBe("");

    await database.db.insertInto("unlocked_chapters").values({ user_id: "reader", chapter_id: "capitulo-5" }).execute();
    const after = await listChapterCards(database.db, { userId: "reader", forceUnlocked: false });
    expect(after.cards.filter((card) => card.unlocked).map((card) => card.number)).toEqual([1, 5]);
    expect(after.unlockedCount).toBe(1);
  });

  it("links every card by its slug, never by a token path", async () => {
    const { cards, specialPath } = await listChapterCards(database.db, { userId: null, forceUnlocked: true });
    const tokens = CHAPTER_PATHS.map((chapter) => `/${chapter.token}`);
    for (const card of cards) {
      expect(card.path).toBe(`/${card.slug}`);
      expect(tokens).not.toContain(card.path);
    }
    expect(specialPath).toBe("/capitulo-especial");
  });

  it("opens a slug when forced, for chapter 1, once unlocked, and the special chapter while its card shows", async () => {
    await insertUsers(database.db, "slugs");
    const chapter = (id: string) => {
      const path = CHAPTER_PATHS.find((candidate) => candidate.id === id)!;
      return { id, number: path.number, layout: path.layout };
    };
    const real = { userId: "slugs", forceUnlocked: false };
    expect(await slugOpensFor(database.db, chapter("capitulo-9"), { userId: null, forceUnlocked: true })).toBe(true);
    expect(await slugOpensFor(database.db, chapter("capitulo-1"), { userId: null, forceUnlocked: false })).toBe(true);
    expect(await slugOpensFor(database.db, chapter("capitulo-9"), real)).toBe(false);
    expect(await slugOpensFor(database.db, chapter("capitulo-especial"), real)).toBe(false);
    await database.db
      .insertInto("unlocked_chapters")
      .values([
        { user_id: "slugs", chapter_id: "capitulo-9" },
        { user_id: "slugs", chapter_id: "capitulo-2" },
      ])
      .execute();
    expect(await slugOpensFor(database.db, chapter("capitulo-9"), real)).toBe(true);
    expect(await slugOpensFor(database.db, chapter("capitulo-especial"), real)).toBe(true);
    expect(await slugOpensFor(database.db, chapter("capitulo-10"), real)).toBe(false);
  });
});

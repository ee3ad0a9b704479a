import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loader as chapterLoader } from "../../routes/chapter.tsx";
import { answerOf, routeArgs, signUpReader } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS, insertUsers } from "../../../tests/support/test-database.ts";
import { useTestDatabase, useTestServices } from "../../../tests/support/fixtures.ts";
import {
  listCommentsPage,
  pageSeenBy,
  parseCommentCursor,
  sharedComments,
  type CommentView,
  type Viewer,
} from "./comments.server.ts";

/** Every page of a chapter's comments as `viewer` pages back through them, cursor by cursor. */
async function allPages(db: Parameters<typeof listCommentsPage>[0], section: string, viewer: Viewer) {
  const pages: CommentView[][] = [];
  let page = await listCommentsPage(db, section, viewer);
  pages.push(page.comments);
  while (page.older) {
    page = await listCommentsPage(db, section, viewer, parseCommentCursor(page.older));
    pages.push(page.comments);
  }
  return pages;
}

describe.each(DATABASE_KINDS)("a chapter's comments a page at a time on %s", (kind) => {
  const database = useTestDatabase(kind);
  const section = "el-lago";

  /**
   * 250 visible comments, one a second, and among them others' held ones, Ana's own held one, a
   * class's, a hidden one. Where a visitor's pages meet: five share one instant (the second
   * page ends among them: ties go by id), and the first ends a microsecond after the next
   * comment (a cursor in milliseconds, what a JavaScript date keeps, would skip that one).
   */
  async function seed() {
    await insertUsers(database.db, "ana", "beto", "carla");
    await database.db
      .insertInto("classes")
      .values({
        id: "clase-1",
        teacher_id: "carla",
        name: "4.º B",
        consent_by_email: "c@example.com",
        consent_text: "sí",
      })
      .execute();
    const base = Date.UTC(2026, 10, 2, 12);
    const at = (second: number) =>
      sql<Date>`timestamptz 'epoch' + ${(base + second * 1000) * 1000}::bigint * interval '1 microsecond'`;
    const rows = Array.from({ length: 250 }, (_, index) => ({
      text: `visible ${index}`,
      user_id: index % 2 ? "beto" : "carla",
      at: index >= 48 && index <= 52 ? at(50) : at(index),
    }));
    await database.db
      .insertInto("comments")
      .values(
        rows.map((row) => ({
          section_id: section,
          user_id: row.user_id,
          user_name: "x",
          text: row.text,
          created_at: row.at,
        })),
      )
      .execute();
    const other = (text: string, user_id: string, second: number, extra: Record<string, string>) =>
      database.db
        .insertInto("comments")
        .values({
          section_id: section,
          user_id,
          user_name: "x",
          text,
          created_at: at(second),
          held_reasons: "",
          ...extra,
        })
        .execute();
    await other("retenido de beto", "beto", 150, { status: "held" });
    await other("mío en revisión", "ana", 120, { status: "held" });
    await other("de la clase", "beto", 60, { audience: "clase-1" });
    await other("oculto", "carla", 200, { status: "hidden" });
    // One microsecond after the comment of second 150: a visitor's first page ends on it.
    await database.db
      .insertInto("comments")
      .values({
        section_id: section,
        user_id: "carla",
        user_name: "x",
        text: "un microsegundo después",
        created_at: sql<Date>`timestamptz 'epoch' + ${(base + 150_000) * 1000 + 1}::bigint * interval '1 microsecond'`,
      })
      .execute();
  }

  it("gives every viewer, page after page, exactly the comments the rules let them see, each once", async () => {
    await seed();
    const visible = Array.from({ length: 250 }, (_, index) => `visible ${index}`);
    const viewers: [Viewer, string[]][] = [
      [{ userId: null, isAdmin: false }, []],
      [{ userId: "ana", isAdmin: false }, ["mío en revisión"]],
      [{ userId: "carla", isAdmin: false, audiences: ["clase-1"] }, ["de la clase"]],
      [{ userId: "beto", isAdmin: false }, ["retenido de beto", "de la clase"]],
      [{ userId: "admin", isAdmin: true }, ["retenido de beto", "mío en revisión", "de la clase"]],
    ];
    for (const [viewer, extra] of viewers) {
      const pages = await allPages(database.db, section, viewer);
      const texts = pages.flat().map((comment) => comment.text);
      const expected = [...visible, "un microsegundo después", ...extra];
      expect(texts.toSorted(), JSON.stringify(viewer)).toEqual(expected.toSorted());
      expect(new Set(texts).size).toBe(texts.length);
      expect(pages.map((page) => page.length)).toEqual([100, 100, expected.length - 200]);
      // Newest first across the pages: the first page starts at the newest, the last ends at the oldest.
      expect(texts[0]).toBe("visible 249");
      expect(texts.at(-1)).toBe("visible 0");
      const dates = pages.flat().map((comment) => comment.createdAt);
      expect(dates).toEqual(dates.toSorted().toReversed());
    }
  });

  it("gives the same first page, and the same way back, from the comments kept for everyone", async () => {
    const shared = await sharedComments(database.db, section);
    for (const viewer of [
      { userId: null, isAdmin: false },
      { userId: "ana", isAdmin: false },
      { userId: "carla", isAdmin: false, audiences: ["clase-1"] },
      { userId: "admin", isAdmin: true },
    ])
      expect(pageSeenBy(shared, viewer)).toEqual(await listCommentsPage(database.db, section, viewer));
  });

  it("reads anything but a cursor as no cursor", () => {
    for (const value of [null, "", "abc", "12.", ".abc", "12.a b", "1e5.abc", "12.abc;drop", `${"9".repeat(18)}.abc`])
      expect(parseCommentCursor(value), String(value)).toBeNull();
    expect(parseCommentCursor("1793620800000000.9d42f448-932a-4b2a-927b-fcaea781f1fd")).toEqual({
      micros: "1793620800000000",
      id: "9d42f448-932a-4b2a-927b-fcaea781f1fd",
    });
  });
});

describe("a chapter page's older comments", () => {
  const services = useTestServices("pglite", { seed: true });
  const chapter = "/salida-a-tzintzuntzan";

  it("server-renders the next older page from `antes`, and the newest for a cursor it cannot read", async () => {
    const { userId, cookie } = await signUpReader(services, "paginas@example.com");
    await services.db
      .insertInto("comments")
      .values(
        Array.from({ length: 130 }, (_, index) => ({
          section_id: "salida-a-tzintzuntzan",
          user_id: userId,
          user_name: "x",
          text: `comentario ${index}`,
          created_at: new Date(Date.UTC(2026, 10, 2) + index * 1000),
        })),
      )
      .execute();
    services.commentCache.clear();
    type Page = { comments: { text: string }[]; olderComments: string | null; commentsBefore: string | null };
    const load = async (path: string) =>
      answerOf<Page>(await chapterLoader(await routeArgs(services, path, { cookie }))).body;
    const first = await load(chapter);
    expect(first.comments).toHaveLength(100);
    expect(first.comments[0]!.text).toBe("comentario 129");
    expect(first.commentsBefore).toBeNull();
    const older = await load(`${chapter}?antes=${encodeURIComponent(first.olderComments!)}`);
    expect(older.comments.map((comment) => comment.text)).toEqual(
      Array.from({ length: 30 }, (_, index) => `comentario ${29 - index}`),
    );
    expect(older.olderComments).toBeNull();
    expect(older.commentsBefore).toBe(first.olderComments);
    for (const bad of ["x", "1.2.3", "%00", "9".repeat(40)]) {
      const page = await load(`${chapter}?antes=${bad}`);
      expect(page.comments[0]!.text, bad).toBe("comentario 129");
      expect(page.commentsBefore).toBeNull();
    }
  });
});

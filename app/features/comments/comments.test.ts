import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DATABASE_KINDS,
  insertUsers,
  type TestDatabase,
} from "../../../tests/support/test-database.ts";
import { checkComment, COMMENT_MESSAGES } from "./comment.schema.ts";
import { listComments, postComment } from "./comments.server.ts";
import { formatCommentDate } from "./format-date.ts";

describe("comment rules", () => {
  it("trims, refuses blank text as blank, and allows 1–1000 characters", () => {
    expect(checkComment("  hola  ")).toEqual({ ok: true, text: "hola" });
    expect(checkComment("   \n ")).toEqual({ ok: false, blank: true, error: COMMENT_MESSAGES.empty });
    expect(checkComment("a".repeat(1000))).toMatchObject({ ok: true });
    expect(checkComment("a".repeat(1001))).toEqual({ ok: false, blank: false, error: COMMENT_MESSAGES.tooLong });
  });

  it("formats dates in es-ES with day, long month, year, hour and minute", () => {
    expect(formatCommentDate("2026-11-02T18:05:00Z")).toBe("2 de noviembre de 2026 a las 12:05");
  });
});

describe.each(DATABASE_KINDS)("comments on %s", (kind) => {
  let database: TestDatabase;
  const topics: string[] = [];
  const publish = async (topic: string) => {
    topics.push(topic);
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertUsers(database.db, "ana", "sin-nombre", "veloz");
    await database.db
      .insertInto("profiles")
      .values({ user_id: "ana", email: "ana@example.com", display_name: "Ana" })
      .execute();
    await database.db
      .insertInto("profiles")
      .values({ user_id: "sin-nombre", email: "x@example.com", display_name: "  " })
      .execute();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("stores the trimmed text under the reader's display name and announces it", async () => {
    expect(
      await postComment(database.db, publish, { userId: "ana", sectionId: "patzcuaro", text: "  ¡Qué miedo!  " }),
    ).toEqual({ ok: true });
    const [comment] = await listComments(database.db, "patzcuaro");
    expect(comment).toMatchObject({ text: "¡Qué miedo!", userName: "Ana" });
    expect(topics).toContain("comments:patzcuaro");
  });

  it("falls back to 'Anonymous' without a display name", async () => {
    await postComment(database.db, publish, { userId: "sin-nombre", sectionId: "camazotz", text: "hola" });
    expect((await listComments(database.db, "camazotz"))[0]!.userName).toBe("Anonymous");
  });

  it("lists newest first, per section", async () => {
    await postComment(database.db, publish, { userId: "ana", sectionId: "el-mictlan", text: "primero" });
    await new Promise((done) => setTimeout(done, 5));
    await postComment(database.db, publish, { userId: "ana", sectionId: "el-mictlan", text: "segundo" });
    expect((await listComments(database.db, "el-mictlan")).map((comment) => comment.text)).toEqual([
      "segundo",
      "primero",
    ]);
    expect(await listComments(database.db, "la-puerta")).toEqual([]);
  });

  it("writes nothing for blank or too-long text", async () => {
    expect(
      await postComment(database.db, publish, { userId: "ana", sectionId: "la-puerta", text: "   " }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await postComment(database.db, publish, { userId: "ana", sectionId: "la-puerta", text: "x".repeat(1001) }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await listComments(database.db, "la-puerta")).toEqual([]);
  });

  it("limits how fast one reader can post", async () => {
    const results = [];
    for (let index = 0; index < 6; index++)
      results.push(
        await postComment(database.db, publish, { userId: "veloz", sectionId: "las-batallas", text: `n${index}` }),
      );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(results.at(-1)).toEqual({ ok: false, status: 429, error: COMMENT_MESSAGES.rateLimited });
  });
});

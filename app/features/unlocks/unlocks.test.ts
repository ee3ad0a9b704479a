import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  DATABASE_KINDS,
  insertUsers,
  type TestDatabase,
} from "../../../tests/support/test-database.ts";
import { CHAPTER_PATHS, tokenPathOf } from "../../../db/seed/chapter-paths.ts";
import { unlockedCharacterIds, unlockForVisit, unlockPathsFor } from "./unlocks.server.ts";

const chapter6 = tokenPathOf(CHAPTER_PATHS.find((chapter) => chapter.number === 6)!);

describe("unlock paths", () => {
  it("counts the path, and the path with its query when there is one", () => {
    expect(unlockPathsFor("/eventos/", "")).toEqual(["/eventos"]);
    expect(unlockPathsFor("/", "?book")).toEqual(["/", "/?book"]);
  });
});

describe.each(DATABASE_KINDS)("unlocks on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: true });
    await insertUsers(database.db, "ana", "beto");
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("adds every character and chapter whose requiredUrl is the visited path", async () => {
    const unlocked = await unlockForVisit(database.db, "ana", [chapter6]);
    expect(unlocked).toEqual([
      { kind: "character", id: "camazotz", name: "Camazotz" },
      { kind: "chapter", id: "capitulo-6", name: "Camazotz" },
    ]);
    expect(await unlockedCharacterIds(database.db, "ana")).toEqual(["camazotz"]);
  });

  it("is a union: a second visit adds nothing and reports nothing new", async () => {
    expect(await unlockForVisit(database.db, "ana", [chapter6])).toEqual([]);
    const rows = await database.db.selectFrom("unlocked_chapters").selectAll().where("user_id", "=", "ana").execute();
    expect(rows).toHaveLength(1);
  });

  it("does nothing for a path that unlocks nothing, and touches only the visitor", async () => {
    expect(await unlockForVisit(database.db, "beto", ["/eventos"])).toEqual([]);
    expect(await unlockedCharacterIds(database.db, "beto")).toEqual([]);
  });

  it("stays atomic and idempotent under concurrent visits", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => unlockForVisit(database.db, "beto", [chapter6])));
    expect(results.flat().filter((item) => item.kind === "chapter")).toHaveLength(1);
    const rows = await database.db
      .selectFrom("unlocked_characters")
      .selectAll()
      .where("user_id", "=", "beto")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

import type { Db } from "../../lib/db.server.ts";

export type Unlocked = { kind: "character" | "chapter"; id: string; name: string };

/** The paths a visit counts as: the path, and the path with its query (e.g. /?book). */
export function unlockPathsFor(pathname: string, search: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return search && search !== "?" ? [path, `${path}${search}`] : [path];
}

/**
 * SPEC.md §4: every character and chapter whose requiredUrl is the visited path is added to
 * the reader's unlocks. A union: INSERT … ON CONFLICT DO NOTHING is atomic and idempotent, and
 * what it returns is exactly what is new, for the celebration toast.
 */
export async function unlockForVisit(db: Db, userId: string, paths: readonly string[]): Promise<Unlocked[]> {
  if (paths.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const characters = await trx
      .insertInto("unlocked_characters")
      .columns(["user_id", "character_id"])
      .expression((eb) =>
        eb
          .selectFrom("characters")
          .select((inner) => [inner.val(userId).as("user_id"), "id"])
          .where("required_url", "in", paths),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "character_id"]).doNothing())
      .returning("character_id")
      .execute();
    const chapters = await trx
      .insertInto("unlocked_chapters")
      .columns(["user_id", "chapter_id"])
      .expression((eb) =>
        eb
          .selectFrom("chapters")
          .select((inner) => [inner.val(userId).as("user_id"), "id"])
          .where("required_url", "in", paths),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "chapter_id"]).doNothing())
      .returning("chapter_id")
      .execute();
    const unlocked: Unlocked[] = [];
    if (characters.length) {
      const names = await trx
        .selectFrom("characters")
        .select(["id", "name"])
        .where(
          "id",
          "in",
          characters.map((row) => row.character_id),
        )
        .orderBy("sort_order")
        .execute();
      unlocked.push(...names.map((row) => ({ kind: "character" as const, id: row.id, name: row.name })));
    }
    if (chapters.length) {
      const titles = await trx
        .selectFrom("chapters")
        .select(["id", "title"])
        .where(
          "id",
          "in",
          chapters.map((row) => row.chapter_id),
        )
        .orderBy("sort_order")
        .execute();
      unlocked.push(...titles.map((row) => ({ kind: "chapter" as const, id: row.id, name: row.title })));
    }
    return unlocked;
  });
}

export async function unlockedCharacterIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("unlocked_characters")
    .select("character_id")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => row.character_id);
}

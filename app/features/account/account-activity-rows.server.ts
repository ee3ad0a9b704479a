import type { Db } from "../../lib/db.server.ts";

/**
 * The rows behind whatTheyDid (account-summary.server.ts), read at once: unlocked chapters and
 * characters, comments, reports, moderation decisions, sessions, 'Aa' settings and places kept.
 */
export const activityRows = (db: Db, userId: string) =>
  Promise.all([
    db
      .selectFrom("unlocked_chapters")
      .innerJoin("chapters", "chapters.id", "unlocked_chapters.chapter_id")
      .select(["chapters.number", "chapters.title", "unlocked_chapters.unlocked_at"])
      .where("unlocked_chapters.user_id", "=", userId)
      .orderBy("chapters.sort_order")
      .execute(),
    db
      .selectFrom("unlocked_characters")
      .innerJoin("characters", "characters.id", "unlocked_characters.character_id")
      .select(["characters.name", "unlocked_characters.unlocked_at"])
      .where("unlocked_characters.user_id", "=", userId)
      .orderBy("unlocked_characters.unlocked_at")
      .execute(),
    db
      .selectFrom("comments")
      .select(["section_id", "text", "status", "created_at", "user_name"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("comment_reports")
      .leftJoin("comments", "comments.id", "comment_reports.comment_id")
      .select(["comments.section_id", "comment_reports.reason", "comment_reports.created_at"])
      .where("comment_reports.reporter_id", "=", userId)
      .orderBy("comment_reports.created_at")
      .execute(),
    db
      .selectFrom("comment_decisions")
      .select(["action", "section_id", "comment_text", "created_at"])
      .where("author_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("comment_decisions")
      .select(["action", "section_id", "created_at"])
      .where("admin_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("session")
      .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute(),
    db.selectFrom("reading_settings").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("reading_positions")
      .innerJoin("chapters", "chapters.id", "reading_positions.chapter_id")
      .select(["chapters.number", "chapters.title", "reading_positions.paragraph", "reading_positions.updated_at"])
      .where("reading_positions.user_id", "=", userId)
      .orderBy("chapters.sort_order")
      .execute(),
  ]);

/** What activityRows reads, in its order. */
export type ActivityRows = Awaited<ReturnType<typeof activityRows>>;

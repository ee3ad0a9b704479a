import type { Db } from "../../lib/db.server.ts";
import type { Publish } from "../../lib/live.server.ts";
import { commentsTopic } from "./comment-topics.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { checkComment, COMMENT_MESSAGES } from "./comment.schema.ts";

export type CommentView = { id: string; text: string; userName: string; createdAt: string };

const PAGE_SIZE = 100;

/** Newest first (SPEC.md §7). */
export async function listComments(db: Db, sectionId: string): Promise<CommentView[]> {
  const rows = await db
    .selectFrom("comments")
    .select(["id", "text", "user_name", "created_at"])
    .where("section_id", "=", sectionId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    userName: row.user_name,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Per reader: a conversation's pace, not a flood. */
export const COMMENT_RATE_LIMIT = { max: 5, windowSeconds: 60 };

export type PostCommentResult = { ok: true } | { ok: false; status: 400 | 429; error: string };

/**
 * Stores a signed-in reader's comment on a section (a chapter slug the caller resolved from the
 * page, never from the form). userName is the display name, or 'Anonymous' (SPEC.md §7).
 */
export async function postComment(
  db: Db,
  publish: Publish,
  input: { userId: string; sectionId: string; text: unknown },
): Promise<PostCommentResult> {
  const checked = checkComment(input.text);
  if (!checked.ok) return { ok: false, status: 400, error: checked.error };
  const limit = await hitRateLimit(db, `comment:${input.userId}`, COMMENT_RATE_LIMIT);
  if (!limit.allowed) return { ok: false, status: 429, error: COMMENT_MESSAGES.rateLimited };
  await db.transaction().execute(async (trx) => {
    const profile = await trx
      .selectFrom("profiles")
      .select("display_name")
      .where("user_id", "=", input.userId)
      .executeTakeFirst();
    const userName = profile?.display_name.trim() || "Anonymous";
    await trx
      .insertInto("comments")
      .values({ section_id: input.sectionId, user_id: input.userId, user_name: userName, text: checked.text })
      .execute();
    await publish(commentsTopic(input.sectionId), trx);
  });
  return { ok: true };
}

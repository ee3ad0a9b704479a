import type { Db } from "../../lib/db.server.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { riskReasons } from "../../lib/risky-text.server.ts";
import type { CommentEvent } from "./comment-events.ts";
import { COMMENTS_QUEUE_TOPIC, commentsTopic } from "./comment-topics.ts";
import { checkComment, COMMENT_MESSAGES } from "./comment.schema.ts";
import { REPORT_REASONS, REPORTS_TO_HIDE } from "./moderation-labels.ts";
import { FALLBACK_NAME } from "./comment-author.server.ts";

export type CommentsModeration = "off" | "risky" | "all";

// Reading a chapter's comments, a page at a time: comment-lists.server.ts.
export {
  commentsSeenBy,
  listComments,
  listCommentsPage,
  pageSeenBy,
  parseCommentCursor,
  sharedComments,
  SHARED_COMMENTS_LIMIT,
  type CommentsPage,
  type CommentView,
  type Viewer,
  type SharedComment,
  type SharedComments,
} from "./comment-lists.server.ts";

/** Per reader: a conversation's pace, not a flood. */
export const COMMENT_RATE_LIMIT = { max: 5, windowSeconds: 60 };

export type PostCommentResult =
  { ok: true; held: boolean; commentId: string } | { ok: false; status: 400 | 429; error: string };

/** Why a new comment must wait for an admin under `moderation` (empty: it goes out at once). */
export async function holdReasons(
  db: Db,
  moderation: CommentsModeration,
  input: { userId: string; text: string },
): Promise<string[]> {
  if (moderation === "off") return [];
  const reasons: string[] = riskReasons(input.text);
  if (moderation === "all") reasons.unshift("todos");
  if (await isChildAccount(db, input.userId)) reasons.push("menor");
  return reasons;
}

/**
 * A reader under 14: an account the age rule made a child's (app/features/age, decision 031),
 * which is a row in guardian_consents, kept after the family allows and after a raised age; or
 * a family's child reader (child_readers, decision 030), whom an adult brought in. The line
 * itself is drawn only by that rule, never here.
 */
async function isChildAccount(db: Db, userId: string) {
  const row = await db
    .selectFrom("guardian_consents")
    .select("user_id")
    .where("user_id", "=", userId)
    .union(db.selectFrom("child_readers").select("user_id").where("user_id", "=", userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** A phone's id for a comment written offline (a UUID, as crypto.randomUUID() makes). */
const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const commentByClientId = (db: Db, userId: string, clientId: string) =>
  db
    .selectFrom("comments")
    .select(["id", "status"])
    .where("user_id", "=", userId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();

/**
 * Stores a signed-in reader's comment on a section (a chapter slug the caller resolved from the
 * page, never from the form), as text. A held comment is announced to the admins' queue only:
 * the chapter's readers have nothing new to see.
 */
export async function postComment(
  db: Db,
  publish: Publish,
  input: {
    userId: string;
    sectionId: string;
    text: unknown;
    moderation: CommentsModeration;
    /** The closed group that alone may see it (a student's class), or null for everyone. */
    audience?: string | null;
    /** The id the phone gave a comment written offline (its outbox may send it again). */
    clientId?: unknown;
  },
): Promise<PostCommentResult> {
  const checked = checkComment(input.text);
  if (!checked.ok) return { ok: false, status: 400, error: checked.error };
  const clientId = typeof input.clientId === "string" && CLIENT_ID.test(input.clientId) ? input.clientId : null;
  // Sent again (the signal came back twice): the first one stands, whatever became of it.
  const sentBefore = clientId ? await commentByClientId(db, input.userId, clientId) : undefined;
  if (sentBefore) return { ok: true, held: sentBefore.status === "held", commentId: sentBefore.id };
  // Both at once (holdReasons only reads): one trip to the database fewer before the comment is out.
  const [limit, reasons] = await Promise.all([
    hitRateLimit(db, `comment:${input.userId}`, COMMENT_RATE_LIMIT),
    holdReasons(db, input.moderation, { userId: input.userId, text: checked.text }),
  ]);
  if (!limit.allowed) return { ok: false, status: 429, error: COMMENT_MESSAGES.rateLimited };
  const held = reasons.length > 0;
  const commentId = await db.transaction().execute(async (trx) => {
    const profile = await trx
      .selectFrom("profiles")
      .select("apodo")
      .where("user_id", "=", input.userId)
      .executeTakeFirst();
    const userName = profile?.apodo.trim() || FALLBACK_NAME;
    const inserted = await trx
      .insertInto("comments")
      .values({
        section_id: input.sectionId,
        user_id: input.userId,
        user_name: userName,
        text: checked.text,
        status: held ? "held" : "visible",
        held_reasons: reasons.join(","),
        audience: input.audience ?? null,
        client_id: clientId,
      })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "client_id"]).where("client_id", "is not", null).doNothing(),
      )
      .returning(["id", "created_at"])
      .executeTakeFirst();
    // The same id arrived twice at once: the other request stored it.
    if (!inserted) return null;
    // A held comment's text goes to the admins' queue only (and that event carries nothing).
    if (held) await publish(COMMENTS_QUEUE_TOPIC, trx);
    // A class's comment travels to nobody: open pages reload, and the server filters.
    else if (input.audience) await publish(commentsTopic(input.sectionId), trx);
    else
      await publish(commentsTopic(input.sectionId), trx, {
        op: "upsert",
        comment: { id: inserted.id, text: checked.text, userName, createdAt: inserted.created_at.toISOString() },
      } satisfies CommentEvent);
    return inserted.id;
  });
  if (commentId === null) {
    const stored = await commentByClientId(db, input.userId, clientId!);
    return { ok: true, held: stored?.status === "held", commentId: stored!.id };
  }
  return { ok: true, held, commentId };
}

export type CommentChangeResult =
  { ok: true; message?: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

/** The author deletes their own comment (whatever its state); nobody else's. */
export async function deleteOwnComment(
  db: Db,
  publish: Publish,
  input: { userId: string; commentId: unknown },
): Promise<CommentChangeResult> {
  if (typeof input.commentId !== "string" || !input.commentId)
    return { ok: false, status: 400, error: COMMENT_MESSAGES.notFound };
  const commentId = input.commentId;
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("comments")
      .where("id", "=", commentId)
      .where("user_id", "=", input.userId)
      .returning("section_id")
      .executeTakeFirst();
    if (!deleted) return { ok: false, status: 404, error: COMMENT_MESSAGES.notFound } as const;
    await publish(commentsTopic(deleted.section_id), trx, { op: "remove", id: commentId } satisfies CommentEvent);
    await publish(COMMENTS_QUEUE_TOPIC, trx);
    return { ok: true } as const;
  });
}

/**
 * A signed-in reader reports another's visible comment, once, with one of the listed reasons.
 * One report puts it in the admins' queue; REPORTS_TO_HIDE from different readers hold it (out
 * of everyone's sight but its author's) until an admin decides.
 */
export async function reportComment(
  db: Db,
  publish: Publish,
  input: { userId: string; commentId: unknown; reason: unknown },
): Promise<CommentChangeResult> {
  const reason = REPORT_REASONS.find((known) => known === input.reason);
  if (!reason) return { ok: false, status: 400, error: COMMENT_MESSAGES.reportReason };
  if (typeof input.commentId !== "string" || !input.commentId)
    return { ok: false, status: 400, error: COMMENT_MESSAGES.notFound };
  const commentId = input.commentId;
  return db.transaction().execute(async (trx) => {
    // Locked, so two last reports at once cannot both miss the count.
    const comment = await trx
      .selectFrom("comments")
      .select(["id", "user_id", "section_id", "status", "held_reasons"])
      .where("id", "=", commentId)
      .forUpdate()
      .executeTakeFirst();
    // Only what this reader can see can be reported: a held or hidden one is not theirs to find.
    if (!comment || comment.status !== "visible")
      return { ok: false, status: 404, error: COMMENT_MESSAGES.notFound } as const;
    if (comment.user_id === input.userId) return { ok: false, status: 409, error: COMMENT_MESSAGES.reportOwn } as const;
    const inserted = await trx
      .insertInto("comment_reports")
      .values({ comment_id: commentId, reporter_id: input.userId, reason })
      .onConflict((conflict) => conflict.columns(["comment_id", "reporter_id"]).doNothing())
      .returning("comment_id")
      .executeTakeFirst();
    if (!inserted) return { ok: false, status: 409, error: COMMENT_MESSAGES.reportTwice } as const;
    const open = await trx
      .selectFrom("comment_reports")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("comment_id", "=", commentId)
      .where("closed_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= REPORTS_TO_HIDE) {
      const reasons = [...new Set([...comment.held_reasons.split(",").filter(Boolean), "reportes"])];
      await trx
        .updateTable("comments")
        .set({ status: "held", held_reasons: reasons.join(",") })
        .where("id", "=", commentId)
        .execute();
      await publish(commentsTopic(comment.section_id), trx, { op: "hold", id: commentId } satisfies CommentEvent);
    }
    await publish(COMMENTS_QUEUE_TOPIC, trx);
    return { ok: true, message: COMMENT_MESSAGES.reported } as const;
  });
}

import type { Db } from "../../lib/db.server.ts";
import type { CommentDecisionAction } from "../../lib/db-schema.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import type { CommentEvent } from "./comment-events.ts";
import { COMMENTS_QUEUE_TOPIC, commentsTopic } from "./comment-topics.ts";
import { COMMENT_MESSAGES } from "./comment.schema.ts";
import type { ModerationAction } from "./moderation-labels.ts";
import { apodoOf } from "./comment-author.server.ts";
import type { CommentChangeResult } from "./comments.server.ts";

/** The admins' side of comments: the queue at /adminpanel/comentarios, its decisions and their record. */

/**
 * An admin's decision on a comment (the caller checked the role): approve shows it to everyone,
 * hide takes it from everyone, delete removes it. Open reports are closed, the decision is
 * recorded with a copy of the comment, and every open page of the chapter and the queue hears.
 */
export async function moderateComment(
  db: Db,
  publish: Publish,
  input: {
    adminId: string;
    commentId: unknown;
    action: unknown;
    /** A teacher decides only on their classes' comments (an admin on any: leave it out). */
    onlyAudiences?: readonly string[];
  },
): Promise<CommentChangeResult> {
  return moderateComments(db, publish, { ...input, commentIds: [input.commentId] });
}

/** A refusal inside the one transaction of moderateComments: undoes the decisions taken before it. */
class Refused extends Error {
  constructor(readonly result: Extract<CommentChangeResult, { ok: false }>) {
    super(result.error);
  }
}

/**
 * The same decision on several comments (a teacher's 'Aprobar todos'), all or nothing: one that
 * is gone or outside `onlyAudiences` refuses them all, and nothing is written.
 */
export async function moderateComments(
  db: Db,
  publish: Publish,
  input: { adminId: string; commentIds: readonly unknown[]; action: unknown; onlyAudiences?: readonly string[] },
): Promise<CommentChangeResult> {
  const action = (["approve", "hide", "delete"] as const).find((known) => known === input.action);
  if (!action) return { ok: false, status: 400, error: COMMENT_MESSAGES.unknownAction };
  const ids = input.commentIds.filter((id): id is string => typeof id === "string" && id !== "");
  if (!ids.length || ids.length !== input.commentIds.length)
    return { ok: false, status: 400, error: COMMENT_MESSAGES.notFound };
  try {
    return await db.transaction().execute(async (trx) => {
      for (const commentId of new Set(ids)) {
        const decided = await decide(trx, publish, { ...input, commentId, action });
        if (!decided.ok) throw new Refused(decided);
      }
      return { ok: true } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

async function decide(
  trx: Db,
  publish: Publish,
  input: { adminId: string; commentId: string; action: ModerationAction; onlyAudiences?: readonly string[] },
): Promise<CommentChangeResult> {
  const { commentId, action } = input;
  const comment = await trx
    .selectFrom("comments as c")
    .select(["c.id", "c.user_id", "c.section_id", "c.text", "c.created_at", "c.audience"])
    .select(apodoOf.as("apodo"))
    .where("c.id", "=", commentId)
    .forUpdate()
    .executeTakeFirst();
  const outside = input.onlyAudiences && !(comment?.audience && input.onlyAudiences.includes(comment.audience));
  if (!comment || outside) return { ok: false, status: 404, error: COMMENT_MESSAGES.notFound };
  if (action === "delete") await trx.deleteFrom("comments").where("id", "=", commentId).execute();
  else {
    await trx
      .updateTable("comments")
      .set({ status: action === "approve" ? "visible" : "hidden" })
      .where("id", "=", commentId)
      .execute();
    await trx
      .updateTable("comment_reports")
      .set({ closed_at: new Date() })
      .where("comment_id", "=", commentId)
      .where("closed_at", "is", null)
      .execute();
  }
  await trx
    .insertInto("comment_decisions")
    .values({
      comment_id: commentId,
      admin_id: input.adminId,
      author_id: comment.user_id,
      action,
      section_id: comment.section_id,
      comment_text: comment.text,
      author_apodo: comment.apodo,
    })
    .execute();
  // Approved: everyone's page shows it (its public data only); hidden or deleted: gone. A
  // class's comment carries nothing: its class's open pages reload, and the server filters.
  const event: CommentEvent | undefined =
    action === "approve" && comment.audience
      ? undefined
      : action === "approve"
        ? {
            op: "upsert",
            comment: {
              id: comment.id,
              text: comment.text,
              userName: comment.apodo,
              createdAt: comment.created_at.toISOString(),
            },
          }
        : { op: "remove", id: comment.id };
  await publish(commentsTopic(comment.section_id), trx, event);
  await publish(COMMENTS_QUEUE_TOPIC, trx);
  return { ok: true };
}

export type QueueItem = {
  id: string;
  sectionId: string;
  chapterTitle: string;
  apodo: string;
  text: string;
  createdAt: string;
  status: "visible" | "held";
  holdReasons: string[];
  reports: { reason: string; createdAt: string }[];
};

/** The admins' queue: held comments and visible ones with open reports, oldest first. */
export async function listQueue(db: Db): Promise<QueueItem[]> {
  const rows = await db
    .selectFrom("comments as c")
    .leftJoin("chapters as ch", "ch.slug", "c.section_id")
    .select(["c.id", "c.section_id", "c.text", "c.created_at", "c.status", "c.held_reasons", "ch.title"])
    .select(apodoOf.as("apodo"))
    .where((eb) =>
      eb.or([
        eb("c.status", "=", "held"),
        eb.and([
          eb("c.status", "=", "visible"),
          eb.exists(
            eb
              .selectFrom("comment_reports as r")
              .select("r.comment_id")
              .whereRef("r.comment_id", "=", "c.id")
              .where("r.closed_at", "is", null),
          ),
        ]),
      ]),
    )
    .orderBy("c.created_at", "asc")
    .limit(200)
    .execute();
  const reports = rows.length
    ? await db
        .selectFrom("comment_reports")
        .select(["comment_id", "reason", "created_at"])
        .where(
          "comment_id",
          "in",
          rows.map((row) => row.id),
        )
        .where("closed_at", "is", null)
        .orderBy("created_at", "asc")
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    sectionId: row.section_id,
    chapterTitle: row.title ?? row.section_id,
    apodo: row.apodo,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    status: row.status === "held" ? "held" : "visible",
    holdReasons: row.held_reasons.split(",").filter(Boolean),
    reports: reports
      .filter((report) => report.comment_id === row.id)
      .map((report) => ({ reason: report.reason, createdAt: report.created_at.toISOString() })),
  }));
}

export type DecisionView = {
  id: string;
  action: CommentDecisionAction;
  adminEmail: string;
  createdAt: string;
  sectionId: string;
  apodo: string;
  text: string;
};

/** Every recorded decision, newest first: who, when, what. */
export async function listDecisions(db: Db, limit = 100): Promise<DecisionView[]> {
  const rows = await db
    .selectFrom("comment_decisions as d")
    .innerJoin("user as u", "u.id", "d.admin_id")
    .select(["d.id", "d.action", "u.email", "d.created_at", "d.section_id", "d.author_apodo", "d.comment_text"])
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    adminEmail: row.email,
    createdAt: row.created_at.toISOString(),
    sectionId: row.section_id,
    apodo: row.author_apodo,
    text: row.comment_text,
  }));
}

import type { Db } from "../../lib/db.server.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import { COMMENT_MESSAGES } from "./comment.schema.ts";
import { moderateComment } from "./comment-moderation.server.ts";
import { deleteOwnComment, postComment, reportComment, type CommentsModeration } from "./comments.server.ts";

export type CommentActionResult =
  | { ok: true; intent: string; held?: boolean; message?: string; commentId?: string }
  | { ok: false; intent: string; error: string };

export type CommentActionOutcome = { status: number; body: CommentActionResult };

/**
 * Every comment form of a chapter page, by `intent`: post, delete one's own, report another's,
 * and (admins only, checked here against the role the caller read on the server) moderate.
 */
export async function handleCommentAction(
  db: Db,
  publish: Publish,
  input: {
    user: { id: string };
    isAdmin: boolean;
    sectionId: string;
    moderation: CommentsModeration;
    /** The closed group the author's comments go to (a student's class), or null. */
    audience?: string | null;
    form: FormData;
  },
): Promise<CommentActionOutcome> {
  const { form, user } = input;
  const intent = String(form.get("intent") ?? "");
  const commentId = form.get("commentId");
  // A comment written without signal names its author (comment-outbox.ts): sent later by the
  // device's worker, whoever is signed in by then, it is stored only as theirs.
  const author = form.get("author");
  if (intent === "comment" && author !== null && author !== user.id)
    return { status: 409, body: { ok: false, intent, error: COMMENT_MESSAGES.otherReader } };
  const result =
    intent === "comment"
      ? await postComment(db, publish, {
          userId: user.id,
          sectionId: input.sectionId,
          text: form.get("text"),
          moderation: input.moderation,
          audience: input.audience ?? null,
          clientId: form.get("clientId"),
        })
      : intent === "delete"
        ? await deleteOwnComment(db, publish, { userId: user.id, commentId })
        : intent === "report"
          ? await reportComment(db, publish, { userId: user.id, commentId, reason: form.get("reason") })
          : intent === "moderate"
            ? input.isAdmin
              ? await moderateComment(db, publish, { adminId: user.id, commentId, action: form.get("decision") })
              : ({ ok: false, status: 403, error: COMMENT_MESSAGES.forbidden } as const)
            : ({ ok: false, status: 400, error: COMMENT_MESSAGES.unknownAction } as const);
  if (!result.ok) return { status: result.status, body: { ok: false, intent, error: result.error } };
  const held = "held" in result ? result.held : undefined;
  const message = held ? COMMENT_MESSAGES.held : "message" in result ? result.message : undefined;
  // The new comment's id: the page moves focus to it (or to its 'En revisión').
  const postedId = "commentId" in result ? result.commentId : undefined;
  return { status: 200, body: { ok: true, intent, held, message, commentId: postedId } };
}

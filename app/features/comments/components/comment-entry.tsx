import { Suspense } from "react";
import { lazyInBrowser } from "../../../ui/lazy-in-browser.ts";
import { COMMENT_MESSAGES } from "../comment.schema.ts";
import { formatCommentDate } from "../format-date.ts";
import type { CommentItem } from "./comment-types.ts";

// Report, delete and the admins' buttons are for signed-in readers only: loaded on demand, so a
// visitor arriving from a printed code downloads none of it (scripts/budget.ts).
const CommentControls = lazyInBrowser(() => import("./comment-controls.tsx").then((module) => module.CommentControls));

/** One comment of a chapter's list: author, date, its state for its author, text, controls. */
export function CommentEntry({
  comment,
  signedIn,
  isAdmin,
}: {
  comment: CommentItem;
  signedIn: boolean;
  isAdmin: boolean;
}) {
  return (
    <li
      tabIndex={-1}
      // Named by its author, date, status and text when focus lands on it after posting.
      aria-labelledby={`m${comment.id} t${comment.id}`}
      className={`card card-body mb-3 comment${comment.status === "held" ? " comment-held" : ""}`}
      data-comment-id={comment.id}
    >
      <p className="mb-1 comment-meta" id={`m${comment.id}`}>
        <strong className="comment-author">{comment.userName}</strong> ·{" "}
        <time dateTime={comment.createdAt} suppressHydrationWarning>
          {formatCommentDate(comment.createdAt)}
        </time>
        {comment.status === "held" && (
          <span className="badge text-bg-warning ms-2 comment-status">{COMMENT_MESSAGES.inReview}</span>
        )}
      </p>
      {/* Text, never HTML: React escapes it. */}
      <p className="mb-0 comment-text" id={`t${comment.id}`}>
        {comment.text}
      </p>
      {signedIn && (
        <Suspense fallback={null}>
          <CommentControls comment={comment} isAdmin={isAdmin} />
        </Suspense>
      )}
    </li>
  );
}

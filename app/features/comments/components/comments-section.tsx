import { Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { loginHref } from "../../../lib/site-paths.ts";
import { lazyInBrowser } from "../../../ui/lazy-in-browser.ts";
import { useLiveEvents } from "../../../ui/use-live.ts";
import { applyCommentEvent, emptyPatches, isCommentEvent, mergeComments } from "../comment-events.ts";
import { commentsTopic } from "../comment-topics.ts";
import { COMMENT_MESSAGES } from "../comment.schema.ts";
import { formatCommentDate } from "../format-date.ts";
import type { CommentItem } from "./comment-types.ts";

// The form, report, delete and the admins' buttons are for signed-in readers only: loaded on
// demand, so a visitor arriving from a printed code downloads none of it (scripts/budget.ts).
const CommentForm = lazyInBrowser(() => import("./comment-form.tsx").then((module) => module.CommentForm));
const CommentControls = lazyInBrowser(() => import("./comment-controls.tsx").then((module) => module.CommentControls));

type Props = {
  sectionId: string;
  comments: CommentItem[];
  signedIn: boolean;
  isAdmin: boolean;
  prompt: string;
  /** Shown instead of the form to a signed-in reader who may not comment yet (and why). */
  blockedNotice?: ReactNode;
};

/** One list per chapter: live changes heard on one are not carried to the next one opened. */
export function CommentsSection(props: Props) {
  return <ChapterComments key={props.sectionId} {...props} />;
}

function ChapterComments({ sectionId, comments: loaded, signedIn, isAdmin, prompt, blockedNotice }: Props) {
  // Every reader of the page sees new, approved, hidden and deleted comments as they happen:
  // the event carries the change, laid over the loader's list without reloading it.
  const [patches, setPatches] = useState(emptyPatches);
  useLiveEvents([commentsTopic(sectionId)], (event, reload) => {
    if (isCommentEvent(event.data)) {
      const change = event.data;
      setPatches((current) => applyCommentEvent(current, change));
    } else reload();
  });
  const comments = mergeComments(loaded, patches, isAdmin);
  const location = useLocation();
  return (
    <section className="comments mt-5" aria-labelledby="comments-title">
      <h2 id="comments-title" className="h4">
        {comments.length ? COMMENT_MESSAGES.heading : COMMENT_MESSAGES.none}
      </h2>
      {signedIn && blockedNotice ? (
        blockedNotice
      ) : signedIn ? (
        <Suspense fallback={null}>
          <CommentForm prompt={prompt} />
        </Suspense>
      ) : (
        <p className="comments-login">
          <Link to={loginHref(location.pathname)}>{COMMENT_MESSAGES.signInPrompt}</Link>
        </p>
      )}
      {comments.length > 0 && (
        <ol className="list-unstyled mt-4" aria-label="Comentarios">
          {comments.map((comment) => (
            <li
              key={comment.id}
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
          ))}
        </ol>
      )}
    </section>
  );
}

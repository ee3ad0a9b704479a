import { Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { loginHref } from "../../../lib/site-paths.ts";
import { lazyInBrowser } from "../../../ui/lazy-in-browser.ts";
import { useLiveEvents } from "../../../ui/use-live.ts";
import { applyCommentEvent, emptyPatches, isCommentEvent, mergeComments } from "../comment-events.ts";
import { commentsTopic } from "../comment-topics.ts";
import { COMMENT_MESSAGES } from "../comment.schema.ts";
import { CommentEntry } from "./comment-entry.tsx";
import type { CommentItem } from "./comment-types.ts";

// The form is for signed-in readers only: loaded on demand, so a visitor arriving from a printed
// code downloads none of it (scripts/budget.ts); so are older pages, for the few chapters with
// more comments than one page.
const CommentForm = lazyInBrowser(() => import("./comment-form.tsx").then((module) => module.CommentForm));
const OlderComments = lazyInBrowser(() => import("./older-comments.tsx").then((module) => module.OlderComments));

type Props = {
  sectionId: string;
  comments: CommentItem[];
  /** Where the next older page of comments starts (null or absent: there is none). */
  older?: string | null;
  /** This list is an older page (`?antes=`): it starts there, not at the newest comment. */
  olderPage?: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  prompt: string;
  /** Who sees this list, when it is not everyone (a class's student: only their class). */
  notice?: string | null;
  /** Shown instead of the form to a signed-in reader who may not comment yet (and why). */
  blockedNotice?: ReactNode;
};

/** One list per chapter: live changes heard on one are not carried to the next one opened. */
export function CommentsSection(props: Props) {
  return <ChapterComments key={props.sectionId} {...props} />;
}

function ChapterComments(props: Props) {
  const { sectionId, comments: loaded, older, olderPage, signedIn, isAdmin, prompt, notice, blockedNotice } = props;
  // Every reader of the page sees new, approved, hidden and deleted comments as they happen:
  // the event carries the change, laid over the loader's list without reloading it.
  const [patches, setPatches] = useState(emptyPatches);
  useLiveEvents([commentsTopic(sectionId)], (event, reload) => {
    if (isCommentEvent(event.data)) {
      const change = event.data;
      setPatches((current) => applyCommentEvent(current, change));
    } else reload();
  });
  const comments = mergeComments(loaded, patches, isAdmin, olderPage);
  const location = useLocation();
  return (
    <section className="comments mt-5" aria-labelledby="comments-title">
      <h2 id="comments-title" className="h4">
        {comments.length || olderPage ? COMMENT_MESSAGES.heading : COMMENT_MESSAGES.none}
      </h2>
      {notice && <p className="small text-body-secondary">{notice}</p>}
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
      {/* A log: comments others post while the page is open are read out as they arrive. */}
      <div role="log" aria-label={COMMENT_MESSAGES.heading}>
        {comments.length > 0 && (
          <ol className="list-unstyled mt-4" aria-label="Comentarios">
            {comments.map((comment) => (
              <CommentEntry key={comment.id} comment={comment} signedIn={signedIn} isAdmin={isAdmin} />
            ))}
          </ol>
        )}
      </div>
      {(older || olderPage) && (
        <Suspense fallback={null}>
          <OlderComments
            older={older ?? null}
            olderPage={Boolean(olderPage)}
            patches={patches}
            signedIn={signedIn}
            isAdmin={isAdmin}
          />
        </Suspense>
      )}
    </section>
  );
}

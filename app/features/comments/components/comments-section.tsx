import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { loginHref } from "../../../lib/site-paths.ts";
import { lazyInBrowser } from "../../../ui/lazy-in-browser.ts";
import { useLiveEvents } from "../../../ui/use-live.ts";
import { applyCommentEvent, emptyPatches, isCommentEvent, mergeComments } from "../comment-events.ts";
import { olderCommentsHref } from "../comment-pages.ts";
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
  /** Where the next older page of comments starts (null or absent: there is none). */
  older?: string | null;
  /** This list is an older page (`?antes=`): it starts there, not at the newest comment. */
  olderPage?: boolean;
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

/** What the chapter's loader answers for an older page, as far as this list reads it. */
type OlderPageData = { comments: CommentItem[]; olderComments: string | null; commentsBefore: string | null };
type LoadedPage = { cursor: string; comments: CommentItem[]; older: string | null };

function ChapterComments(props: Props) {
  const { sectionId, comments: firstPage, older, olderPage, signedIn, isAdmin, prompt, blockedNotice } = props;
  // Older pages loaded in place (with JavaScript): each kept under the cursor it started at, so
  // the revalidation a live change asks for replaces a page rather than adding it twice.
  const fetcher = useFetcher<OlderPageData>();
  const [pages, setPages] = useState<LoadedPage[]>([]);
  useEffect(() => {
    const data = fetcher.data;
    if (!data?.commentsBefore) return;
    const page = { cursor: data.commentsBefore, comments: data.comments, older: data.olderComments };
    setPages((current) =>
      current.some((known) => known.cursor === page.cursor)
        ? current.map((known) => (known.cursor === page.cursor ? page : known))
        : [...current, page],
    );
  }, [fetcher.data]);
  const loaded = pages.length ? [firstPage, ...pages.map((page) => page.comments)].flat() : firstPage;
  const nextOlder = pages.length ? pages.at(-1)!.older : (older ?? null);
  // Every reader of the page sees new, approved, hidden and deleted comments as they happen:
  // the event carries the change, laid over the loader's list without reloading it.
  const [patches, setPatches] = useState(emptyPatches);
  useLiveEvents([commentsTopic(sectionId)], (event, reload) => {
    if (isCommentEvent(event.data)) {
      const change = event.data;
      setPatches((current) => applyCommentEvent(current, change));
    } else reload();
  });
  // An older page shows no comment newer than itself: a new one belongs to the newest page.
  const known = olderPage ? new Set(loaded.map((comment) => comment.id)) : null;
  const shownPatches = known
    ? { ...patches, added: new Map([...patches.added].filter(([id]) => known.has(id))) }
    : patches;
  const comments = mergeComments(loaded, shownPatches, isAdmin);
  const location = useLocation();
  const olderHref = nextOlder ? olderCommentsHref(location.pathname, nextOlder) : null;
  const loadingOlder = fetcher.state !== "idle";
  // With JavaScript the older page joins this list in place (live updates go on); without it,
  // or opened in a new tab, the link is the older page's own address, rendered by the server.
  const loadOlder = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!olderHref || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!loadingOlder) void fetcher.load(olderHref);
  };
  return (
    <section className="comments mt-5" aria-labelledby="comments-title">
      <h2 id="comments-title" className="h4">
        {comments.length || olderPage ? COMMENT_MESSAGES.heading : COMMENT_MESSAGES.none}
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
      {olderHref && (
        <p className="comments-older">
          <Link to={olderHref} onClick={loadOlder} preventScrollReset aria-disabled={loadingOlder || undefined}>
            {COMMENT_MESSAGES.older}
          </Link>
          {loadingOlder && (
            <span className="ms-2 small text-body-secondary" role="status">
              {COMMENT_MESSAGES.loadingOlder}
            </span>
          )}
        </p>
      )}
      {olderPage && (
        <p className="comments-newest">
          <Link to={location.pathname}>{COMMENT_MESSAGES.newest}</Link>
        </p>
      )}
    </section>
  );
}

import { useEffect, useState, type MouseEvent } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { mergeComments, type CommentPatches } from "../comment-events.ts";
import { OLDER_COMMENTS_MESSAGES as MESSAGES, olderCommentsHref } from "../comment-pages.ts";
import { CommentEntry } from "./comment-entry.tsx";
import type { CommentItem } from "./comment-types.ts";

/** What the chapter's loader answers for an older page, as far as this list reads it. */
type OlderPageData = { comments: CommentItem[]; olderComments: string | null; commentsBefore: string | null };
type LoadedPage = { cursor: string; comments: CommentItem[]; older: string | null };

type Props = {
  /** Where the next older page starts, below the page the chapter's loader gave (null: none). */
  older: string | null;
  /** The chapter's loader gave an older page (`?antes=`): it leads back to the newest too. */
  olderPage: boolean;
  /** The live changes the list heard: deletions and holds reach older pages too. */
  patches: CommentPatches;
  signedIn: boolean;
  isAdmin: boolean;
};

/**
 * 'Ver comentarios anteriores' (decision 059), loaded only on a chapter with more comments than
 * one page: without JavaScript the link is the older page's own address, rendered by the
 * server; with it, the older pages join the list in place and live changes go on.
 */
export function OlderComments({ older, olderPage, patches, signedIn, isAdmin }: Props) {
  // Each page kept under the cursor it started at, so the revalidation a live change asks for
  // replaces a page rather than adding it twice.
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
  const location = useLocation();
  // Until this part has hydrated (its chunk comes after the page's), the link is a plain one
  // and opens the older page on its own: marked once it loads in place instead.
  const [inPlace, setInPlace] = useState(false);
  useEffect(() => setInPlace(true), []);
  const comments = mergeComments(
    pages.flatMap((page) => page.comments),
    patches,
    isAdmin,
    true,
  );
  const nextOlder = pages.length ? pages.at(-1)!.older : older;
  const olderHref = nextOlder ? olderCommentsHref(location.pathname, nextOlder) : null;
  const loading = fetcher.state !== "idle";
  const loadOlder = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!olderHref || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!loading) void fetcher.load(olderHref);
  };
  return (
    <>
      {comments.length > 0 && (
        <ol className="list-unstyled" aria-label={MESSAGES.olderList}>
          {comments.map((comment) => (
            <CommentEntry key={comment.id} comment={comment} signedIn={signedIn} isAdmin={isAdmin} />
          ))}
        </ol>
      )}
      {olderHref && (
        <p className="comments-older">
          <Link
            to={olderHref}
            onClick={loadOlder}
            preventScrollReset
            aria-disabled={loading || undefined}
            data-in-place={inPlace || undefined}
          >
            {MESSAGES.older}
          </Link>
          {loading && (
            <span className="ms-2 small text-body-secondary" role="status">
              {MESSAGES.loadingOlder}
            </span>
          )}
        </p>
      )}
      {olderPage && (
        <p className="comments-newest">
          <Link to={location.pathname}>{MESSAGES.newest}</Link>
        </p>
      )}
    </>
  );
}

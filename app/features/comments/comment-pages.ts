/**
 * The address of a chapter's older comments (decision 059): the chapter's own path with the
 * cursor where the page starts. Not one of the query keys page views keep
 * (app/lib/site-query-keys.ts): paging back is still a view of the chapter.
 */
export const OLDER_COMMENTS_KEY = "antes";

export const olderCommentsHref = (pathname: string, cursor: string) =>
  `${pathname}?${new URLSearchParams({ [OLDER_COMMENTS_KEY]: cursor })}`;

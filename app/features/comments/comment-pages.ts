/**
 * The address of a chapter's older comments (decision 059): the chapter's own path with the
 * cursor where the page starts. Not one of the query keys page views keep
 * (app/lib/site-query-keys.ts): paging back is still a view of the chapter.
 */
export const OLDER_COMMENTS_KEY = "antes";

export const olderCommentsHref = (pathname: string, cursor: string) =>
  `${pathname}?${new URLSearchParams({ [OLDER_COMMENTS_KEY]: cursor })}`;

/** What paging back says (loaded with the older pages only: no chapter page carries it otherwise). */
export const OLDER_COMMENTS_MESSAGES = {
  older: "Ver comentarios anteriores",
  olderList: "Comentarios anteriores",
  newest: "Ver los comentarios más recientes",
  loadingOlder: "Cargando comentarios anteriores…",
} as const;

import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { apodoOf } from "./comment-author.server.ts";

/**
 * Who is looking: what a list may show depends on it (server-side, never the client's say).
 * `audiences`: the closed groups (a class, decision 036) whose comments this viewer may see.
 */
export type Viewer = { userId: string | null; isAdmin: boolean; audiences?: readonly string[] };

export type CommentView = {
  id: string;
  text: string;
  /** The author's public name (apodo), never their e-mail or private display name. */
  userName: string;
  createdAt: string;
  /** 'held' reaches only its author and admins. */
  status: "visible" | "held";
  mine: boolean;
  reportedByMe: boolean;
};

/**
 * One page of a chapter's comments, newest first, and where the next older page starts (null:
 * there is none). The cursor is a place in the order (created_at, id), never an offset: a comment
 * posted meanwhile shifts no page (decision 059).
 */
export type CommentsPage = { comments: CommentView[]; older: string | null };

const PAGE_SIZE = 100;

/**
 * A comment's place in the order, as text: its created_at in microseconds since the epoch (the
 * column's own precision: milliseconds, what a JavaScript date keeps, would tie and skip rows)
 * and its id.
 */
const cursorOf = sql<string>`(extract(epoch from c.created_at) * 1000000)::bigint::text || '.' || c.id`;

type Cursor = { micros: string; id: string };

/** A cursor from an address (`?antes=`), or null when it is not one (the page then starts at the newest). */
export function parseCommentCursor(value: string | null): Cursor | null {
  const match = value ? /^(\d{1,17})\.([\w-]{1,64})$/.exec(value) : null;
  return match ? { micros: match[1]!, id: match[2]! } : null;
}

/**
 * A chapter's comments as `viewer` may see them, newest first (SPEC.md §7), a page at a time
 * from `before` (a cursor; null: the newest): visible ones for everybody, held ones only for
 * their author and admins, hidden ones for nobody. A comment with an audience (a class's) is
 * seen only by that audience, its author and admins. The same rules on every page.
 */
export async function listCommentsPage(
  db: Db,
  sectionId: string,
  viewer: Viewer,
  before: Cursor | null = null,
): Promise<CommentsPage> {
  const me = viewer.userId ?? "";
  const audiences = [...(viewer.audiences ?? [])];
  const rows = await db
    .selectFrom("comments as c")
    .select(["c.id", "c.text", "c.user_id", "c.created_at", "c.status"])
    .select(apodoOf.as("apodo"))
    .select(cursorOf.as("cursor"))
    .select(
      sql<boolean>`exists (select 1 from comment_reports r where r.comment_id = c.id and r.reporter_id = ${me})`.as(
        "reported_by_me",
      ),
    )
    .where("c.section_id", "=", sectionId)
    .where((eb) =>
      viewer.isAdmin
        ? eb.lit(true)
        : eb.or([
            eb("c.audience", "is", null),
            eb("c.user_id", "=", me),
            ...(audiences.length ? [eb("c.audience", "in", audiences)] : []),
          ]),
    )
    .where((eb) =>
      viewer.isAdmin
        ? eb("c.status", "in", ["visible", "held"])
        : eb.or([eb("c.status", "=", "visible"), eb.and([eb("c.status", "=", "held"), eb("c.user_id", "=", me)])]),
    )
    .$if(before !== null, (query) =>
      query.where(
        sql<boolean>`(c.created_at, c.id) < (timestamptz 'epoch' + ${before?.micros}::bigint * interval '1 microsecond', ${before?.id})`,
      ),
    )
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    // One more than a page: whether an older page exists, without counting them all.
    .limit(PAGE_SIZE + 1)
    .execute();
  const shown = rows.slice(0, PAGE_SIZE);
  return {
    comments: shown.map((row) => ({
      id: row.id,
      text: row.text,
      userName: row.apodo,
      createdAt: row.created_at.toISOString(),
      status: row.status === "held" ? "held" : "visible",
      mine: row.user_id === me,
      reportedByMe: Boolean(row.reported_by_me),
    })),
    older: rows.length > PAGE_SIZE ? shown.at(-1)!.cursor : null,
  };
}

/** The newest page of listCommentsPage. */
export async function listComments(db: Db, sectionId: string, viewer: Viewer): Promise<CommentView[]> {
  return (await listCommentsPage(db, sectionId, viewer)).comments;
}

/**
 * A chapter's newest comments as anyone may be shown them (visible and held, every audience),
 * newest first, with who reported each: the part of listCommentsPage's first page that is the
 * same for every reader, so a page may keep it between views (decision 041) and apply
 * pageSeenBy per reader. Never sent to a page as it is. At most SHARED_COMMENTS_LIMIT rows;
 * `complete` says whether that was all.
 */
export type SharedComment = {
  id: string;
  text: string;
  userId: string;
  userName: string;
  createdAt: string;
  status: "visible" | "held";
  audience: string | null;
  reporters: readonly string[];
  cursor: string;
};
export type SharedComments = { rows: SharedComment[]; complete: boolean };

/**
 * Two pages' worth: enough for nearly every reader's first page (and to know whether an older
 * one exists) while a chapter with 10,000 comments keeps, and reads on each change, 201 rows,
 * not 1,001 (decision 059).
 */
export const SHARED_COMMENTS_LIMIT = 2 * PAGE_SIZE;

export async function sharedComments(db: Db, sectionId: string): Promise<SharedComments> {
  const rows = await db
    .selectFrom("comments as c")
    .select(["c.id", "c.text", "c.user_id", "c.created_at", "c.status", "c.audience"])
    .select(apodoOf.as("apodo"))
    .select(cursorOf.as("cursor"))
    .select(
      sql<string[] | null>`(select array_agg(r.reporter_id) from comment_reports r where r.comment_id = c.id)`.as(
        "reporters",
      ),
    )
    .where("c.section_id", "=", sectionId)
    .where("c.status", "in", ["visible", "held"])
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(SHARED_COMMENTS_LIMIT + 1)
    .execute();
  return {
    rows: rows.slice(0, SHARED_COMMENTS_LIMIT).map((row) => ({
      id: row.id,
      text: row.text,
      userId: row.user_id,
      userName: row.apodo,
      createdAt: row.created_at.toISOString(),
      status: row.status === "held" ? "held" : "visible",
      audience: row.audience,
      reporters: row.reporters ?? [],
      cursor: row.cursor,
    })),
    complete: rows.length <= SHARED_COMMENTS_LIMIT,
  };
}

/**
 * listCommentsPage's first page from a chapter's shared comments, for one viewer: the same page,
 * or null when the shared rows were cut short before this viewer's page (and whether an older one
 * exists) was known (ask listCommentsPage).
 */
export function pageSeenBy(shared: SharedComments, viewer: Viewer): CommentsPage | null {
  const me = viewer.userId ?? "";
  const audiences = new Set(viewer.audiences ?? []);
  const seen: CommentView[] = [];
  let last = "";
  for (const row of shared.rows) {
    const mine = me !== "" && row.userId === me;
    const reaches = viewer.isAdmin || row.audience === null || mine || audiences.has(row.audience);
    const shown = viewer.isAdmin || row.status === "visible" || mine;
    if (!reaches || !shown) continue;
    // One more this viewer may see: the page is full and an older one exists.
    if (seen.length === PAGE_SIZE) return { comments: seen, older: last };
    seen.push({
      id: row.id,
      text: row.text,
      userName: row.userName,
      createdAt: row.createdAt,
      status: row.status,
      mine,
      reportedByMe: me !== "" && row.reporters.includes(me),
    });
    last = row.cursor;
  }
  return shared.complete ? { comments: seen, older: null } : null;
}

/** The comments of pageSeenBy's page. */
export function commentsSeenBy(shared: SharedComments, viewer: Viewer): CommentView[] | null {
  return pageSeenBy(shared, viewer)?.comments ?? null;
}

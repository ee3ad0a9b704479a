import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import type { PageView } from "../../lib/page-view-record.server.ts";
import { keptPath } from "./kept-path.ts";

export const PAGE_VIEW_LIMITS = { path: 1000, title: 300 } as const;

/** A reader clicking through the site stays far below this; a script does not. */
export const PAGE_VIEW_RATE_LIMIT = { max: 60, windowSeconds: 60 };
/** A day's views from one address: a school's readers together stay below it; a script is capped. */
export const PAGE_VIEW_DAILY_LIMIT = { max: 3000, windowSeconds: 24 * 60 * 60 };
/** Views are kept this long: the statistics compare a year with the year before (page_view_days keeps the counts). */
export const PAGE_VIEW_RETENTION_DAYS = 400;

/** Scans are counted by the QR route itself as views of /qr/{code}; the browser never reports them. */
export const QR_PATH_PREFIX = "/qr/";

/**
 * Whether one more view from this address may be stored: within a minute's and a day's limit,
 * so no client can make the table grow faster than a class of readers would.
 */
export async function mayCountView(db: Db, address: string): Promise<boolean> {
  const perMinute = await hitRateLimit(db, `page-view:${address}`, PAGE_VIEW_RATE_LIMIT);
  if (!perMinute.allowed) return false;
  return (await hitRateLimit(db, `page-view-daily:${address}`, PAGE_VIEW_DAILY_LIMIT)).allowed;
}

/**
 * Day counts (page_view_days) are kept this long: two of the statistics' longest period, a
 * year and the year before it. They name a path and a day, nothing about who.
 */
export const PAGE_VIEW_DAY_RETENTION_DAYS = 2 * 365 + 1;

/**
 * Days whose set of active readers is still open (today and yesterday, UTC): their salts and
 * marks (migration 0029) are deleted after that, leaving only each day's number.
 */
export const ACTIVE_READER_OPEN_DAYS = 2;

/**
 * Housekeeping: forgets views older than the retention, day counts older than theirs, and the
 * salts and marks of closed days (the trigger deletes them too when a new day opens; this
 * covers days on which nobody was active).
 */
export async function prunePageViews(db: Db): Promise<number> {
  const result = await db
    .deleteFrom("page_views")
    .where("created_at", "<", sql<Date>`now() - make_interval(days => ${PAGE_VIEW_RETENTION_DAYS})`)
    .executeTakeFirst();
  await db
    .deleteFrom("page_view_days")
    .where("day", "<", sql<string>`current_date - ${PAGE_VIEW_DAY_RETENTION_DAYS}::int`)
    .execute();
  const closed = sql<string>`(now() at time zone 'UTC')::date - ${ACTIVE_READER_OPEN_DAYS - 1}::int`;
  await db.deleteFrom("active_reader_marks").where("day", "<", closed).execute();
  await db.deleteFrom("active_reader_salts").where("day", "<", closed).execute();
  return Number(result.numDeletedRows ?? 0);
}

export { recordPageView, type PageView } from "../../lib/page-view-record.server.ts";

/**
 * What the browser reports: a path on this site and the page title. Anything else is refused.
 * Of the query string only the site's own keys are kept (kept-path.ts), whatever the client
 * sent. Titles are cut, not refused: they are ours, only longer than planned.
 */
export function parsePageView(body: string): PageView | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { path, title } = value as Record<string, unknown>;
  if (typeof path !== "string" || typeof title !== "string") return null;
  if (!path.startsWith("/") || path.startsWith("//") || path.length > PAGE_VIEW_LIMITS.path) return null;
  if (/[\u0000-\u001f\u007f\s\\]/.test(path)) return null;
  const withoutFragment = path.split("#")[0]!;
  const query = withoutFragment.indexOf("?");
  const kept = query < 0 ? withoutFragment : keptPath(withoutFragment.slice(0, query), withoutFragment.slice(query));
  return { path: kept, title: title.replace(/\s+/g, " ").trim().slice(0, PAGE_VIEW_LIMITS.title) };
}

import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { keptPath } from "./kept-path.ts";

export const PAGE_VIEW_LIMITS = { path: 1000, title: 300 } as const;

/** A reader clicking through the site stays far below this; a script does not. */
export const PAGE_VIEW_RATE_LIMIT = { max: 60, windowSeconds: 60 };
/** A day's views from one address: a school's readers together stay below it; a script is capped. */
export const PAGE_VIEW_DAILY_LIMIT = { max: 3000, windowSeconds: 24 * 60 * 60 };
/** Views are kept this long: the statistics show 30 days, comparisons a year. */
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

/** Housekeeping: forgets views older than the retention. */
export async function prunePageViews(db: Db): Promise<number> {
  const result = await db
    .deleteFrom("page_views")
    .where("created_at", "<", sql<Date>`now() - make_interval(days => ${PAGE_VIEW_RETENTION_DAYS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

export type PageView = { path: string; title: string };

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

/** One view: the path and title only, no address, account or time finer than the row's own. */
export async function recordPageView(db: Db, view: PageView) {
  await db.insertInto("page_views").values({ path: view.path, title: view.title }).execute();
}

export type ViewCount = { key: string; last7: number; last30: number };

export type PageViewStats = { pages: ViewCount[]; qrScans: ViewCount[]; totals: { last7: number; last30: number } };

export const STATS_ROW_LIMIT = 200;

/**
 * Views per path (the query string set aside) and QR scans per code, over the last 7 and 30
 * days, most viewed first. Totals count page views, not scans.
 */
export async function pageViewStats(db: Db, now: Date = new Date()): Promise<PageViewStats> {
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const since7 = new Date(now.getTime() - 7 * 86_400_000);
  const isQr = sql<boolean>`path like ${QR_PATH_PREFIX + "%"}`;
  const grouped = (key: RawBuilder<string>, qr: boolean) =>
    db
      .selectFrom("page_views")
      .select([
        key.as("key"),
        sql<number>`count(*) filter (where created_at >= ${since7})`.as("last7"),
        sql<number>`count(*)`.as("last30"),
      ])
      .where("created_at", ">=", since30)
      .where("created_at", "<=", now)
      .where(qr ? isQr : sql<boolean>`not (${isQr})`)
      .groupBy(sql`1`)
      .orderBy(sql`count(*)`, "desc")
      .orderBy(sql`1`)
      .limit(STATS_ROW_LIMIT)
      .execute();
  const pathOnly = sql<string>`split_part(path, '?', 1)`;
  const qrCode = sql<string>`split_part(split_part(substr(path, ${QR_PATH_PREFIX.length + 1}), '?', 1), '/', 1)`;
  const [pages, qrScans, totals] = await Promise.all([
    grouped(pathOnly, false),
    grouped(qrCode, true),
    db
      .selectFrom("page_views")
      .select([
        sql<number>`count(*) filter (where created_at >= ${since7})`.as("last7"),
        sql<number>`count(*)`.as("last30"),
      ])
      .where("created_at", ">=", since30)
      .where("created_at", "<=", now)
      .where(sql<boolean>`not (${isQr})`)
      .executeTakeFirstOrThrow(),
  ]);
  const toCount = (row: { key: string; last7: number; last30: number }): ViewCount => ({
    key: row.key,
    last7: Number(row.last7),
    last30: Number(row.last30),
  });
  return {
    pages: pages.map(toCount),
    qrScans: qrScans.map(toCount),
    totals: { last7: Number(totals.last7), last30: Number(totals.last30) },
  };
}

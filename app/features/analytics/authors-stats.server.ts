import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { StatsDayTable } from "../../lib/db-schema.ts";
import { QR_PATH_PREFIX } from "./page-views.server.ts";
import { bucketDays, type DayCount, type PeriodDays } from "./stats-period.ts";

/**
 * The figures behind /adminpanel/estadisticas, all counted by the database (SQL aggregates,
 * never a row per reader brought into the app). Page views, sign-ups, comments, unlocks and
 * active readers come from their counts per day (page_view_days and stats_days, kept by
 * triggers, migrations 0019 and 0029): a few thousand rows a year whatever the traffic, and a
 * history that deleting an account or closing a class leaves as it was (decision 069). Reports
 * and clans are counted from their own tables.
 */

export type PathCount = { path: string; current: number; previous: number };
export type ChapterRow = { id: string; number: number | null; title: string; slug: string; requiredUrl: string };
export type CommentCounts = { visible: number; held: number; hidden: number; deleted: number; reports: number };
/** A code's scans on a chart point, at the offset of that point's first day. */
export type CodeDayCount = DayCount & { code: string };

export type AuthorsStatsData = {
  days: PeriodDays;
  /** Page views (not scans) and QR scans per day of both periods. */
  viewDays: DayCount[];
  scanDays: DayCount[];
  /** QR scans per code and chart point (day, week or 30 days, see bucketDays) of both periods. */
  codeDays: CodeDayCount[];
  signUpDays: DayCount[];
  commentDays: DayCount[];
  /** Views per stored path (query keys included) in the current and previous period. */
  paths: PathCount[];
  chapters: ChapterRow[];
  /** Readers active on each day (each counted once a day, decision 069). */
  activeReaderDays: DayCount[];
  /** Readers who unlocked each chapter, ever (by chapter id). */
  chapterUnlocks: Map<string, number>;
  /** Comments written in the current period per chapter slug, by state (deleted since), and reports made in it. */
  commentsBySection: Map<string, CommentCounts>;
  characters: { id: string; name: string; readers: number }[];
  /** Readers per clan (0 = none chosen). */
  clans: Map<number, number>;
};

const n = (value: unknown) => Number(value ?? 0);

type StatsMetric = StatsDayTable["metric"];

/** A metric of stats_days per day since the previous period's first day, as DayCounts. */
async function metricPerDay(db: Db, metric: StatsMetric, days: PeriodDays): Promise<DayCount[]> {
  const { rows } = await sql<{ offset: number; count: number }>`
    select (day - ${days.previousStart}::date) as offset, sum(count) as count from stats_days
    where metric = ${metric} and day >= ${days.previousStart}::date and day <= ${days.today}::date
    group by 1`.execute(db);
  return rows.map((row) => ({ offset: n(row.offset), count: n(row.count) }));
}

/** A metric of stats_days per key, summed over every day (or from `since`). */
async function metricPerKey(db: Db, metric: StatsMetric, since?: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ key: string; count: number }>`
    select key, sum(count) as count from stats_days
    where metric = ${metric} ${since ? sql`and day >= ${since}::date` : sql``}
    group by key`.execute(db);
  return new Map(rows.map((row) => [row.key, n(row.count)]));
}

type PageViewFigures = Pick<AuthorsStatsData, "viewDays" | "scanDays" | "codeDays" | "paths">;

/**
 * Page views of both periods, in one pass over their page_view_days rows (three groupings of
 * the same rows, which took three scans of up to two years of days and paths): per day, split
 * into views and QR scans; per path, current and previous period; and scans per code and chart
 * point (day, week or 30 days), folded by the database: a year is 26 points per code, not 730
 * days. A point's offset is its first day's, so bucketed() puts it back in place.
 */
async function pageViewsOfPeriods(db: Db, days: PeriodDays): Promise<PageViewFigures> {
  const size = bucketDays(days.period);
  const { rows } = await sql<{
    set: "day" | "path" | "code";
    day_offset: number | null;
    qr: boolean | null;
    path: string | null;
    code: string | null;
    point: number | null;
    count: number;
    current: number;
    previous: number;
  }>`
    with period_days as (
      select day - ${days.previousStart}::date as day_offset, path, views,
             path like ${QR_PATH_PREFIX + "%"} as qr
      from page_view_days
      where day >= ${days.previousStart}::date and day <= ${days.today}::date
    ), scans as (
      select *,
             case when qr then split_part(split_part(substr(path, ${QR_PATH_PREFIX.length + 1}::int), '?', 1), '/', 1) end as code,
             case when day_offset < ${days.period}::int then day_offset - day_offset % ${size}::int
                  else day_offset - (day_offset - ${days.period}::int) % ${size}::int end as point
      from period_days
    )
    select case grouping(day_offset, qr, path, code, point) when 7 then 'day' when 27 then 'path' else 'code' end as set,
           day_offset, qr, path, code, point, sum(views) as count,
           coalesce(sum(views) filter (where day_offset >= ${days.period}::int), 0) as current,
           coalesce(sum(views) filter (where day_offset < ${days.period}::int), 0) as previous
    from scans
    group by grouping sets ((day_offset, qr), (path), (code, point))`.execute(db);
  const result: PageViewFigures = { viewDays: [], scanDays: [], codeDays: [], paths: [] };
  for (const row of rows) {
    if (row.set === "day")
      (row.qr ? result.scanDays : result.viewDays).push({ offset: n(row.day_offset), count: n(row.count) });
    else if (row.set === "path")
      result.paths.push({ path: row.path!, current: n(row.current), previous: n(row.previous) });
    else if (row.code !== null) result.codeDays.push({ code: row.code, offset: n(row.point), count: n(row.count) });
  }
  return result;
}

export async function authorsStatsData(db: Db, days: PeriodDays): Promise<AuthorsStatsData> {
  const currentStartAt = sql`${days.currentStart}::date at time zone 'UTC'`;
  // The queries are independent: on PostgreSQL they run side by side on the pool's connections,
  // so the page waits for the slowest rather than for their sum (PGlite, one connection, queues
  // them as before).
  const [
    views,
    signUpDays,
    commentDays,
    activeReaderDays,
    chapters,
    chapterUnlocks,
    comments,
    reports,
    characterUnlocks,
    characters,
    clans,
  ] = await Promise.all([
    pageViewsOfPeriods(db, days),
    metricPerDay(db, "sign-ups", days),
    metricPerDay(db, "comments", days),
    metricPerDay(db, "active-readers", days),
    db
      .selectFrom("chapters")
      .select(["id", "number", "title", "slug", "required_url"])
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
    metricPerKey(db, "chapter-unlocks"),
    metricPerKey(db, "comments", days.currentStart),
    // Each report's chapter looked up by the comment's key: a year's reports are a few thousand,
    // while a join hashed every comment ever written (100,000 at the benchmark's size) to find them.
    sql<{ section_id: string; count: number }>`
      select (select c.section_id from comments c where c.id = r.comment_id) as section_id, count(*) as count
      from comment_reports r
      where r.created_at >= ${currentStartAt} group by 1`.execute(db),
    metricPerKey(db, "character-unlocks"),
    db
      .selectFrom("characters")
      .select(["id", "name"])
      .where("required_url", "is not", null)
      .orderBy("sort_order")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("profiles")
      .select(["clan", (eb) => eb.fn.countAll().as("count")])
      .groupBy("clan")
      .execute(),
  ]);

  const commentsBySection = new Map<string, CommentCounts>();
  const sectionOf = (id: string) => {
    let counts = commentsBySection.get(id);
    if (!counts) commentsBySection.set(id, (counts = { visible: 0, held: 0, hidden: 0, deleted: 0, reports: 0 }));
    return counts;
  };
  for (const [key, count] of comments) {
    const [section, status] = key.split(" ") as [string, string];
    if (status === "visible" || status === "held" || status === "hidden" || status === "deleted")
      sectionOf(section)[status] += count;
  }
  for (const row of reports.rows) sectionOf(row.section_id).reports += n(row.count);
  return {
    days,
    ...views,
    signUpDays,
    commentDays,
    activeReaderDays,
    chapters: chapters.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      slug: row.slug,
      requiredUrl: row.required_url,
    })),
    chapterUnlocks,
    commentsBySection,
    characters: characters
      .map((row) => ({ id: row.id, name: row.name, readers: characterUnlocks.get(row.id) ?? 0 }))
      .sort((a, b) => b.readers - a.readers),
    clans: new Map(clans.map((row) => [Number(row.clan), n(row.count)])),
  };
}

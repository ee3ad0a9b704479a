import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { QR_PATH_PREFIX } from "./page-views.server.ts";
import type { DayCount, PeriodDays } from "./stats-period.ts";

/**
 * The figures behind /adminpanel/estadisticas, all counted by the database (SQL aggregates,
 * never a row per reader brought into the app): page views from the daily rollup
 * (migration 0019), the rest from unlocks, comments, reports, profiles and accounts.
 */

export type PathCount = { path: string; current: number; previous: number };
export type ChapterRow = { id: string; number: number | null; title: string; slug: string; requiredUrl: string };
export type CommentCounts = { visible: number; held: number; hidden: number; reports: number };
export type ActiveReaders = { last7: number; previous7: number; last30: number; previous30: number };

export type AuthorsStatsData = {
  days: PeriodDays;
  /** Page views (not scans) and QR scans per day of both periods. */
  viewDays: DayCount[];
  scanDays: DayCount[];
  signUpDays: DayCount[];
  commentDays: DayCount[];
  /** Views per stored path (query keys included) in the current and previous period. */
  paths: PathCount[];
  chapters: ChapterRow[];
  /** Readers who unlocked each chapter, ever (by chapter id). */
  chapterUnlocks: Map<string, number>;
  /** Comments written in the current period per chapter slug, by state, and reports made in it. */
  commentsBySection: Map<string, CommentCounts>;
  characters: { id: string; name: string; readers: number }[];
  /** Readers per clan (0 = none chosen). */
  clans: Map<number, number>;
  activeReaders: ActiveReaders;
};

const n = (value: unknown) => Number(value ?? 0);

/** Rows counted per UTC day since the previous period's first day, as DayCounts. */
async function countsPerDay(db: Db, table: "user" | "comments", column: string, days: PeriodDays) {
  const at = sql.ref(`${table}.${column}`);
  const { rows } = await sql<{ offset: number; count: number }>`
    select ((${at} at time zone 'UTC')::date - ${days.previousStart}::date) as offset, count(*) as count
    from ${sql.table(table)}
    where ${at} >= ${days.previousStart}::date at time zone 'UTC' and ${at} < ${days.tomorrow}::date at time zone 'UTC'
    group by 1`.execute(db);
  return rows.map((row) => ({ offset: n(row.offset), count: n(row.count) }));
}

export async function authorsStatsData(db: Db, days: PeriodDays): Promise<AuthorsStatsData> {
  const currentStartAt = sql`${days.currentStart}::date at time zone 'UTC'`;
  const isQr = sql<boolean>`path like ${QR_PATH_PREFIX + "%"}`;
  // One connection on PGlite: the queries run one after another either way.
  const viewRows = await sql<{ offset: number; qr: boolean; count: number }>`
    select (day - ${days.previousStart}::date) as offset, ${isQr} as qr, sum(views) as count
    from page_view_days
    where day >= ${days.previousStart}::date and day <= ${days.today}::date
    group by 1, 2`.execute(db);
  const pathRows = await sql<{ path: string; current: number; previous: number }>`
    select path,
           coalesce(sum(views) filter (where day >= ${days.currentStart}::date), 0) as current,
           coalesce(sum(views) filter (where day < ${days.currentStart}::date), 0) as previous
    from page_view_days
    where day >= ${days.previousStart}::date and day <= ${days.today}::date
    group by path`.execute(db);
  const signUpDays = await countsPerDay(db, "user", "createdAt", days);
  const commentDays = await countsPerDay(db, "comments", "created_at", days);
  const chapters = await db
    .selectFrom("chapters")
    .select(["id", "number", "title", "slug", "required_url"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const unlocks = await db
    .selectFrom("unlocked_chapters")
    .select(["chapter_id", (eb) => eb.fn.countAll().as("count")])
    .groupBy("chapter_id")
    .execute();
  const comments = await sql<{ section_id: string; status: string; count: number }>`
    select section_id, status, count(*) as count from comments
    where created_at >= ${currentStartAt} group by 1, 2`.execute(db);
  const reports = await sql<{ section_id: string; count: number }>`
    select c.section_id, count(*) as count
    from comment_reports r join comments c on c.id = r.comment_id
    where r.created_at >= ${currentStartAt} group by 1`.execute(db);
  const characters = await sql<{ id: string; name: string; readers: number }>`
    select c.id, c.name, count(u.user_id) as readers
    from characters c left join unlocked_characters u on u.character_id = c.id
    where c.required_url is not null
    group by c.id, c.name, c.sort_order
    order by readers desc, c.sort_order, c.name`.execute(db);
  const clans = await db
    .selectFrom("profiles")
    .select(["clan", (eb) => eb.fn.countAll().as("count")])
    .groupBy("clan")
    .execute();
  // Active: unlocked a chapter or a character, or wrote a comment (signing in leaves no
  // lasting trace to count by day: a session ends when its reader signs out).
  const active = await sql<Record<keyof ActiveReaders, number>>`
    with activity as (
      select user_id, unlocked_at as at from unlocked_chapters where unlocked_at >= now() - interval '60 days'
      union all
      select user_id, unlocked_at from unlocked_characters where unlocked_at >= now() - interval '60 days'
      union all
      select user_id, created_at from comments where created_at >= now() - interval '60 days'
    )
    select
      count(distinct user_id) filter (where at >= now() - interval '7 days') as "last7",
      count(distinct user_id) filter (where at < now() - interval '7 days' and at >= now() - interval '14 days') as "previous7",
      count(distinct user_id) filter (where at >= now() - interval '30 days') as "last30",
      count(distinct user_id) filter (where at < now() - interval '30 days') as "previous30"
    from activity`.execute(db);

  const commentsBySection = new Map<string, CommentCounts>();
  const sectionOf = (id: string) => {
    let counts = commentsBySection.get(id);
    if (!counts) commentsBySection.set(id, (counts = { visible: 0, held: 0, hidden: 0, reports: 0 }));
    return counts;
  };
  for (const row of comments.rows) {
    if (row.status === "visible" || row.status === "held" || row.status === "hidden")
      sectionOf(row.section_id)[row.status] += n(row.count);
  }
  for (const row of reports.rows) sectionOf(row.section_id).reports += n(row.count);
  const activeRow = active.rows[0];
  return {
    days,
    viewDays: viewRows.rows.filter((row) => !row.qr).map((row) => ({ offset: n(row.offset), count: n(row.count) })),
    scanDays: viewRows.rows.filter((row) => row.qr).map((row) => ({ offset: n(row.offset), count: n(row.count) })),
    signUpDays,
    commentDays,
    paths: pathRows.rows.map((row) => ({ path: row.path, current: n(row.current), previous: n(row.previous) })),
    chapters: chapters.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      slug: row.slug,
      requiredUrl: row.required_url,
    })),
    chapterUnlocks: new Map(unlocks.map((row) => [row.chapter_id, n(row.count)])),
    commentsBySection,
    characters: characters.rows.map((row) => ({ id: row.id, name: row.name, readers: n(row.readers) })),
    clans: new Map(clans.map((row) => [Number(row.clan), n(row.count)])),
    activeReaders: {
      last7: n(activeRow?.last7),
      previous7: n(activeRow?.previous7),
      last30: n(activeRow?.last30),
      previous30: n(activeRow?.previous30),
    },
  };
}

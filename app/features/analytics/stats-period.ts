/** The periods an author can look at, in days; each is compared with the one just before it. */
export const STATS_PERIODS = [7, 30, 90, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const DEFAULT_STATS_PERIOD: StatsPeriod = 30;
/** The query parameter that chooses the period: /adminpanel/estadisticas?dias=90. */
export const PERIOD_PARAM = "dias";

/** The period a request asks for; anything else (missing, 12, "abc") falls back to 30 days. */
export function parseStatsPeriod(value: string | null | undefined): StatsPeriod {
  const days = Number(value);
  return (STATS_PERIODS as readonly number[]).includes(days) ? (days as StatsPeriod) : DEFAULT_STATS_PERIOD;
}

/** Days per point of the charts over time: a day for 7 and 30 days, a week for 90, 30 days for a year. */
export const bucketDays = (period: StatsPeriod) => (period <= 30 ? 1 : period === 90 ? 7 : 30);

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The period's days, in UTC: the current period ends today (included); the previous one is
 * the same number of days just before it. Days are "YYYY-MM-DD" strings, as SQL takes them.
 */
export function periodDays(period: StatsPeriod, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    period,
    today: isoDay(today),
    tomorrow: isoDay(today + DAY_MS),
    currentStart: isoDay(today - (period - 1) * DAY_MS),
    previousStart: isoDay(today - (2 * period - 1) * DAY_MS),
  };
}
export type PeriodDays = ReturnType<typeof periodDays>;

/** A day counted from the previous period's first day (0) to today (2 × period − 1). */
export type DayCount = { offset: number; count: number };

/**
 * Counts per day folded into the charts' points: `current` and `previous` per bucket, and the
 * first day of each bucket (the previous period's bucket starts `period` days earlier).
 */
export function bucketed(days: PeriodDays, counts: DayCount[]) {
  const size = bucketDays(days.period);
  const buckets = Math.ceil(days.period / size);
  const current = new Array<number>(buckets).fill(0);
  const previous = new Array<number>(buckets).fill(0);
  for (const { offset, count } of counts) {
    if (offset < 0 || offset >= 2 * days.period) continue;
    const inCurrent = offset >= days.period;
    const bucket = Math.floor((inCurrent ? offset - days.period : offset) / size);
    (inCurrent ? current : previous)[bucket]! += count;
  }
  const start = Date.parse(`${days.currentStart}T00:00:00Z`);
  const startsOf = (shift: number) =>
    Array.from({ length: buckets }, (_, index) => new Date(start - shift * DAY_MS + index * size * DAY_MS));
  return { current, previous, currentStarts: startsOf(0), previousStarts: startsOf(days.period) };
}

import { authorsStatsData } from "../features/analytics/authors-stats.server.ts";
import { authorsStatsFigures } from "../features/analytics/stats-figures.server.ts";
import { periodDays, type StatsPeriod } from "../features/analytics/stats-period.ts";
import { classCounts } from "../features/classes/class-counts.server.ts";
import { familyCounts } from "../features/families/family-counts.server.ts";
import { CLANS } from "../features/profiles/clans.ts";
import { UNKNOWN_QR_COUNTER } from "../features/qr/qr.server.ts";
import { countBetweenDays } from "../lib/daily-counters.server.ts";
import type { Db } from "../lib/db.server.ts";

const DAY_MS = 86_400_000;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The authors' statistics for a period: the analytics feature's figures, with what other
 * features count (families, clan names, scans of unknown codes) handed in. Both the page and
 * its CSV downloads read this, so a download is the table it came from.
 */
export async function authorsStats(db: Db, period: StatsPeriod, now = new Date()) {
  const days = periodDays(period, now);
  // Independent counts, side by side on PostgreSQL's pool (see authorsStatsData).
  const [data, families, classes, current, previous] = await Promise.all([
    authorsStatsData(db, days),
    familyCounts(db),
    classCounts(db),
    countBetweenDays(db, UNKNOWN_QR_COUNTER, days.currentStart, days.today),
    countBetweenDays(db, UNKNOWN_QR_COUNTER, days.previousStart, dayBefore(days.currentStart)),
  ]);
  const unknownScans = { current, previous };
  const figures = authorsStatsFigures(data, {
    clanNames: CLANS.map((clan) => clan.name),
    families,
    classes,
    unknownScans,
  });
  return { period, figures };
}

/**
 * Aggregates only, and no small groups: a count from 1 to 4 could point at one child (the one
 * reader who commented on chapter 9 this week), so every figure the statistics show, chart or
 * table or CSV, writes it as '<5'. Zero stays 0: it points at nobody.
 */
export const SMALL_COUNT_LIMIT = 5;
export const SMALL_COUNT_TEXT = "<5";

export const isSmallCount = (count: number) => count > 0 && count < SMALL_COUNT_LIMIT;

export const shownCount = (count: number): string => (isSmallCount(count) ? SMALL_COUNT_TEXT : String(count));

/**
 * Where a chart draws a count on its scale: a small one nowhere (0, flagged `small`), since it
 * has no value to show; the chart draws it as a band from 1 to 4 marked '<5' instead
 * (app/lib/chart-scenes.server.ts), never as a point or a bar length of its own.
 */
export const plottedCount = (count: number): number => (isSmallCount(count) ? 0 : count);

/** A count as a chart needs it. */
export const barValue = (count: number) => ({
  plotted: plottedCount(count),
  shown: shownCount(count),
  small: isSmallCount(count),
});

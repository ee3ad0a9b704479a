/**
 * Aggregates only, and no small groups: a count from 1 to 4 could point at one child (the one
 * reader who commented on chapter 9 this week), so every figure the statistics show, chart or
 * table or CSV, writes it as '<5'. Zero stays 0: it points at nobody.
 */
export const SMALL_COUNT_LIMIT = 5;
export const SMALL_COUNT_TEXT = "<5";

export const isSmallCount = (count: number) => count > 0 && count < SMALL_COUNT_LIMIT;

export const shownCount = (count: number): string => (isSmallCount(count) ? SMALL_COUNT_TEXT : String(count));

/** Where a chart draws a count: a small one at 2.5 (the middle of 1–4), whatever it really is. */
export const plottedCount = (count: number): number => (isSmallCount(count) ? SMALL_COUNT_LIMIT / 2 : count);

/** A count as a chart bar needs it. */
export const barValue = (count: number) => ({
  plotted: plottedCount(count),
  shown: shownCount(count),
  small: isSmallCount(count),
});

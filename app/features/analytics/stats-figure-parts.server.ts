import type { StatsColumn } from "./stats-figure.ts";
import { SMALL_COUNT_TEXT } from "./small-counts.ts";
import { bucketDays, type PeriodDays } from "./stats-period.ts";

/**
 * What the statistics figures (stats-figures.server.ts, stats-qr-figures.server.ts) share: the
 * note on small counts, their columns' kinds, and how they name days, periods and points.
 */

export const SMALL_NOTE = `Los recuentos de 1 a 4 se muestran como «${SMALL_COUNT_TEXT}» y se dibujan como una franja clara de 1 a 4, nunca como un valor.`;

export const text = (name: string): StatsColumn => ({ name, kind: "text" });
export const date = (name: string): StatsColumn => ({ name, kind: "date" });
export const count = (name: string): StatsColumn => ({ name, kind: "count" });
/** A day as the figures' rows hold it: an ISO date (the table shows it in Spanish, the CSV as it is). */
export const isoDay = (day: Date) => day.toISOString().slice(0, 10);

export const periodNames = (days: PeriodDays) => ({
  current: `Últimos ${days.period} días`,
  previous: `${days.period} días anteriores`,
});

export const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** How the figures over time name their points: a day, a week from, 30 days from. */
export const bucketNames = (days: PeriodDays) => {
  const size = bucketDays(days.period);
  return size === 1
    ? { column: "Día", unit: "día", points: { one: "día", many: "días" } }
    : size === 7
      ? { column: "Semana desde", unit: "semana", points: { one: "semana", many: "semanas" } }
      : {
          column: "30 días desde",
          unit: "bloque de 30 días",
          points: { one: "bloque de 30 días", many: "bloques de 30 días" },
        };
};

/** A path without its query. */
export const pathOf = (value: string) => value.split("?")[0]!;

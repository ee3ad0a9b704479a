import { horizontalBars, smallMultiples } from "../../lib/chart-scenes.server.ts";
import type { AuthorsStatsData, CodeDayCount, PathCount } from "./authors-stats.server.ts";
import { QR_PATH_PREFIX } from "./page-views.server.ts";
import { barValue, shownCount } from "./small-counts.ts";
import type { StatsFigure } from "./stats-figure.ts";
import {
  bucketNames,
  count,
  date,
  isoDay,
  pathOf,
  periodNames,
  SMALL_NOTE,
  text,
  total,
} from "./stats-figure-parts.server.ts";
import { bucketed } from "./stats-period.ts";

/** The page's figures of QR codes and pages (its section "Códigos QR y páginas"). */

/** Rows a per-path table lists at most; its chart draws the first few. */
export const PATH_ROW_LIMIT = 200;
const CHART_ROW_LIMIT = 15;
/** Codes the per-day table gives a column at most (most scanned first); its chart draws fewer. */
export const CODE_COLUMN_LIMIT = 40;
const CHART_PANEL_LIMIT = 12;

/** Per key (a path without its query, a QR code), current and previous period, most seen first. */
function perKey(paths: PathCount[], keyOf: (path: string) => string | null) {
  const byKey = new Map<string, { current: number; previous: number }>();
  for (const row of paths) {
    const key = keyOf(row.path);
    if (key === null) continue;
    const counts = byKey.get(key) ?? { current: 0, previous: 0 };
    counts.current += row.current;
    counts.previous += row.previous;
    byKey.set(key, counts);
  }
  return [...byKey.entries()]
    .map(([key, counts]) => ({ key, ...counts }))
    .filter((row) => row.current + row.previous > 0)
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.key.localeCompare(b.key))
    .slice(0, PATH_ROW_LIMIT);
}

function comparedFigure(
  data: AuthorsStatsData,
  base: Pick<StatsFigure, "id" | "section" | "title">,
  keyName: string,
  what: string,
  rows: { key: string; current: number; previous: number }[],
  extraRows: { label: string; current: number; previous: number }[] = [],
): StatsFigure {
  const names = periodNames(data.days);
  const shown = rows.slice(0, CHART_ROW_LIMIT);
  return {
    ...base,
    description:
      `${what}: ${names.current.toLowerCase()} (barra oscura) y ${names.previous.toLowerCase()} (barra clara, debajo)` +
      `${rows.length > shown.length ? `; el gráfico dibuja los ${shown.length} primeros, la tabla ${rows.length}` : ""}. ${SMALL_NOTE}`,
    columns: [text(keyName), count(names.current), count(names.previous)],
    rows: [...rows.map((row) => ({ label: row.key, ...row })), ...extraRows].map((row) => ({
      label: row.label,
      cells: [shownCount(row.current), shownCount(row.previous)],
    })),
    chart: horizontalBars(
      shown.map((row) => ({ label: row.key, current: barValue(row.current), previous: barValue(row.previous) })),
    ),
  };
}

/**
 * QR scans per code and per point of the chosen period: a row per point and a column per code
 * (most scanned first), then each code's total in the period and in the one before. The chart
 * is small multiples, one line per code on a common scale, headed by the same two totals, so it
 * shows nothing the table does not.
 */
function codeDaysFigure(data: AuthorsStatsData, codeDays: CodeDayCount[]): StatsFigure {
  const { days } = data;
  const names = periodNames(days);
  const bucket = bucketNames(days);
  const countsByCode = new Map<string, CodeDayCount[]>();
  for (const row of codeDays) countsByCode.set(row.code, [...(countsByCode.get(row.code) ?? []), row]);
  const allCodes = [...countsByCode.entries()]
    .map(([code, counts]) => {
      const series = bucketed(days, counts);
      return { code, series, current: total(series.current), previous: total(series.previous) };
    })
    .filter((code) => code.current + code.previous > 0)
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.code.localeCompare(b.code));
  const codes = allCodes.slice(0, CODE_COLUMN_LIMIT);
  const charted = codes.slice(0, CHART_PANEL_LIMIT);
  const starts = bucketed(days, []).currentStarts;
  const rows =
    codes.length === 0
      ? [{ label: "Ningún código escaneado en estos dos periodos", cells: [] }]
      : [
          ...starts.map((start, index) => ({
            label: isoDay(start),
            cells: codes.map((code) => shownCount(code.series.current[index]!)),
          })),
          { label: `Total: ${names.current.toLowerCase()}`, cells: codes.map((code) => shownCount(code.current)) },
          { label: `Total: ${names.previous.toLowerCase()}`, cells: codes.map((code) => shownCount(code.previous)) },
        ];
  const cutNote = [
    allCodes.length > codes.length ? `la tabla da los ${codes.length} más escaneados de ${allCodes.length}` : "",
    codes.length > charted.length ? `el gráfico dibuja los ${charted.length} primeros` : "",
  ].filter(Boolean);
  return {
    id: "escaneos-por-codigo-y-dia",
    section: "qr",
    title: "Escaneos por código y día",
    description:
      `Un gráfico pequeño por código QR, del más escaneado al menos, todos con la misma escala: sus escaneos por ` +
      `${bucket.unit} en los ${names.current.toLowerCase()}. Sobre cada uno, su total en ese tiempo y, entre ` +
      `paréntesis, el de los ${names.previous.toLowerCase()}; la tabla da las mismas cifras` +
      `${cutNote.length ? ` (${cutNote.join("; ")})` : ""}. ${SMALL_NOTE}`,
    columns: [date(bucket.column), ...codes.map((code) => count(code.code))],
    rows,
    points: bucket.points,
    chart:
      charted.length === 0
        ? null
        : smallMultiples(
            charted.map((code) => ({
              label: `${code.code}: ${shownCount(code.current)} (antes ${shownCount(code.previous)})`,
              values: code.series.current.map(barValue),
            })),
            { scaleLabel: (max) => `Escala común: de 0 a ${max} escaneos` },
          ),
  };
}

const qrCodeOf = (path: string) =>
  path.startsWith(QR_PATH_PREFIX) ? pathOf(path.slice(QR_PATH_PREFIX.length)).split("/")[0]! : null;

/** The QR codes' and pages' figures, in the order shown: scans per code, per code and day, visits per page. */
export function qrAndPageFigures(
  data: AuthorsStatsData,
  unknownScans: { current: number; previous: number },
): StatsFigure[] {
  return [
    comparedFigure(
      data,
      { id: "escaneos-por-codigo", section: "qr", title: "Escaneos por código" },
      "Código",
      "Una barra por código QR",
      perKey(data.paths, qrCodeOf),
      [{ label: "Códigos que no existen", ...unknownScans }],
    ),
    codeDaysFigure(data, data.codeDays),
    comparedFigure(
      data,
      { id: "paginas", section: "qr", title: "Visitas por página" },
      "Página",
      "Una barra por página (sin su consulta), de la más vista a la menos",
      perKey(data.paths, (path) => (qrCodeOf(path) === null ? pathOf(path) : null)),
    ),
  ];
}

import type { ChartScene } from "../../lib/chart-scene.ts";
import { csvFile } from "../../lib/csv.ts";
import { SMALL_COUNT_TEXT } from "./small-counts.ts";
import { onFirstUse } from "../../lib/on-first-use.ts";

/** The page's sections, in the order they are shown. */
export const STATS_SECTIONS = {
  journey: "El recorrido de los lectores",
  time: "A lo largo del tiempo",
  chapters: "Capítulos y personajes",
  qr: "Códigos QR y páginas",
  families: "Escuelas y familias",
} as const;
export type StatsSection = keyof typeof STATS_SECTIONS;

/**
 * What a column holds: a name or text; a day, written as an ISO date (YYYY-MM-DD: the CSV keeps
 * it, the table shows it in Spanish); or a count (a whole number, '<5', or empty).
 */
export type ColumnKind = "text" | "date" | "count";
export type StatsColumn = { name: string; kind: ColumnKind };

/**
 * One figure of the statistics page: the same rows make its table, its CSV and (drawn from
 * them) its chart, so the three never disagree. Cells are already as shown ('<5' included):
 * the exact small counts never leave the server.
 */
export type StatsFigure = {
  /** Also the CSV's name: /adminpanel/estadisticas/<id>.csv. */
  id: string;
  section: StatsSection;
  title: string;
  /** What the chart shows, for its description; also written under the title. */
  description: string;
  /** The first column is the rows' label. */
  columns: StatsColumn[];
  rows: { label: string; cells: string[] }[];
  chart: ChartScene | null;
  /** Figures over time: how the table names its points when it folds a run of empty ones. */
  points?: { one: string; many: string };
};

export const isIsoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const tableDay = onFirstUse(
  () => new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
);
/** A day as the table shows it: "27 nov 2026"; anything else (a total's label) as it is. */
export const shownDay = (value: string) =>
  isIsoDay(value) ? tableDay().format(new Date(`${value}T00:00:00Z`)) : value;

/** Empty points in a row this many or more are folded into one line of the table. */
export const EMPTY_RUN_MIN = 3;

export type TableRow =
  | { kind: "row"; label: string; cells: string[] }
  | { kind: "empty"; from: string; to: string; count: number; text: string };

/**
 * The table's rows: the figure's, except that in a figure over time a run of points with
 * nothing counted (every count 0) is one row, "30 días sin actividad", from its first to its
 * last day. The CSV keeps every point.
 */
export function tableRows(figure: StatsFigure): TableRow[] {
  const rows: TableRow[] = figure.rows.map((row) => ({ kind: "row", ...row }));
  if (!figure.points || figure.columns[0]?.kind !== "date") return rows;
  const points = figure.points;
  const countColumns = figure.columns.flatMap((column, index) =>
    index > 0 && column.kind === "count" ? [index - 1] : [],
  );
  const empty = (row: { label: string; cells: string[] }) =>
    isIsoDay(row.label) && countColumns.every((index) => row.cells[index] === "0");
  const result: TableRow[] = [];
  let run: { label: string; cells: string[] }[] = [];
  const flush = () => {
    if (run.length >= EMPTY_RUN_MIN) {
      const count = run.length;
      result.push({
        kind: "empty",
        from: run[0]!.label,
        to: run.at(-1)!.label,
        count,
        text: `${count} ${count === 1 ? points.one : points.many} sin actividad`,
      });
    } else result.push(...run.map((row) => ({ kind: "row" as const, ...row })));
    run = [];
  };
  for (const row of figure.rows) {
    if (empty(row)) run.push(row);
    else {
      flush();
      result.push({ kind: "row", ...row });
    }
  }
  flush();
  return result;
}

/**
 * The CSV's last column, when a figure has counts: for each row, the names of its count columns
 * whose count is from 1 to 4 (shown '<5'), separated by " | ". Those counts' own cells are
 * empty, so every count column holds whole numbers only and a spreadsheet sums it.
 */
export const SMALL_COUNTS_COLUMN = `Columnas con ${SMALL_COUNT_TEXT} (de 1 a 4)`;

/** The two CSV variants: RFC 4180 (comma), and semicolons for a spreadsheet set to Spanish. */
export type CsvSeparator = "," | ";";
export const SEMICOLON_PARAM = "separador";
export const SEMICOLON_VALUE = "punto-y-coma";

/**
 * The figure as CSV (app/lib/csv.ts), headed by its columns: days as ISO dates (YYYY-MM-DD,
 * with the year), counts as plain whole numbers, and '<5' said in a column of its own.
 */
export function figureCsv(figure: StatsFigure, separator: CsvSeparator = ","): string {
  const counts = figure.columns.some((column) => column.kind === "count");
  const header = [...figure.columns.map((column) => column.name), ...(counts ? [SMALL_COUNTS_COLUMN] : [])];
  const lines = figure.rows.map((row) => {
    const fields = [row.label, ...row.cells];
    const small: string[] = [];
    const values = fields.map((field, index) => {
      const column = figure.columns[index];
      if (column?.kind !== "count" || field !== SMALL_COUNT_TEXT) return field;
      small.push(column.name);
      return "";
    });
    return counts ? [...values, small.join(" | ")] : values;
  });
  return csvFile([header, ...lines], separator);
}

export const figureCsvPath = (id: string, period: number, separator: CsvSeparator = ",") =>
  `/adminpanel/estadisticas/${id}.csv?dias=${period}${separator === ";" ? `&${SEMICOLON_PARAM}=${SEMICOLON_VALUE}` : ""}`;

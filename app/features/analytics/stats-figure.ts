import type { ChartScene } from "../../lib/chart-scene.ts";

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
 * One figure of the statistics page: the same rows make its table, its CSV and (drawn from
 * them) its chart, so the three never disagree. Cells are already as shown ('<5' included).
 */
export type StatsFigure = {
  /** Also the CSV's name: /adminpanel/estadisticas/<id>.csv. */
  id: string;
  section: StatsSection;
  title: string;
  /** What the chart shows, for its description; also written under the title. */
  description: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
  chart: ChartScene | null;
};

const csvField = (value: string) => (/[",;\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The figure as CSV (RFC 4180, comma-separated, CRLF), headed by its columns; a byte-order mark
 * so spreadsheet programs read the accents as UTF-8.
 */
export function figureCsv(figure: StatsFigure): string {
  const lines = [figure.columns, ...figure.rows.map((row) => [row.label, ...row.cells])];
  return "\uFEFF" + lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export const figureCsvPath = (id: string, period: number) => `/adminpanel/estadisticas/${id}.csv?dias=${period}`;

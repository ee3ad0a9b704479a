import type { ChartScene } from "../../lib/chart-scene.ts";
import { csvFile } from "../../lib/csv.ts";

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

/** The figure as CSV (app/lib/csv.ts), headed by its columns. */
export function figureCsv(figure: StatsFigure): string {
  return csvFile([figure.columns, ...figure.rows.map((row) => [row.label, ...row.cells])]);
}

export const figureCsvPath = (id: string, period: number) => `/adminpanel/estadisticas/${id}.csv?dias=${period}`;

/**
 * A chart as plain shapes: what the server computes (chart-scenes.server.ts, with d3's scales
 * and path generators) and the page draws as SVG. Only numbers and strings travel to the
 * browser, so no charting code is ever bundled for it.
 */
export type ChartShape =
  | { kind: "rect"; x: number; y: number; width: number; height: number; tone: ChartTone }
  | { kind: "path"; d: string; tone: ChartTone }
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; tone: ChartTone }
  | { kind: "text"; x: number; y: number; text: string; anchor: "start" | "middle" | "end"; tone: ChartTone };

/**
 * What a shape stands for, which sets its look: the chosen period, the one before it, a count
 * too small to show (drawn at a fixed height, never its own), the background, axes and labels.
 */
export type ChartTone = "current" | "previous" | "small" | "background" | "axis" | "label" | "value";

export type ChartScene = { width: number; height: number; shapes: ChartShape[] };

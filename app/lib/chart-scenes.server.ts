import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import type { ChartScene, ChartShape } from "./chart-scene.ts";

/** A bar's figures: the value drawn, the text written beside it, whether it is a hidden small count. */
export type BarValue = { plotted: number; shown: string; small: boolean };

export type BarRow = { label: string; current: BarValue; previous?: BarValue };

/** A point of a line: its value on the scale, or flagged small (1 to 4, not shown). */
export type PointValue = { plotted: number; small: boolean };

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * A count too small to show is somewhere from 1 to 4: charts draw that range (a pale band
 * with a dashed edge, from 1 to 4 on the scale, never thinner than SMALL_MIN_PX) and write
 * '<5' beside it or in the chart's key, never a point or a bar end of its own.
 */
const SMALL_LOW = 1;
const SMALL_HIGH = 4;
const SMALL_MIN_PX = 6;
export const SMALL_KEY_TEXT = "«<5»: entre 1 y 4";

/** The top of a scale: the largest value shown, and room for a small band if any. */
const scaleTop = (values: { plotted: number; small: boolean }[]) =>
  Math.max(1, ...values.map((value) => (value.small ? SMALL_HIGH : value.plotted)));

/** The key of a chart with small counts: a band as drawn, and what it means. */
function smallKey(x: number, y: number): ChartShape[] {
  return [
    { kind: "rect", x, y: y - 9, width: SMALL_MIN_PX, height: 10, tone: "small" },
    { kind: "text", x: x + SMALL_MIN_PX + 4, y, text: SMALL_KEY_TEXT, anchor: "start", tone: "label" },
  ];
}

/** A vertical band from 1 to 4 on the y scale, centred on x. */
function smallBand(x: number, y: (value: number) => number): ChartShape {
  const top = y(SMALL_HIGH);
  const height = Math.max(SMALL_MIN_PX, y(SMALL_LOW) - top);
  return {
    kind: "rect",
    x: round(x - SMALL_MIN_PX / 2),
    y: round(Math.min(top, y(SMALL_LOW) - height)),
    width: SMALL_MIN_PX,
    height: round(height),
    tone: "small",
  };
}

/** Labels longer than the chart's label column are cut (the table beside has them whole). */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Horizontal bars, one row per label, largest scale first from the data; with `previous`, a
 * thinner bar for the earlier period under each. A small count is no bar: a pale band over
 * the range 1 to 4 of the scale, labelled '<5', the same whatever the count, so the picture
 * tells no more than the table.
 */
export function horizontalBars(rows: BarRow[], options: { width?: number; labelWidth?: number } = {}): ChartScene {
  const width = options.width ?? 640;
  const labelWidth = options.labelWidth ?? 200;
  const valueWidth = 56;
  const hasPrevious = rows.some((row) => row.previous);
  const rowHeight = hasPrevious ? 30 : 22;
  const top = 4;
  const height = top * 2 + Math.max(1, rows.length) * rowHeight;
  const max = scaleTop(rows.flatMap((row) => (row.previous ? [row.current, row.previous] : [row.current])));
  const x = scaleLinear()
    .domain([0, max])
    .range([labelWidth, width - valueWidth]);
  const y = scaleBand<number>()
    .domain(rows.map((_, index) => index))
    .range([top, height - top])
    .paddingInner(0.2);
  const shapes: ChartShape[] = [{ kind: "rect", x: 0, y: 0, width, height, tone: "background" }];
  rows.forEach((row, index) => {
    const band = y(index)!;
    const bandHeight = y.bandwidth();
    const currentHeight = hasPrevious ? bandHeight * 0.6 : bandHeight;
    shapes.push({
      kind: "text",
      x: labelWidth - 6,
      y: round(band + currentHeight / 2 + 4),
      text: cut(row.label, Math.floor(labelWidth / 7)),
      anchor: "end",
      tone: "label",
    });
    const bars: [BarValue, number, number, "current" | "previous"][] = [[row.current, band, currentHeight, "current"]];
    if (row.previous) bars.push([row.previous, band + currentHeight, bandHeight - currentHeight, "previous"]);
    const barEnd = (value: BarValue) =>
      value.small ? Math.max(x(SMALL_HIGH), x(SMALL_LOW) + SMALL_MIN_PX) : Math.max(labelWidth, x(value.plotted));
    for (const [value, barY, barHeight, tone] of bars) {
      const start = value.small ? x(SMALL_LOW) : labelWidth;
      shapes.push({
        kind: "rect",
        x: round(start),
        y: round(barY),
        width: round(barEnd(value) - start),
        height: round(barHeight),
        tone: value.small ? "small" : tone,
      });
    }
    shapes.push({
      kind: "text",
      x: round(barEnd(row.current) + 4),
      y: round(band + currentHeight / 2 + 4),
      text: row.current.shown,
      anchor: "start",
      tone: "value",
    });
  });
  shapes.push({ kind: "line", x1: labelWidth, y1: top, x2: labelWidth, y2: height - top, tone: "axis" });
  return { width, height, shapes };
}

/**
 * Two lines over the same buckets: the chosen period (solid) and the one before it (dashed,
 * drawn first so the current one stays on top), a few labelled ticks on each axis. A small
 * count breaks its line: a band from 1 to 4 stands at its place, and the chart's key says
 * what the band means.
 */
export function periodLines(
  labels: string[],
  current: PointValue[],
  previous: PointValue[],
  options: { width?: number; height?: number } = {},
): ChartScene {
  const width = options.width ?? 640;
  const height = options.height ?? 220;
  const anySmall = [...current, ...previous].some((value) => value.small);
  const margin = { top: anySmall ? 26 : 12, right: 16, bottom: 28, left: 48 };
  const max = scaleTop([...current, ...previous]);
  const x = scalePoint<number>()
    .domain(labels.map((_, index) => index))
    .range([margin.left, width - margin.right])
    .padding(labels.length === 1 ? 0.5 : 0);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const path = line<PointValue>()
    .defined((value) => !value.small)
    .x((_, index) => x(index)!)
    .y((value) => y(value.plotted));
  const shapes: ChartShape[] = [{ kind: "rect", x: 0, y: 0, width, height, tone: "background" }];
  if (anySmall) shapes.push(...smallKey(margin.left, 14));
  for (const tick of y.ticks(4).filter(Number.isInteger)) {
    const tickY = round(y(tick));
    shapes.push({ kind: "line", x1: margin.left, y1: tickY, x2: width - margin.right, y2: tickY, tone: "axis" });
    shapes.push({ kind: "text", x: margin.left - 6, y: tickY + 4, text: String(tick), anchor: "end", tone: "label" });
  }
  const every = Math.max(1, Math.ceil(labels.length / 6));
  labels.forEach((label, index) => {
    if (index % every !== 0 && index !== labels.length - 1) return;
    if (index !== labels.length - 1 && labels.length - 1 - index < every / 2) return;
    shapes.push({ kind: "text", x: round(x(index)!), y: height - 8, text: label, anchor: "middle", tone: "label" });
  });
  shapes.push({ kind: "path", d: path(previous) ?? "", tone: "previous" });
  shapes.push({ kind: "path", d: path(current) ?? "", tone: "current" });
  for (const series of [previous, current])
    series.forEach((value, index) => {
      if (value.small) shapes.push(smallBand(x(index)!, y));
    });
  return { width, height, shapes };
}

/** A small column per value, no labels: a glance at a code's scans (the QR studio's cards). */
export function sparkColumns(values: number[], options: { width?: number; height?: number } = {}): ChartScene {
  const width = options.width ?? 180;
  const height = options.height ?? 40;
  const x = scaleBand<number>()
    .domain(values.map((_, index) => index))
    .range([0, width])
    .paddingInner(0.1);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .range([0, height - 4]);
  const shapes: ChartShape[] = [{ kind: "rect", x: 0, y: 0, width, height, tone: "background" }];
  values.forEach((value, index) => {
    if (value === 0) return;
    const barHeight = Math.max(2, y(value));
    shapes.push({
      kind: "rect",
      x: round(x(index)!),
      y: round(height - barHeight),
      width: round(Math.max(1, x.bandwidth())),
      height: round(barHeight),
      tone: "current",
    });
  });
  return { width, height, shapes };
}

/** One panel of small multiples: its heading and the values it draws (small ones flagged). */
export type MultiplePanel = { label: string; values: PointValue[] };

/**
 * Small multiples: one small line chart per panel, three to a row, all on the same scale so
 * panels compare at a glance (the scale is written once, above them). A count too small to
 * show breaks the line and stands as a band from 1 to 4, as in periodLines.
 */
export function smallMultiples(
  panels: MultiplePanel[],
  options: { width?: number; columns?: number; scaleLabel?: (max: number) => string } = {},
): ChartScene {
  const width = options.width ?? 640;
  const columns = options.columns ?? 3;
  const header = 20;
  const gap = 12;
  const panelWidth = (width - gap * (columns - 1)) / columns;
  const panelHeight = 84;
  const labelHeight = 18;
  const rows = Math.max(1, Math.ceil(panels.length / columns));
  const height = header + rows * panelHeight + (rows - 1) * gap;
  const allValues = panels.flatMap((panel) => panel.values);
  const max = scaleTop(allValues);
  const y = scaleLinear()
    .domain([0, max])
    .nice(2)
    .range([panelHeight - 6, labelHeight + 4]);
  const shapes: ChartShape[] = [{ kind: "rect", x: 0, y: 0, width, height, tone: "background" }];
  if (allValues.some((value) => value.small)) shapes.push(...smallKey(width - 150, 13));
  if (options.scaleLabel)
    shapes.push({
      kind: "text",
      x: 0,
      y: 13,
      text: options.scaleLabel(y.domain()[1]!),
      anchor: "start",
      tone: "label",
    });
  panels.forEach((panel, index) => {
    const left = (index % columns) * (panelWidth + gap);
    const top = header + Math.floor(index / columns) * (panelHeight + gap);
    const x = scalePoint<number>()
      .domain(panel.values.map((_, point) => point))
      .range([left + 4, left + panelWidth - 4])
      .padding(panel.values.length === 1 ? 0.5 : 0);
    const pointY = (value: number) => round(top + y(value));
    shapes.push({
      kind: "text",
      x: round(left),
      y: top + 12,
      text: cut(panel.label, Math.floor(panelWidth / 6.5)),
      anchor: "start",
      tone: "label",
    });
    shapes.push({
      kind: "line",
      x1: round(left),
      y1: pointY(0),
      x2: round(left + panelWidth),
      y2: pointY(0),
      tone: "axis",
    });
    const path = line<PointValue>()
      .defined((value) => !value.small)
      .x((_, point) => round(x(point)!))
      .y((value) => pointY(value.plotted));
    shapes.push({ kind: "path", d: path(panel.values) ?? "", tone: "current" });
    panel.values.forEach((value, point) => {
      if (value.small) shapes.push(smallBand(x(point)!, (count) => top + y(count)));
    });
  });
  return { width, height, shapes };
}

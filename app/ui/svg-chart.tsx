import type { ChartScene, ChartShape, ChartTone } from "../lib/chart-scene.ts";

/** Colours of the site's admin pages; the muted tone marks counts too small to show. */
const FILL: Record<ChartTone, string> = {
  current: "#7a3e00",
  previous: "#c9a87a",
  small: "#e3d3bb",
  background: "#fbf8f2",
  axis: "none",
  label: "#3b2a1a",
  value: "#3b2a1a",
};

function Shape({ shape }: { shape: ChartShape }) {
  switch (shape.kind) {
    case "rect":
      // A count too small to show is a range, not a value: a pale band with a dashed edge.
      return shape.tone === "small" ? (
        <rect
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          fill={FILL.small}
          stroke={FILL.current}
          strokeWidth={1}
          strokeDasharray="2 2"
        />
      ) : (
        <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill={FILL[shape.tone]} />
      );
    case "line":
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke="#d8cbb6" strokeWidth={1} />;
    case "path":
      return (
        <path
          d={shape.d}
          fill="none"
          stroke={FILL[shape.tone]}
          strokeWidth={shape.tone === "current" ? 2.5 : 2}
          strokeDasharray={shape.tone === "previous" ? "6 4" : undefined}
        />
      );
    case "text":
      return (
        <text x={shape.x} y={shape.y} textAnchor={shape.anchor} fontSize={12} fill={FILL[shape.tone]}>
          {shape.text}
        </text>
      );
  }
}

/**
 * A chart the server computed, drawn as an image with its own title and description (read
 * out by screen readers); the figures themselves sit in a table beside it.
 */
export function SvgChart({
  id,
  scene,
  title,
  description,
  fixedSize = false,
  testId,
}: {
  id: string;
  scene: ChartScene;
  title: string;
  description: string;
  /** Drawn at its own size (a small chart on a card) instead of the column's width. */
  fixedSize?: boolean;
  testId?: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      width={fixedSize ? scene.width : "100%"}
      height={fixedSize ? scene.height : undefined}
      role="img"
      aria-labelledby={`${id}-svg-title`}
      aria-describedby={`${id}-svg-desc`}
      preserveAspectRatio="xMinYMin meet"
      style={fixedSize ? undefined : { maxWidth: scene.width, height: "auto" }}
      data-testid={testId}
    >
      <title id={`${id}-svg-title`}>{title}</title>
      <desc id={`${id}-svg-desc`}>{description}</desc>
      {scene.shapes.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
    </svg>
  );
}

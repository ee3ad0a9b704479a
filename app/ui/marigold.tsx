/**
 * The site's marigold (public/favicon.svg) as SVG shapes, to draw inline where it shows before
 * anything else (the loading screen, the navbar's logo): inline, it paints with the HTML instead
 * of waiting for an image request that shares a phone's connection with the scripts.
 * Centred on (0, 0) with a radius of about 12; place it with `transform`.
 */
export function MarigoldShapes({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <circle r="10" fill="#e67e22" stroke="#f39c12" strokeWidth="4" strokeDasharray="3 2" />
      <circle r="5.5" fill="#f39c12" stroke="#ffb74d" strokeWidth="3" strokeDasharray="2 1.5" />
      <circle r="2" fill="#bf360c" />
    </g>
  );
}

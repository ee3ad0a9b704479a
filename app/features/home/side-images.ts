/**
 * SPEC.md: home shows two decorative images picked at random, from four candidates per side.
 * The server always renders the first candidate; the browser picks after hydration, so the
 * server's HTML and the first client render agree.
 */
const candidates = (side: "left" | "right") => [1, 2, 3, 4].map((n) => `/images/home/${side}-${n}.svg`);

export const SIDE_IMAGE_CANDIDATES = { left: candidates("left"), right: candidates("right") } as const;

/** One of `options`, chosen with `random` (a number in [0, 1), like Math.random). */
export function pickOne<T>(options: readonly T[], random: () => number = Math.random): T {
  if (options.length === 0) throw new Error("Nothing to pick from");
  const index = Math.min(options.length - 1, Math.max(0, Math.floor(random() * options.length)));
  return options[index]!;
}

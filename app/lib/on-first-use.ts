/**
 * A value made the first time it is asked for, then kept. For the `Intl` formatters: making one
 * loads the locale's (and a time zone's) data, ~15 ms on this machine's browser and ~80 ms of a
 * cheap phone's main thread, and a module of the shell chunk (scripts/shell-chunk.ts) that made
 * one as it loaded charged every page that cost before hydrating, dates shown or not. ESLint
 * (eslint.config.js) refuses an `Intl` object made at a module's top level in app/.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

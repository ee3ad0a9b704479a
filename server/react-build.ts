import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Which build of React's server renderer this process loaded: read from the modules Node really
 * loaded, not from NODE_ENV, so a NODE_ENV set too late (after React was imported) shows up.
 */
export function loadedReactBuild(): "production" | "development" | "not loaded" {
  const renderers = Object.keys(require.cache).filter((path) => /react-dom[\\/]cjs[\\/]react-dom-server\./.test(path));
  if (renderers.length === 0) return "not loaded";
  return renderers.some((path) => path.includes(".development.")) ? "development" : "production";
}

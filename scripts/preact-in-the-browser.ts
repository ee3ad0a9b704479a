import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The browser's stand-in for the "react" package: Preact's compat layer plus what it lacks. */
const reactOnPreact = fileURLToPath(new URL("../app/lib/react-on-preact.ts", import.meta.url));

/** React's packages, as the browser build resolves them (decision 083). */
const BROWSER_STAND_INS: Record<string, string> = {
  react: reactOnPreact,
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * The browser build runs on Preact; the server build, Vitest and the types stay on React
 * (decision 083). An alias in `resolve.alias` would apply to every environment, so this resolves
 * React's packages to Preact's only in Vite's "client" environment. Only when building: `npm run
 * dev` keeps React in the browser, whose fast refresh (editing a component without a reload)
 * hooks into React's own internals. The tests and every deploy run the build.
 */
export function preactInTheBrowser(): Plugin {
  return {
    name: "preact-in-the-browser",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client") return null;
      const standIn = BROWSER_STAND_INS[source];
      if (standIn === undefined) return null;
      if (standIn === reactOnPreact) return standIn;
      return this.resolve(standIn, importer, { ...options, skipSelf: true });
    },
  };
}

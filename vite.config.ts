import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { purgeCSSPlugin } from "@fullhuman/postcss-purgecss";
import { defineConfig } from "vite";
import { preactInTheBrowser } from "./scripts/preact-in-the-browser.ts";
import { shellChunk } from "./scripts/shell-chunk.ts";
import routes from "./app/routes.ts";
import { everyPageContent, unusedCssSafelist } from "./scripts/unused-css.ts";

/**
 * Bootstrap rules no page uses are dropped (decision 021): the stylesheet travels inside every
 * page, and its size is parse and style work on a cheap phone. A selector stays when its class,
 * id or tag name appears anywhere in the app's source, or matches the safelist
 * (scripts/unused-css.ts, which also gives each route its own part: decision 080). A rule
 * PurgeCSS cannot read (a bare pseudo-class with :not of a list) says `purgecss ignore current`.
 */
const unusedCss = purgeCSSPlugin({
  content: ["app/**/*.{ts,tsx}", ...everyPageContent],
  skippedContentGlobs: ["**/*.test.ts", "**/*.test.tsx"],
  safelist: unusedCssSafelist,
  variables: true,
  keyframes: true,
});

export default defineConfig({
  plugins: [preactInTheBrowser(), shellChunk({ appDir: resolve(import.meta.dirname, "app"), routes }), reactRouter()],
  css: {
    postcss: { plugins: [unusedCss] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global functions; its own deprecations are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
      },
    },
  },
  build: {
    target: "es2022",
    // Kept (React Router deletes it otherwise) for scripts/client-modules.ts, which names the few
    // modules the server must point a page at by their built address (decision 082), then removes
    // it from the client's files.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Preact (React's API in the browser, decision 083) and React Router load together on
          // every first visit: one chunk compresses better than the four the default split makes
          // (2.7 KB gzip less per page, `npm run budget`), and it changes only when they are
          // upgraded.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](preact|react-router|cookie|set-cookie-parser)[\\/]|react-on-preact\.ts$/,
            },
          ],
        },
      },
    },
  },
});

import { reactRouter } from "@react-router/dev/vite";
import { purgeCSSPlugin } from "@fullhuman/postcss-purgecss";
import { defineConfig } from "vite";

/**
 * Bootstrap rules no page uses are dropped (decision 021): the stylesheet travels inside every
 * page, and its size is parse and style work on a cheap phone. A selector stays when its class,
 * id or tag name appears anywhere in the app's source, or matches the safelist: class names built
 * at run time, and the tags that stored content (chapters, bios) may contain. A rule PurgeCSS
 * cannot read (a bare pseudo-class with :not of a list) says `purgecss ignore current`.
 */
export const builtClassNames = [
  /^character-style-/,
  /^chapter-layout-/,
  /^chapter-bg-/,
  /^clan-bg-/,
  /^section-/,
  /^modal-(sm|lg|xl)$/,
];
const unusedCss = purgeCSSPlugin({
  content: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
  skippedContentGlobs: ["**/*.test.ts", "**/*.test.tsx"],
  safelist: {
    standard: [
      // tests/integration/purged-css.test.ts finds every className={`… prefix-${…}`} and
      // requires an entry here for it.
      ...builtClassNames,
      /^splash-seen$/,
      /^(p|br|em|strong|i|b|h[1-6]|blockquote|ul|ol|li|a|span|img|hr|small|mark|code|pre|figure|figcaption)$/,
    ],
    // Bootstrap's spinners name their animation through a custom property, which PurgeCSS cannot follow.
    keyframes: [/^spinner-/],
    // Used by the focus ring's rule, which PurgeCSS is told to leave alone (so does not read).
    variables: [/^--focus-/],
  },
  variables: true,
  keyframes: true,
});

export default defineConfig({
  plugins: [reactRouter()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and React Router load together on every first visit: one chunk
          // compresses better than the four the default split makes (2.7 KB gzip less per page,
          // `npm run budget`), and it changes only when they are upgraded.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

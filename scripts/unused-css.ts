/**
 * What PurgeCSS keeps (decisions 021, 080): for the whole site in vite.config.ts, and for each
 * route in scripts/route-styles.ts. A selector stays when its class, id or tag name appears in
 * the source that can render it, or matches the safelist below.
 */
import { existsSync, globSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PurgeCSS, type UserDefinedSafelist } from "purgecss";

/**
 * Class names built at run time. tests/integration/purged-css.test.ts finds every
 * className={`… prefix-${…}`} and requires an entry here for it.
 */
export const builtClassNames = [
  /^character-style-/,
  /^chapter-layout-/,
  /^chapter-bg-/,
  /^clan-bg-/,
  /^section-/,
  /^modal-(sm|lg|xl)$/,
];

export const unusedCssSafelist: UserDefinedSafelist = {
  standard: [
    ...builtClassNames,
    /^splash-seen$/,
    // The tags stored content (chapters, bios) may contain: the sanitizer's list.
    /^(p|br|em|strong|i|b|h[1-6]|blockquote|ul|ol|li|a|span|img|hr|small|mark|code|pre|figure|figcaption)$/,
  ],
  // Bootstrap's spinners name their animation through a custom property, which PurgeCSS cannot follow.
  keyframes: [/^spinner-/],
  // Used by the focus ring's rule, which PurgeCSS is told to leave alone (so does not read).
  variables: [/^--focus-/],
};

/** Source that every page can show: the seeded content's class names (layouts, backgrounds). */
export const everyPageContent = ["db/**/*.ts"];

const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** The app's source files a module reaches through its relative imports, itself included. */
export function reachableSource(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || /\.test\.tsx?$/.test(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
    const target = resolve(dirname(file), match[1]!);
    if (/\.tsx?$/.test(target) && existsSync(target)) reachableSource(target, seen);
  }
  return seen;
}

/** A route's module in app/: React Router names a route by its file, without the extension. */
function routeFile(appDir: string, id: string): string {
  const file = ["tsx", "ts"].map((extension) => join(appDir, `${id}.${extension}`)).find(existsSync);
  if (!file) throw new Error(`no source file for route ${id} in ${appDir}`);
  return file;
}

type RouteTree = Record<string, { parentId?: string | undefined }>;

/**
 * Each route's own stylesheet: the rules of `css` that the route, its layouts and the root can
 * render, found in the source they import (server-only markup included), plus the safelist.
 * Every state a page can reach without a navigation comes from that source, so a rule dropped
 * here is one no page of the route can use.
 */
export async function routeStylesheets(css: string, routes: RouteTree, root: string): Promise<Record<string, string>> {
  const appDir = join(root, "app");
  const shared = everyPageContent
    .flatMap((pattern) => globSync(pattern, { cwd: root }))
    .map((file) => join(root, file));
  const purgeCss = new PurgeCSS();
  const stylesheets: Record<string, string> = {};
  for (const id of Object.keys(routes)) {
    const files = new Set(shared);
    for (let at: string | undefined = id; at; at = routes[at]?.parentId) reachableSource(routeFile(appDir, at), files);
    const [result] = await purgeCss.purge({
      content: [...files].sort().map((file) => ({ raw: readFileSync(file, "utf8"), extension: "tsx" })),
      css: [{ raw: css }],
      safelist: {
        ...unusedCssSafelist,
        // Every focus ring: PurgeCSS cannot read the site's own (a :not() of a list, _site.scss),
        // and the minified stylesheet the routes start from has lost the comment that keeps it.
        greedy: [/^:focus-visible$/],
      },
      variables: true,
      keyframes: true,
    });
    stylesheets[id] = result!.css;
  }
  return stylesheets;
}

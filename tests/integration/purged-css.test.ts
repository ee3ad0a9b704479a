import { readFileSync } from "node:fs";
import { globSync } from "node:fs";
import postcss from "postcss";
import * as sass from "sass";
import { describe, expect, it } from "vitest";
import { builtClassNames } from "../../scripts/unused-css.ts";
import viteConfig from "../../vite.config.ts";

/**
 * PurgeCSS (decision 021) keeps a rule only when its names appear in the source. These are the
 * rules it cannot see used: class names built at run time, and names reached through custom
 * properties. Each must survive the site's own PostCSS step.
 */
const compiled = sass.compile("app/styles/app.scss", {
  loadPaths: ["node_modules"],
  quietDeps: true,
  silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
}).css;
const plugins = (viteConfig as { css: { postcss: { plugins: postcss.AcceptedPlugin[] } } }).css.postcss.plugins;
const purged = (await postcss(plugins).process(compiled, { from: undefined })).css;

function selectors(css: string) {
  const found = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    const parent = rule.parent as postcss.AtRule | undefined;
    if (parent?.type !== "atrule" || parent.name !== "keyframes")
      rule.selectors.forEach((selector) => found.add(selector));
  });
  return found;
}
const before = selectors(compiled);
const after = selectors(purged);

/** `chapter-bg-` for className={`… chapter-bg-${background}`}, in every component of the app. */
const builtClassPrefixes = [
  ...new Set(
    globSync("app/**/*.tsx")
      .filter((file) => !file.endsWith(".test.tsx"))
      .flatMap((file) => readFileSync(file, "utf8").split("\n"))
      .filter((line) => line.includes("className="))
      // From the className up to the next attribute: an id or htmlFor built after it is no class.
      .map((line) => line.slice(line.indexOf("className=")).split(/\s(?:htmlFor|id|name|value|key)=/)[0]!)
      .flatMap((line) => [...line.matchAll(/[\s`"]([a-z][a-z0-9-]*-)\$\{/g)])
      .map((match) => match[1]!),
  ),
];

describe("the purged stylesheet", () => {
  it("removes most of Bootstrap (the point of it)", () => {
    expect(purged.length).toBeLessThan(compiled.length * 0.5);
  });

  it("has a safelist entry for every class name built at run time", () => {
    expect(builtClassPrefixes).toEqual(expect.arrayContaining(["chapter-bg-", "character-style-", "modal-"]));
    for (const prefix of builtClassPrefixes)
      expect(
        builtClassNames.some((pattern) => pattern.source.startsWith(`^${prefix}`)),
        `${prefix}\${…} in a className needs an entry in scripts/unused-css.ts's builtClassNames`,
      ).toBe(true);
  });

  it("keeps every rule of those class names", () => {
    const built = (selector: string) =>
      [...selector.matchAll(/\.([a-z][\w-]*)/g)].some((match) =>
        builtClassNames.some((pattern) => pattern.test(match[1]!)),
      );
    const kept = [...before].filter(built);
    expect(kept).toEqual(expect.arrayContaining([".chapter-bg-noche", ".modal-lg"]));
    expect(kept.filter((selector) => !after.has(selector))).toEqual([]);
  });

  it("keeps the focus ring and the keyframes named through custom properties", () => {
    expect(after).toContain(":focus-visible:not(main, .character-card-button)");
    const keyframes = (css: string) => {
      const names: string[] = [];
      postcss.parse(css).walkAtRules("keyframes", (rule) => void names.push(rule.params));
      return names;
    };
    expect(purged).toContain(".spinner-border");
    expect(keyframes(purged)).toEqual(expect.arrayContaining(["spinner-border", "loading-screen-out", "page-fade-in"]));
  });

  it("keeps the declaration of every custom property a kept rule reads", () => {
    const declared = (css: string) => {
      const names = new Set<string>();
      postcss.parse(css).walkDecls(/^--/, (declaration) => void names.add(declaration.prop));
      return names;
    };
    const read = new Set([...purged.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!));
    const declaredBefore = declared(compiled);
    const declaredAfter = declared(purged);
    expect(read).toContain("--focus-ring");
    expect([...read].filter((name) => declaredBefore.has(name) && !declaredAfter.has(name))).toEqual([]);
  });
});

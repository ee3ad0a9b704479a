import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { RESERVED_SEGMENTS } from "../../app/features/chapters/chapter.schema.ts";

/**
 * A chapter's slug or token path must never shadow a page of the site: every first path segment
 * the route table or the public folder answers is in the chapter editor's reserved list.
 */
describe("the chapter editor's reserved path segments", () => {
  it("cover every route of app/routes.ts and every file of public/", () => {
    const segments = new Set<string>();
    const visit = (entries: { path?: string; children?: unknown[] }[]) => {
      for (const entry of entries) {
        const first = entry.path?.split("/")[0];
        if (first && first !== "*" && !first.startsWith(":")) segments.add(first);
        if (entry.children) visit(entry.children as typeof entries);
      }
    };
    visit(routes as { path?: string }[]);
    for (const name of readdirSync(resolve(import.meta.dirname, "../../public"))) segments.add(name);
    expect(segments.size).toBeGreaterThan(20);
    expect([...segments].filter((segment) => !RESERVED_SEGMENTS.has(segment))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** docs/decisions/README.md indexes every decision, with a date and a status (issue 21). */
const folder = resolve(import.meta.dirname, "../../docs/decisions");
const index = readFileSync(join(folder, "README.md"), "utf8");

describe("the decisions index", () => {
  it("lists every decision file with its date and status", () => {
    const files = readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const row = index.split("\n").find((line) => line.includes(`](${file})`));
      expect(row, file).toBeDefined();
      expect(row, file).toMatch(/\| \d{4}-\d{2}-\d{2} \| (accepted|superseded)/);
    }
  });

  it("links only files that exist", () => {
    for (const [, target] of index.matchAll(/\]\(([^)]+\.md)\)/g)) {
      expect(readdirSync(folder), target).toContain(target);
    }
  });
});

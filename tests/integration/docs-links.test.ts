import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README and the guides in docs/ stay navigable (issue 45): every relative link reaches a
 * file, and a heading when it names one; the README stays short enough to read on a screen or
 * two; every guide opens with the rules in force now. That every decision is in the decisions
 * index, dated, is tests/integration/decisions-index.test.ts.
 */
const root = resolve(import.meta.dirname, "../..");
const docs = join(root, "docs");

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The text outside code: links written inside code blocks or `code` are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats -1, -2. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const outside = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading] of outside.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Each relative link of a file that does not reach its file or heading, as "file: target". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto: and the like
    const [path, anchor] = target!.split("#", 2) as [string, string | undefined];
    const resolved = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
    // ../shared/SPEC.md and DESIGN.md live beside the checkout, not in it.
    if (relative(root, resolved).startsWith("..")) continue;
    const where = `${relative(root, file)}: ${target}`;
    if (!existsSync(resolved)) {
      broken.push(where);
      continue;
    }
    if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith(".md")) {
      if (!anchors(readFileSync(resolved, "utf8")).has(decodeURIComponent(anchor))) broken.push(where);
    }
  }
  return broken;
}

const files = [join(root, "README.md"), ...markdownFiles(docs)];
const guides = readdirSync(docs).filter((name) => name.endsWith(".md"));

describe("the README and the guides", () => {
  it("link only files and headings that exist", () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("reads GitHub's anchors as GitHub writes them", () => {
    const slugs = anchors(
      "# A\n## Production: containers behind a TLS proxy\n### `npm run bench:live`\n## Logs\n## Logs\n```sh\n# not a heading\n```\n",
    );
    expect([...slugs]).toEqual([
      "a",
      "production-containers-behind-a-tls-proxy",
      "npm-run-benchlive",
      "logs",
      "logs-1",
    ]);
  });

  it("keep the README to a screen or two", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(120);
  });

  it("open every guide with the rules in force now, linking their decisions", () => {
    expect(guides.length).toBeGreaterThanOrEqual(6);
    for (const guide of guides) {
      const text = readFileSync(join(docs, guide), "utf8");
      const section = text.split(/^## The rules now$/m)[1]?.split(/^## /m)[0];
      expect(section, guide).toBeDefined();
      expect(section, guide).toMatch(/\]\(decisions\/\d{3}-[^)]+\.md\)/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { insertBeforeBodyEnd, moduleScriptMarkup } from "./body-end-insert.server.ts";
import type { PageRewriter } from "./inert-scripts-rewrite.server.ts";

const unchanged: PageRewriter = { write: (chunk, out) => void out.push(chunk), end: () => {} };

function run(rewriter: PageRewriter, chunks: string[]) {
  const out: Buffer[] = [];
  for (const chunk of chunks) rewriter.write(Buffer.from(chunk), out);
  rewriter.end(out);
  return Buffer.concat(out).toString();
}

describe("markup put before a page's </body> (decision 082)", () => {
  it("goes once, just before </body>, whichever chunk carries it, after the inner rewrite", () => {
    const upper: PageRewriter = {
      write: (chunk, out) => void out.push(Buffer.from(chunk.toString().replace("hola", "HOLA"))),
      end: () => {},
    };
    expect(run(insertBeforeBodyEnd(upper, "<i>x</i>"), ["<html><body><p>hola", "</p>", "</body></html>"])).toBe(
      "<html><body><p>HOLA</p><i>x</i></body></html>",
    );
    // Once only: a later </body> (none in a page React wrote) gets nothing.
    expect(run(insertBeforeBodyEnd(unchanged, "<i>x</i>"), ["<body>a</body></html>", "</body>"])).toBe(
      "<body>a<i>x</i></body></html></body>",
    );
  });

  it("ends the page when it never sees </body>", () => {
    expect(run(insertBeforeBodyEnd(unchanged, "<i>x</i>"), ["<p>a</p>"])).toBe("<p>a</p><i>x</i>");
  });

  it("writes a module script whose attributes cannot be broken out of", () => {
    expect(moduleScriptMarkup('/assets/a.js"><b', "n0nce", "data-x")).toBe(
      '<script type="module" async src="/assets/a.js&quot;><b" nonce="n0nce" data-x></script>',
    );
  });
});

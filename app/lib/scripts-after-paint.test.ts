import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./inert-scripts-rewrite.server.ts";
import { INERT_SCRIPT_MARKUP, RESTORE_SCRIPTS_AFTER_PAINT } from "./scripts-after-paint.ts";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><style>p{color:red}</style></head><body>ñandú ' +
  '<link rel="modulepreload" href="/assets/b.js"/><script nonce="n" type="module" async="">import "/a.js";</script>' +
  '<script type="application/ld+json">{}</script></body>';
// The preloads load while the page paints (decision 087); only the module script waits.
const expected = page.replace('type="module" async=""', 'type="text/module-after-paint" async=""');

/** The page cut into chunks of `size` bytes, through the rewrite. */
const rewritten = (size: number) => {
  const bytes = Buffer.from(page);
  const rewrite = scriptsAfterFirstPaint();
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) rewrite.write(bytes.subarray(at, at + size), out);
  rewrite.end(out);
  return Buffer.concat(out).toString();
};

describe("scripts after the first paint", () => {
  it("leaves the script that restores them as it is: it holds none of the markup the rewrite changes", () => {
    for (const [original] of Object.values(INERT_SCRIPT_MARKUP))
      expect(RESTORE_SCRIPTS_AFTER_PAINT).not.toContain(original);
    const rewrite = scriptsAfterFirstPaint();
    const out: Buffer[] = [];
    rewrite.write(Buffer.from(`<script>${RESTORE_SCRIPTS_AFTER_PAINT}</script>`), out);
    rewrite.end(out);
    expect(Buffer.concat(out).toString()).toBe(`<script>${RESTORE_SCRIPTS_AFTER_PAINT}</script>`);
  });

  it("makes the module script inert and leaves the preloads, whole or cut across chunks at any byte", () => {
    for (const size of [1, 2, 3, 5, 7, 11, 18, 19, 20, 23, 64, 10_000]) expect(rewritten(size)).toBe(expected);
  });

  it("holds back nothing when a chunk cannot begin a rewritten attribute", () => {
    const rewrite = scriptsAfterFirstPaint();
    const out: Buffer[] = [];
    rewrite.write(Buffer.from("<div>shell</div>"), out);
    expect(Buffer.concat(out).toString()).toBe("<div>shell</div>");
  });

  it("holds back only the end of a chunk that may begin one, until the next chunk says", () => {
    const rewrite = scriptsAfterFirstPaint();
    const out: Buffer[] = [];
    rewrite.write(Buffer.from('<div>shell</div><script type="module" as'), out);
    expect(Buffer.concat(out).toString()).toBe("<div>shell</div><script ");
    rewrite.write(Buffer.from('ync="">import "/x.js";</script>'), out);
    expect(Buffer.concat(out).toString()).toBe(
      '<div>shell</div><script type="text/module-after-paint" async="">import "/x.js";</script>',
    );
  });
});

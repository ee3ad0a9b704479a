import type { PageRewriter } from "./inert-scripts-rewrite.server.ts";

const BODY_END = Buffer.from("</body>");

/**
 * `rewriter`, then `markup` put just before the page's `</body>`: something only this reader's
 * page carries (decision 082), added by the server without a byte of it in the app's scripts.
 * React writes `</body>` whole, in one of its own chunks; were it ever missing, the markup would
 * end the page instead.
 */
export function insertBeforeBodyEnd(rewriter: PageRewriter, markup: string): PageRewriter {
  const insert = Buffer.from(markup);
  let inserted = false;
  const pass = (parts: Buffer[], out: Buffer[]) => {
    for (const part of parts) {
      const at = inserted ? -1 : part.lastIndexOf(BODY_END);
      if (at === -1) {
        out.push(part);
        continue;
      }
      out.push(part.subarray(0, at), insert, part.subarray(at));
      inserted = true;
    }
  };
  return {
    write(chunk, out) {
      const parts: Buffer[] = [];
      rewriter.write(chunk, parts);
      pass(parts, out);
    },
    end(out) {
      const parts: Buffer[] = [];
      rewriter.end(parts);
      pass(parts, out);
      if (!inserted) out.push(insert);
      inserted = true;
    },
  };
}

/** A value escaped for a double-quoted attribute. */
const quoted = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A module script element. */
export function moduleScriptMarkup(src: string, nonce: string, flag: string): string {
  return `<script type="module" async src="${quoted(src)}" nonce="${quoted(nonce)}" ${flag}></script>`;
}

/**
 * A module preload: the module is fetched and parsed when the page reaches it, and a later
 * `import()` of it needs no network.
 */
export function modulePreloadMarkup(href: string): string {
  return `<link rel="modulepreload" href="${quoted(href)}">`;
}

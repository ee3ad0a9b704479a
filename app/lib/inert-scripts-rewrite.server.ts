import { INERT_SCRIPT_MARKUP } from "./scripts-after-paint.ts";

const REWRITES = Object.values(INERT_SCRIPT_MARKUP).map(([original, inert]) => ({
  original: Buffer.from(original),
  inert: Buffer.from(inert),
}));

/** How many of `text`'s last bytes begin one of the originals (and may complete in the next chunk). */
function pendingPrefixLength(text: Buffer): number {
  let longest = 0;
  for (const { original } of REWRITES) {
    // The earliest start in the tail that matches is the longest prefix; compared in place (no
    // copies: this runs on every chunk of every page).
    for (let start = Math.max(0, text.length - original.length + 1); start < text.length - longest; start++) {
      if (text[start] === original[0] && original.compare(text, start, text.length, 0, text.length - start) === 0) {
        longest = text.length - start;
        break;
      }
    }
  }
  return longest;
}

/** The earliest original in `text` from `from`, or null. */
function nextOriginal(text: Buffer, from: number) {
  let found: { at: number; rewrite: (typeof REWRITES)[number] } | null = null;
  for (const rewrite of REWRITES) {
    const at = text.indexOf(rewrite.original, from);
    if (at !== -1 && (!found || at < found.at)) found = { at, rewrite };
  }
  return found;
}

/** Rewrites a page's bytes as they are written: `write` and `end` give what can leave now. */
export type PageRewriter = {
  /** Takes the next bytes; pushes onto `out` every part that is complete (views, not copies). */
  write(chunk: Buffer, out: Buffer[]): void;
  /** The page ended: pushes what was held back. */
  end(out: Buffer[]): void;
};

/**
 * Makes React Router's module script inert in the streamed HTML, for RESTORE_SCRIPTS_AFTER_PAINT
 * to restore after the first paint (decision 021): the stylesheet is inline, so the HTML alone
 * paints the page, and the modules' evaluation and the hydration wait for that paint. Their
 * preloads load meanwhile (decision 087).
 *
 * Works on bytes across chunk boundaries: the end of a chunk that could begin a rewritten
 * attribute waits for the next chunk (usually nothing does), and only original bytes are
 * carried over. The markup only occurs in tags: text and attribute values are HTML-escaped.
 * The parts it gives may be views of the chunks written: whoever keeps them past the writer's
 * next write copies them (app/lib/page-stream.server.ts does, once per turn).
 */
export function scriptsAfterFirstPaint(): PageRewriter {
  let carry: Buffer | null = null;
  return {
    write(chunk, out) {
      const text = carry ? Buffer.concat([carry, chunk]) : chunk;
      const pending = pendingPrefixLength(text);
      const complete = text.subarray(0, text.length - pending);
      let copied = 0;
      for (let found = nextOriginal(complete, 0); found; found = nextOriginal(complete, copied)) {
        out.push(complete.subarray(copied, found.at), found.rewrite.inert);
        copied = found.at + found.rewrite.original.length;
      }
      if (copied < complete.length) out.push(copied ? complete.subarray(copied) : complete);
      carry = pending ? Buffer.from(text.subarray(text.length - pending)) : null;
    },
    end(out) {
      if (carry) out.push(carry);
      carry = null;
    },
  };
}

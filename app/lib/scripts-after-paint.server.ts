import { Transform } from "node:stream";
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

/**
 * Makes React Router's module preloads and module script inert in the streamed HTML, for
 * RESTORE_SCRIPTS_AFTER_PAINT to restore after the first paint (decision 021). The stylesheet is
 * inline, so the HTML alone paints the page; the scripts (≈110 KB gzip) then no longer share a
 * phone's connection and main thread with it before it shows.
 *
 * Works on bytes across chunk boundaries: the end of a chunk that could begin a rewritten
 * attribute waits for the next chunk (usually nothing does), and only original bytes are
 * carried over. The markup only occurs in tags: text and attribute values are HTML-escaped.
 */
export function scriptsAfterFirstPaint(): Transform {
  let carry = Buffer.alloc(0);
  // React writes a page in 4 KB pieces, each of which went on alone through every stream after
  // this one (the web stream, the gzip, the socket): what one turn of the event loop wrote
  // leaves as one chunk (decision 041). Late parts of a streamed page still leave at once.
  let batch: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (!batch.length || stream.destroyed) return;
    // A copy: nothing here relies on the writer leaving its buffers alone once written.
    const bytes = Buffer.concat(batch);
    batch = [];
    stream.push(bytes);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const pending = pendingPrefixLength(text);
      const complete = text.subarray(0, text.length - pending);
      let copied = 0;
      for (let found = nextOriginal(complete, 0); found; found = nextOriginal(complete, copied)) {
        batch.push(complete.subarray(copied, found.at), found.rewrite.inert);
        copied = found.at + found.rewrite.original.length;
      }
      if (copied < complete.length) batch.push(complete.subarray(copied));
      carry = Buffer.from(text.subarray(text.length - pending));
      if (batch.length && !scheduled) {
        scheduled = true;
        setImmediate(release, this);
      }
      done();
    },
    flush(done) {
      if (carry.length) batch.push(carry);
      release(this);
      done();
    },
  });
}

import { constants, crc32, deflateRawSync } from "node:zlib";
import { chooseEncoding } from "./accept-encoding.ts";

/**
 * Gzip for pages rendered per reader, around the inline stylesheet deflated once (decisions 039,
 * 041). Kept visitors' pages have their own, in server/spliced-page.ts.
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block: what zlib ends a stream with after a flush. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0));

/** Whether an Accept-Encoding header admits gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return chooseEncoding(acceptEncoding, ["gzip"]) === "gzip";
}

/**
 * A text every page carries (the inline stylesheet, decision 021), deflated once; and, when the
 * build offers one, the short hole a page may carry in its place for this server to fill
 * (decision 041: the page's own streams then never carry the ~61 KB).
 */
export type FixedText = { bytes: Buffer; deflated: Buffer; hole: Buffer | null };

export function fixedText(text: string, hole?: string): FixedText {
  const bytes = Buffer.from(text);
  return {
    bytes,
    deflated: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
    hole: hole ? Buffer.from(hole) : null,
  };
}

/** The whole stylesheet and each route's own (decision 080), each deflated once, when first used. */
export type RouteStylesheets = { whole: FixedText; forRoute(routeId: string | null | undefined): FixedText };

export function routeStylesheets(whole: string, byRoute: Record<string, string> = {}, hole?: string): RouteStylesheets {
  const deflatedTexts = new Map<string, FixedText>();
  const deflatedOnce = (text: string) => {
    let fixed = deflatedTexts.get(text);
    if (!fixed) deflatedTexts.set(text, (fixed = fixedText(text, hole)));
    return fixed;
  };
  const wholeText = deflatedOnce(whole);
  return {
    whole: wholeText,
    forRoute: (routeId) => {
      const text = routeId ? byRoute[routeId] : undefined;
      return text ? deflatedOnce(text) : wholeText;
    },
  };
}

/** How far into a page the fixed text is looked for (it sits in the <head>). */
const FIXED_TEXT_WITHIN_BYTES = 256 * 1024;

/**
 * Gzip for a page rendered per reader (a signed-in one), with `fixed` taken from its deflated
 * copy instead of compressed again: the inline stylesheet is ~70% of a page's bytes, and gzip
 * was a fifth of a signed-in page's time. The rest is deflated as it comes, each batch on its
 * own (what one turn of the event loop wrote), ending on a byte boundary, as a kept page's pieces (spliced-page.ts):
 * one valid gzip member, and late parts of a streamed page still leave at once. A page without
 * the fixed text is simply compressed.
 *
 * The answer is a stream that pulls from the page as the response is written (no TransformStream
 * and no second stream around it), and it is given once its first chunk is there: @hono/node-server
 * sends a response's headers on their own (one more write to the socket, ~3% of a signed-in page's
 * time) when its body has nothing to read at once, and with the first bytes when it has
 * (decision 041).
 */
export async function gzipAroundFixedText(
  page: ReadableStream<Uint8Array>,
  fixed: FixedText,
  { inHole = false }: { inHole?: boolean } = {},
): Promise<ReadableStream<Uint8Array>> {
  // What the page carries where the stylesheet goes: the stylesheet itself, or the hole for it.
  const needle = inHole && fixed.hole ? fixed.hole : fixed.bytes;
  const reader = page.getReader();
  const member = gzipMemberBody(fixed, needle);
  /** Reads the page until there is something to send; false once it has ended. */
  const fill = async (): Promise<boolean> => {
    while (!member.hasOutput()) {
      const next = await reader.read();
      if (next.done) {
        member.finish();
        return false;
      }
      member.take(next.value);
    }
    return true;
  };

  // The header alone is not a first chunk: it leaves with the first deflated bytes.
  let open = await fill();
  let first: Buffer | null = Buffer.concat([GZIP_HEADER, member.ready()]);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (first) {
          controller.enqueue(first);
          first = null;
          if (!open) controller.close();
          return;
        }
        open = await fill();
        if (member.hasOutput()) controller.enqueue(member.ready());
        if (!open) controller.close();
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The body of gzipAroundFixedText's gzip member, as the page comes: what precedes and follows
 * `needle` deflated batch by batch, `fixed` in its deflated copy where the needle was, then the
 * last block and the trailer. `ready` hands over what is there so far.
 */
function gzipMemberBody(fixed: FixedText, needle: Buffer) {
  let head: Buffer | null = Buffer.alloc(0);
  let checksum = 0;
  let size = 0;
  let out: Buffer[] = [];

  const deflated = (bytes: Buffer) => {
    if (!bytes.length) return;
    checksum = crc32(bytes, checksum);
    size += bytes.length;
    // The fastest level: what is deflated here, every response, was a tenth of a signed-in page's
    // time at zlib's default; level 1 takes under half of that for ~8% more bytes of the ~30 KB
    // around the stylesheet (decision 041). The stylesheet keeps its own (fixedText's default).
    out.push(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH }));
  };
  return {
    // One chunk of the page (what one turn of its render wrote, app/lib/page-stream.server.ts).
    take(chunk: Uint8Array) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!head) return deflated(bytes);
      const searchFrom = Math.max(0, head.length - needle.length + 1);
      head = head.length ? Buffer.concat([head, bytes]) : bytes;
      const at = head.indexOf(needle, searchFrom);
      if (at >= 0) {
        deflated(head.subarray(0, at));
        checksum = crc32(fixed.bytes, checksum);
        size += fixed.bytes.length;
        out.push(fixed.deflated);
        const rest = head.subarray(at + needle.length);
        head = null;
        deflated(rest);
      } else if (head.length > FIXED_TEXT_WITHIN_BYTES) {
        const whole = head;
        head = null;
        deflated(whole);
      }
    },
    finish() {
      if (head) deflated(head);
      head = null;
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(checksum >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      out.push(LAST_BLOCK, trailer);
    },
    hasOutput: () => out.length > 0,
    ready() {
      const bytes = out.length === 1 ? out[0]! : Buffer.concat(out);
      out = [];
      return bytes;
    },
  };
}

/**
 * The stylesheet put back in its hole, uncompressed: for a page that asked for the hole but is
 * not gzipped after all (the server asks only when it will gzip; this is the safety net).
 */
export function fillStylesheetHole(fixed: FixedText): TransformStream<Uint8Array, Uint8Array> {
  const hole = fixed.hole ?? fixed.bytes;
  let head: Buffer | null = Buffer.alloc(0);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!head) return controller.enqueue(bytes);
      const searchFrom = Math.max(0, head.length - hole.length + 1);
      head = Buffer.concat([head, bytes]);
      const at = head.indexOf(hole, searchFrom);
      if (at >= 0) {
        controller.enqueue(Buffer.concat([head.subarray(0, at), fixed.bytes, head.subarray(at + hole.length)]));
        head = null;
      } else if (head.length > FIXED_TEXT_WITHIN_BYTES) {
        controller.enqueue(head);
        head = null;
      }
    },
    flush(controller) {
      if (head?.length) controller.enqueue(head);
    },
  });
}

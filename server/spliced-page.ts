import type { TransformOptions } from "node:stream";
import { promisify } from "node:util";
import {
  brotliDecompress,
  constants,
  crc32,
  createBrotliCompress,
  deflateRawSync,
  gunzipSync,
  type BrotliOptions,
} from "node:zlib";

/**
 * A kept visitor's page, compressed once at the maximum (gzip level 9, Brotli quality 11), with
 * each response's CSP nonce spliced into the compressed bytes (decisions 021 and 058).
 *
 * The page is compressed with a placeholder in every hole where the nonce goes: as many bytes as
 * the nonce, all different and none found in the page. A few holes (the first, and for gzip the
 * first after any stretch longer than its 32 KB window) end the compressed stream there, and a
 * response carries its nonce at that point as raw bytes: a stored deflate block, an uncompressed
 * Brotli meta-block. Every other hole stays inside the compressed stream, where the compressor
 * saw the placeholder repeat and wrote "copy these bytes from the earlier hole": the decoder
 * copies the nonce it was given there. Nothing of the page refers to a placeholder byte but
 * another hole at the same place in it, since the page has no such bytes, so the one page
 * compressed once serves every nonce of that length.
 *
 * Brotli picks a literal's code by the two bytes before it; with a nonce there, what follows
 * would decode by bytes the compressor never saw, so this page is compressed without literal
 * context modeling (0.7% larger on a chapter page): its decoding is the same whatever the nonce.
 * Both encodings are checked once, when made, with two test nonces that differ at every byte
 * (the first with no byte twice): a byte taken from the wrong place shows in one of them. An
 * encoding that fails is not used (the page then goes plain, or compressed per response).
 */
export type SplicedPage = {
  /** The page's bytes between its holes. */
  parts: Buffer[];
  holeBytes: number;
  /** Bytes found nowhere in the page, one per byte of the hole; null if the page has too few. */
  placeholder: Buffer | null;
  gzip: Buffer[] | null;
  /** Made later, off the main thread (compressBrotli). */
  br: Buffer[] | null;
};

export type PageCoding = "br" | "gzip";

// No name, no time; XFL 2: compressed at the maximum.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);
/** An empty last block: what zlib ends a stream with after a flush. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0));
/** How far back deflate may copy from (32 KB less zlib's lookahead), with room for a tag's text. */
const GZIP_REACH = 32 * 1024 - 262 - 1024;
/** Brotli's default window (lgwin 22) less its 16 reserved bytes, with the same room. */
const BROTLI_REACH = (1 << 22) - 16 - 1024;
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
};
const TEST_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Bytes that occur nowhere in `page`, `count` of them (those no UTF-8 text holds come first). */
function absentBytes(page: Buffer[], count: number): Buffer | null {
  const present = new Uint8Array(256);
  for (const part of page) for (const byte of part) present[byte] = 1;
  const absent: number[] = [];
  for (let byte = 255; byte >= 0 && absent.length < count; byte--) if (!present[byte]) absent.push(byte);
  return absent.length === count ? Buffer.from(absent) : null;
}

/**
 * Where the page's compressed stream stops for a raw nonce: the first hole, and each hole with no
 * earlier hole within `reach` bytes (a later one is copied from it). Pieces are the page between
 * those holes, with the placeholder in the others; `starts` where each piece begins.
 */
function pieces(page: SplicedPage, placeholder: Buffer, reach: number) {
  const text: Buffer[] = [];
  const starts = [0];
  let offset = 0;
  let lastHole = -Infinity;
  page.parts.forEach((part, index) => {
    if (index) {
      if (offset - lastHole > reach) starts.push(offset + placeholder.length);
      // zlib never copies from the very first byte of its window (its hash chains end at 0).
      if (offset > 0) lastHole = offset;
      text.push(placeholder);
      offset += placeholder.length;
    }
    text.push(part);
    offset += part.length;
  });
  const withPlaceholders = Buffer.concat(text);
  const ends = [...starts.slice(1).map((start) => start - placeholder.length), withPlaceholders.length];
  return { withPlaceholders, starts, ends };
}

export function splicePage(html: string, hole: string): SplicedPage {
  const parts = html.split(hole).map((part) => Buffer.from(part));
  const holeBytes = Buffer.byteLength(hole);
  const page: SplicedPage = { parts, holeBytes, placeholder: absentBytes(parts, holeBytes), gzip: null, br: null };
  if (!page.placeholder || holeBytes > TEST_ALPHABET.length) return page;
  const { withPlaceholders, starts, ends } = pieces(page, page.placeholder, GZIP_REACH);
  const gzip = starts.map((start, index) => {
    // What came before, as the decoder will have it (placeholders included): copies reach back into it.
    const dictionary = withPlaceholders.subarray(Math.max(0, start - 32 * 1024), start);
    return deflateRawSync(withPlaceholders.subarray(start, ends[index]), {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(dictionary.length ? { dictionary } : {}),
    });
  });
  page.gzip = verified(page, "gzip", gzip, (bytes) => gunzipSync(bytes));
  return page;
}

/** Brotli at quality 11 for `page`, in libuv's threads (~0.1 s for a chapter page): kept on `page.br`. */
export async function compressBrotli(page: SplicedPage): Promise<void> {
  const placeholder = page.placeholder;
  if (!placeholder || page.holeBytes > TEST_ALPHABET.length) return;
  const { withPlaceholders, starts, ends } = pieces(page, placeholder, BROTLI_REACH);
  const options: BrotliOptions & TransformOptions = {
    params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: withPlaceholders.length },
    // The output between two flushes is read at once (the default would hold the stream back).
    readableHighWaterMark: 1 << 30,
  };
  const encoder = createBrotliCompress(options);
  const output = () => {
    const chunks: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = encoder.read() as Buffer | null) !== null;) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const flushed = (bytes: Buffer) =>
    new Promise<Buffer>((done, fail) => {
      encoder.once("error", fail);
      encoder.write(bytes);
      encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
        encoder.off("error", fail);
        done(output());
      });
    });
  const br: Buffer[] = [];
  for (const [index, start] of starts.entries()) {
    // The placeholder's own meta-block is dropped: a response puts its nonce there, uncompressed.
    if (index) await flushed(placeholder);
    const piece = withPlaceholders.subarray(start, ends[index]);
    if (index < starts.length - 1) br.push(await flushed(piece));
    else {
      encoder.end(piece);
      const rest: Buffer[] = [];
      for await (const chunk of encoder) rest.push(chunk as Buffer);
      br.push(Buffer.concat(rest));
    }
  }
  page.br = await verifiedAsync(page, "br", br, (bytes) => brotliDecompressAsync(bytes));
}

const brotliDecompressAsync = promisify(brotliDecompress);

/** The nonce as a response carries it between two compressed pieces. */
function rawBlock(coding: PageCoding, fill: Buffer): Buffer {
  const header = Buffer.alloc(coding === "gzip" ? 5 : 3);
  if (coding === "gzip") {
    // A stored deflate block, not the last: its 3 header bits, then LEN and its complement.
    header.writeUInt16LE(fill.length, 1);
    header.writeUInt16LE(~fill.length & 0xffff, 3);
  } else {
    // An uncompressed Brotli meta-block: ISLAST 0, four nibbles of MLEN - 1, ISUNCOMPRESSED 1.
    header.writeUIntLE(((fill.length - 1) << 3) | (1 << 19), 0, 3);
  }
  return Buffer.concat([header, fill]);
}

function assembled(page: SplicedPage, coding: PageCoding, pieces: Buffer[], fill: Buffer): Buffer {
  const block = rawBlock(coding, fill);
  const body = pieces.flatMap((piece, index) => (index ? [block, piece] : [piece]));
  if (coding === "br") return Buffer.concat(body);
  let checksum = 0;
  let size = 0;
  page.parts.forEach((part, index) => {
    if (index) {
      checksum = crc32(fill, checksum);
      size += fill.length;
    }
    checksum = crc32(part, checksum);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...body, LAST_BLOCK, trailer]);
}

/** Two nonces that differ at every byte, the first with no byte twice (see above). */
function testFills(length: number): [Buffer, Buffer] {
  const first = TEST_ALPHABET.slice(0, length);
  return [Buffer.from(first), Buffer.from(first.slice(1) + first.slice(0, 1))];
}

function verified(page: SplicedPage, coding: PageCoding, pieces: Buffer[], decode: (bytes: Buffer) => Buffer) {
  const good = testFills(page.holeBytes).every((fill) =>
    decodes(() => decode(assembled(page, coding, pieces, fill)), filledPage(page, fill.toString())),
  );
  return good ? pieces : null;
}

async function verifiedAsync(
  page: SplicedPage,
  coding: PageCoding,
  pieces: Buffer[],
  decode: (bytes: Buffer) => Promise<Buffer>,
) {
  for (const fill of testFills(page.holeBytes)) {
    const decoded = await decode(assembled(page, coding, pieces, fill)).catch(() => null);
    if (!decoded?.equals(filledPage(page, fill.toString()))) return null;
  }
  return pieces;
}

function decodes(decode: () => Buffer, expected: Buffer): boolean {
  try {
    return decode().equals(expected);
  } catch {
    return false;
  }
}

/** The page with `fill` in every hole, as plain bytes. */
export function filledPage(page: SplicedPage, fill: string): Buffer {
  const filler = Buffer.from(fill);
  return Buffer.concat(page.parts.flatMap((part, index) => (index ? [filler, part] : [part])));
}

/** The codings `page` can be sent in with `fill` in its holes, the smaller first. */
export function pageCodings(page: SplicedPage, fill: string): PageCoding[] {
  if (Buffer.byteLength(fill) !== page.holeBytes) return [];
  return [...(page.br ? (["br"] as const) : []), ...(page.gzip ? (["gzip"] as const) : [])];
}

/** The page with `fill` in every hole, encoded without compressing it again (see pageCodings). */
export function encodedPage(page: SplicedPage, coding: PageCoding, fill: string): Buffer {
  const pieces = page[coding];
  if (!pieces || Buffer.byteLength(fill) !== page.holeBytes) throw new Error(`no ${coding} for this fill`);
  return assembled(page, coding, pieces, Buffer.from(fill));
}

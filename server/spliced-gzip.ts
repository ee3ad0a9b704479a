import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page kept with a hole where each response's CSP nonce goes, compressed once (decision 021).
 * A kept visitor page is ~80 KB of HTML (its stylesheet is inline) that differs between responses
 * only in the nonce, so compressing it for every response cost more than everything else the
 * cache saves. Each fixed part is deflated once, ending on a byte boundary (a sync flush), and a
 * response is those blocks with the nonce in between as stored (uncompressed) blocks, in one gzip
 * member: a single valid deflate stream, since no part refers back past its own start.
 */
export type SplicedPage = { parts: Buffer[]; deflated: Buffer[] };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block: what zlib ends a stream with after a flush. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0));

export function splicePage(html: string, hole: string): SplicedPage {
  const parts = html.split(hole).map((part) => Buffer.from(part));
  return {
    parts,
    deflated: parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH })),
  };
}

/** The page with `fill` in every hole, as plain bytes. */
export function filledPage(page: SplicedPage, fill: string): Buffer {
  const filler = Buffer.from(fill);
  return Buffer.concat(page.parts.flatMap((part, index) => (index ? [filler, part] : [part])));
}

/** A deflate stored block holding `bytes` (at most 65,535), not the last one. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The page with `fill` in every hole, gzip-encoded, without compressing it again. */
export function gzippedPage(page: SplicedPage, fill: string): Buffer {
  const filler = Buffer.from(fill);
  const fillerBlock = storedBlock(filler);
  const chunks: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let size = 0;
  page.parts.forEach((part, index) => {
    if (index) {
      chunks.push(fillerBlock);
      checksum = crc32(filler, checksum);
      size += filler.length;
    }
    chunks.push(page.deflated[index]!);
    checksum = crc32(part, checksum);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** Whether an Accept-Encoding header admits gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((entry) => {
    const [coding, ...parameters] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, filledPage, gzippedPage, splicePage } from "./spliced-gzip.ts";

const HOLE = "NONCE-HOLE";
// Big and repetitive like a page with its stylesheet, with holes at the start, middle and end.
const html =
  `${HOLE}<html><head><style nonce="${HOLE}">` +
  ".card{color:red}".repeat(4000) +
  `</style></head><body>ñandú y cempasúchil<script nonce="${HOLE}">go()</script>${HOLE}</body></html>${HOLE}`;

describe("a page compressed once, with its nonce spliced in", () => {
  it("gunzips to the page with the nonce in every hole", () => {
    const page = splicePage(html, HOLE);
    for (const nonce of ["PRIMERO+/=", "otro-nonce-0123456789abcdef"]) {
      const expected = html.replaceAll(HOLE, nonce);
      expect(gunzipSync(gzippedPage(page, nonce)).toString()).toBe(expected);
      expect(filledPage(page, nonce).toString()).toBe(expected);
    }
  });

  it("is compressed: a fraction of the page's size", () => {
    const gzipped = gzippedPage(splicePage(html, HOLE), "n");
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(html) / 20);
  });

  it("works for a page without holes and for an empty page", () => {
    expect(gunzipSync(gzippedPage(splicePage("<p>hola</p>", HOLE), "n")).toString()).toBe("<p>hola</p>");
    expect(gunzipSync(gzippedPage(splicePage("", HOLE), "n")).toString()).toBe("");
  });

  it("reads Accept-Encoding as browsers send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

import { randomBytes } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./accept-encoding.ts";
import { compressBrotli, encodedPage, filledPage, pageCodings, splicePage } from "./spliced-page.ts";

/** A nonce as each response gets one (hono/secure-headers: 16 random bytes in base64). */
const freshNonce = () => randomBytes(16).toString("base64");
const HOLE = freshNonce();

// Shaped like a kept chapter page: many holes close together in the <head>, a stylesheet longer
// than gzip's 32 KB window, scripts with holes after it, and text beyond ASCII.
const stylesheet = Array.from({ length: 1800 }, (_, index) => `.c${index}{margin:${index % 7}px auto}`).join("");
const html =
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"/><title>Salida a Tzintzuntzan</title>` +
  Array.from(
    { length: 20 },
    (_, index) => `<link nonce="${HOLE}" rel="modulepreload" href="/assets/m${index}.js"/>`,
  ).join("") +
  `<style nonce="${HOLE}">${stylesheet}</style></head><body><p>ñandú, cempasúchil y 🦜 en la orilla del lago</p>` +
  `<script nonce="${HOLE}">window.__a=1</script>${"<p>Había una vez un pescador.</p>".repeat(200)}` +
  `<script nonce="${HOLE}">window.__b=2</script></body></html>`;

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

describe("a kept page, compressed once, with each response's nonce spliced in", () => {
  it("decodes, in gzip and in Brotli, to the page with this response's nonce in every hole", async () => {
    const page = splicePage(html, HOLE);
    await compressBrotli(page);
    for (const nonce of [freshNonce(), freshNonce(), freshNonce()]) {
      const expected = html.replaceAll(HOLE, nonce);
      expect(pageCodings(page, nonce)).toEqual(["br", "gzip"]);
      expect(gunzipSync(encodedPage(page, "gzip", nonce)).toString()).toBe(expected);
      expect(brotliDecompressSync(encodedPage(page, "br", nonce)).toString()).toBe(expected);
      expect(filledPage(page, nonce).toString()).toBe(expected);
    }
  });

  it("is as small as compressing the whole page at the maximum, in gzip and near it in Brotli", async () => {
    const page = splicePage(html, HOLE);
    await compressBrotli(page);
    const nonce = freshNonce();
    const whole = html.replaceAll(HOLE, nonce);
    // A few bytes per nonce sent raw (here two: the first, and the first past the stylesheet).
    expect(encodedPage(page, "gzip", nonce).length).toBeLessThanOrEqual(gzipSync(whole, { level: 9 }).length + 64);
    // Brotli without literal context modeling, and one flush around the first nonce.
    expect(encodedPage(page, "br", nonce).length).toBeLessThanOrEqual(brotli(whole).length * 1.03);
    expect(encodedPage(page, "br", nonce).length).toBeLessThan(encodedPage(page, "gzip", nonce).length);
  });

  it("works for a page without holes, with a hole at each end, and for an empty page", async () => {
    for (const text of ["<p>hola</p>", `${HOLE}<p>hola</p>${HOLE}`, HOLE, ""]) {
      const page = splicePage(text, HOLE);
      await compressBrotli(page);
      const nonce = freshNonce();
      expect(pageCodings(page, nonce)).toEqual(["br", "gzip"]);
      expect(gunzipSync(encodedPage(page, "gzip", nonce)).toString()).toBe(text.replaceAll(HOLE, nonce));
      expect(brotliDecompressSync(encodedPage(page, "br", nonce)).toString()).toBe(text.replaceAll(HOLE, nonce));
    }
  });

  it("offers no encoding for a nonce of another length, nor for a page with every byte in it", async () => {
    const page = splicePage(html, HOLE);
    await compressBrotli(page);
    expect(pageCodings(page, "corto")).toEqual([]);
    expect(filledPage(page, "corto").toString()).toBe(html.replaceAll(HOLE, "corto"));
    // No byte is left for a placeholder: the page goes plain (and compress() may gzip it).
    // Every byte UTF-8 text holds (ASCII, continuation bytes, each lead byte): 13 are left, not 24.
    const everyByte = [
      ...Array.from({ length: 192 }, (_, index) => index),
      ...Array.from({ length: 30 }, (_, index) => (index + 2) << 6),
      ...Array.from({ length: 16 }, (_, index) => (index === 0 ? 0x800 : index << 12)),
      ...[0x10000, 0x40000, 0x80000, 0xc0000, 0x100000],
    ]
      .map((codePoint) => String.fromCodePoint(codePoint))
      .join("");
    const text = `${everyByte}<b nonce="${HOLE}">`;
    const full = splicePage(text, HOLE);
    await compressBrotli(full);
    const nonce = freshNonce();
    expect(pageCodings(full, nonce)).toEqual([]);
    expect(filledPage(full, nonce).toString()).toBe(text.replaceAll(HOLE, nonce));
  });
});

describe("choosing a page's encoding from Accept-Encoding", () => {
  const offered = ["br", "gzip"] as const;
  it("takes what the browser weighs highest, Brotli on a tie, and nothing it refuses", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", offered)).toBe("br");
    expect(chooseEncoding("br;q=1.0, gzip;q=0.8", offered)).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.5", offered)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", offered)).toBe("gzip");
    expect(chooseEncoding("BR;Q=0, *", offered)).toBe("gzip");
    expect(chooseEncoding("*", offered)).toBe("br");
    expect(chooseEncoding("gzip", offered)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0", offered)).toBeNull();
    expect(chooseEncoding("identity", offered)).toBeNull();
    expect(chooseEncoding("", offered)).toBeNull();
    expect(chooseEncoding(null, offered)).toBeNull();
    expect(chooseEncoding("gzip, br", ["gzip"])).toBe("gzip");
  });
});

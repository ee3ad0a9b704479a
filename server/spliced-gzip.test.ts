import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, fillStylesheetHole, fixedText, gzipAroundFixedText, routeStylesheets } from "./spliced-gzip.ts";

describe("the gzip of pages rendered per reader", () => {
  it("reads Accept-Encoding as browsers send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
  });
});

describe("gzip around a fixed text (pages rendered per reader)", () => {
  const stylesheet = `body{color:#222}${".card{margin:0 auto;padding:1rem}".repeat(400)}`;
  const hole = "/*inline-stylesheet*/";
  const fixed = fixedText(stylesheet, hole);

  const streamOf = (chunks: string[], pauseAfter = -1) =>
    new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [index, chunk] of chunks.entries()) {
          controller.enqueue(new TextEncoder().encode(chunk));
          if (index === pauseAfter) await new Promise((done) => setTimeout(done, 20));
        }
        controller.close();
      },
    });

  async function gzipThrough(chunks: string[], pauseAfter = -1, inHole = false): Promise<Buffer> {
    const stream = await gzipAroundFixedText(streamOf(chunks, pauseAfter), fixed, { inHole });
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(Buffer.from(part));
    return Buffer.concat(parts);
  }

  it("gives back the page exactly, the stylesheet in one chunk or split over several", async () => {
    const page = `<html><head><style>${stylesheet}</style></head><body>${"<p>Hola, Ana</p>".repeat(300)}</body></html>`;
    const cuts = [
      [page],
      [page.slice(0, 30), page.slice(30, 2000), page.slice(2000, 9000), page.slice(9000)],
      Array.from({ length: Math.ceil(page.length / 997) }, (_, index) => page.slice(index * 997, (index + 1) * 997)),
    ];
    for (const chunks of cuts) {
      const gzipped = await gzipThrough(chunks, 1);
      expect(gunzipSync(gzipped).toString()).toBe(page);
      // The stylesheet's own deflated bytes are in the answer, as they were compressed once.
      expect(gzipped.indexOf(fixed.deflated)).toBeGreaterThan(0);
    }
  });

  it("compresses a page without the stylesheet all the same", async () => {
    const page = `<html><body>${"<p>Sin estilos</p>".repeat(200)}</body></html>`;
    expect(gunzipSync(await gzipThrough([page.slice(0, 100), page.slice(100)])).toString()).toBe(page);
    expect(gunzipSync(await gzipThrough([])).toString()).toBe("");
  });

  it("fills the hole a page carries instead of the stylesheet (decision 041), gzipped or as text", async () => {
    const holed = `<html><head><style>${hole}</style></head><body>${"<p>Hola, Ana</p>".repeat(300)}</body></html>`;
    const page = holed.replace(hole, stylesheet);
    for (const chunks of [[holed], [holed.slice(0, 25), holed.slice(25, 40), holed.slice(40)]]) {
      const gzipped = await gzipThrough(chunks, 0, true);
      expect(gunzipSync(gzipped).toString()).toBe(page);
      expect(gzipped.indexOf(fixed.deflated)).toBeGreaterThan(0);
      const filled = streamOf(chunks).pipeThrough(fillStylesheetHole(fixed));
      const parts: Buffer[] = [];
      for await (const part of filled) parts.push(Buffer.from(part));
      expect(Buffer.concat(parts).toString()).toBe(page);
    }
  });
});

describe("a gzipped page's first chunk", () => {
  it("is there to read at once with the header, then the rest in order, as the page gives it", async () => {
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        await new Promise((done) => setTimeout(done, 10));
        controller.enqueue(Buffer.from("<style>p{color:red}</style>uno "));
        await new Promise((done) => setTimeout(done, 30));
        controller.enqueue(Buffer.from("dos"));
        controller.close();
      },
    });
    const stylesheet = fixedText("p{color:red}");
    const reader = (await gzipAroundFixedText(source, stylesheet)).getReader();
    const atOnce = await Promise.race([reader.read(), new Promise((done) => setImmediate(() => done("nothing yet")))]);
    expect(atOnce).toMatchObject({ done: false });
    const parts = [Buffer.from((atOnce as ReadableStreamReadResult<Uint8Array>).value!)];
    // The gzip header and the page up to "uno ", with a sync flush: readable on its own.
    expect(parts[0]!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(Buffer.from(next.value));
    expect(parts.length).toBeGreaterThan(1);
    expect(gunzipSync(Buffer.concat(parts)).toString()).toBe("<style>p{color:red}</style>uno dos");
  });
});

describe("each route's own stylesheet (decision 080)", () => {
  const whole = ".a{color:red}.b{color:blue}.c{color:green}";
  const hole = "/*inline-stylesheet*/";
  const stylesheets = routeStylesheets(
    whole,
    { "routes/chapter": ".a{color:red}", "routes/personajes": ".b{color:blue}", "routes/eventos": ".b{color:blue}" },
    hole,
  );

  it("fills a page with its route's stylesheet, and any other page with the whole one", async () => {
    const page = (css: string) => `<html><head><style>${css}</style></head><body>Hola</body></html>`;
    const filled = async (routeId: string | null) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(page(hole)));
          controller.close();
        },
      });
      const gzipped = await gzipAroundFixedText(stream, stylesheets.forRoute(routeId), { inHole: true });
      const parts: Buffer[] = [];
      for await (const part of gzipped) parts.push(Buffer.from(part));
      return gunzipSync(Buffer.concat(parts)).toString();
    };
    expect(await filled("routes/chapter")).toBe(page(".a{color:red}"));
    expect(await filled("routes/personajes")).toBe(page(".b{color:blue}"));
    expect(await filled("routes/unknown")).toBe(page(whole));
    expect(await filled(null)).toBe(page(whole));
  });

  it("deflates a stylesheet two routes share only once", () => {
    expect(stylesheets.forRoute("routes/eventos")).toBe(stylesheets.forRoute("routes/personajes"));
    expect(stylesheets.forRoute("routes/chapter")).not.toBe(stylesheets.forRoute("routes/personajes"));
    expect(stylesheets.forRoute(undefined)).toBe(stylesheets.whole);
  });
});

import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createHtmlCache, visitorPageKey } from "./html-cache.ts";

const NONCE = "Zm9vYmFyYmF6cXV4MTIzNA==";
const page = (html = `<script nonce="${NONCE}">1</script><p>hola</p><script nonce="${NONCE}">2</script>`) => ({
  html,
  nonce: NONCE,
  status: 200,
  headers: new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" }),
});

describe("the visitors' page cache", () => {
  it("serves only visitors' page requests", () => {
    const cache = createHtmlCache();
    expect(cache.eligible("GET", "/", null)).toBe(true);
    expect(cache.eligible("GET", "/personajes", "tema=oscuro")).toBe(true);
    expect(cache.eligible("GET", "/", "better-auth.session_token=abc")).toBe(false);
    expect(cache.eligible("GET", "/", "__Secure-better-auth.session_token=abc")).toBe(false);
    expect(cache.eligible("POST", "/", null)).toBe(false);
    expect(cache.eligible("HEAD", "/", null)).toBe(false);
    expect(cache.eligible("GET", "/capitulos.data", null)).toBe(false);
    expect(cache.eligible("GET", "/api/live", null)).toBe(false);
    expect(cache.eligible("GET", "/healthz", null)).toBe(false);
    // A family's device: its navbar offers '¿Quién lee?', so its pages are its own (issue 39).
    expect(cache.eligible("GET", "/", "familia-dispositivo=abc.def")).toBe(false);
    expect(cache.eligible("GET", "/login", "analiticas=si; familia-dispositivo=abc")).toBe(false);
    expect(cache.eligible("GET", "/", "no-familia-dispositivo=abc")).toBe(true);
  });

  it("keeps visitors who answered the analytics banner differently apart", () => {
    const url = "http://s/personajes";
    const unanswered = visitorPageKey(url, null);
    expect(visitorPageKey(url, "tema=oscuro")).toBe(unanswered);
    expect(visitorPageKey(url, "analiticas=si")).not.toBe(unanswered);
    expect(visitorPageKey(url, "analiticas=no")).not.toBe(unanswered);
    expect(visitorPageKey(url, "analiticas=si")).not.toBe(visitorPageKey(url, "analiticas=no"));
    expect(visitorPageKey(`${url}?q=1`, null)).not.toBe(unanswered);
  });

  it("keeps visitors' reading settings apart, by their normalised value only (decision 076)", () => {
    const url = "http://s/salida-a-tzintzuntzan";
    const none = visitorPageKey(url, null);
    const dark = visitorPageKey(url, "lectura=normal.normal.normal.oscuro");
    expect(dark).not.toBe(none);
    expect(visitorPageKey(url, "analiticas=si; lectura=normal.normal.normal.oscuro")).not.toBe(dark);
    expect(visitorPageKey(url, "lectura=enorme.amplio.amplio.sepia")).not.toBe(dark);
    // The defaults, and a made-up value, are the page of a visitor who never chose.
    expect(visitorPageKey(url, "lectura=normal.normal.normal.claro")).toBe(none);
    expect(visitorPageKey(url, "lectura=gigante.x.y.z")).toBe(none);
    expect(visitorPageKey(url, `lectura=${"a".repeat(500)}`)).toBe(none);
  });

  it("gives every response its own nonce, everywhere the page had one", async () => {
    const cache = createHtmlCache();
    expect(cache.lookup("http://s/", "n1")).toBeNull();
    expect(cache.store("http://s/", cache.generation, page())).toBe(true);
    const first = cache.lookup("http://s/", "PRIMERO")!;
    const second = cache.lookup("http://s/", "SEGUNDO")!;
    expect(await first.text()).toBe(`<script nonce="PRIMERO">1</script><p>hola</p><script nonce="PRIMERO">2</script>`);
    expect(await second.text()).toBe(`<script nonce="SEGUNDO">1</script><p>hola</p><script nonce="SEGUNDO">2</script>`);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(first.headers.get("X-Cache")).toBe("hit");
    expect(cache.lookup("http://s/?q=1", "n")).toBeNull();
  });

  it("answers Brotli or gzip, compressed when kept, as the browser weighs them, and plain bytes otherwise", async () => {
    const cache = createHtmlCache({ brotliQuietMs: 0 });
    cache.store("http://s/", cache.generation, page());
    const nonce = "VEVSQ0VSTy1OT05DRS0xMg==";
    const expected = `<script nonce="${nonce}">1</script><p>hola</p><script nonce="${nonce}">2</script>`;
    const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
    // Gzip from the moment it is kept; Brotli once it is made, off the main thread.
    expect(cache.lookup("http://s/", nonce, "gzip, deflate, br, zstd")!.headers.get("Content-Encoding")).toBe("gzip");
    await cache.brotliDone();
    const brotli = cache.lookup("http://s/", nonce, "gzip, deflate, br, zstd")!;
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(await bodyOf(brotli)).toString()).toBe(expected);
    for (const acceptEncoding of ["br;q=0, gzip", "gzip", "gzip;q=1, br;q=0.5"]) {
      const gzipped = cache.lookup("http://s/", nonce, acceptEncoding)!;
      expect(gzipped.headers.get("Content-Encoding"), acceptEncoding).toBe("gzip");
      expect(gunzipSync(await bodyOf(gzipped)).toString()).toBe(expected);
    }
    for (const acceptEncoding of [null, "identity", "deflate", "br;q=0, gzip;q=0"]) {
      const plain = cache.lookup("http://s/", nonce, acceptEncoding)!;
      expect(plain.headers.get("Content-Encoding"), String(acceptEncoding)).toBeNull();
      expect(await plain.text()).toBe(expected);
    }
  });

  it("compresses a kept page at the maximum: no larger than gzip -9 of it, and Brotli smaller still", async () => {
    const cache = createHtmlCache({ brotliQuietMs: 0 });
    // Many nonces close together, as in a page's <head>, and more than gzip's window of text.
    const html =
      Array.from({ length: 20 }, (_, index) => `<link nonce="${NONCE}" href="/assets/m${index}.js"/>`).join("") +
      `<style nonce="${NONCE}">${Array.from({ length: 2000 }, (_, index) => `.c${index}{top:${index % 9}px}`).join("")}</style>` +
      `<script nonce="${NONCE}">go()</script>`;
    cache.store("http://s/", cache.generation, page(html));
    await cache.brotliDone();
    const nonce = "Q0FEQS1SRVNQVUVTVEEtMTY=";
    const whole = html.replaceAll(NONCE, nonce);
    const bytes = async (acceptEncoding: string) =>
      Buffer.from(await cache.lookup("http://s/", nonce, acceptEncoding)!.arrayBuffer());
    const gzipped = await bytes("gzip");
    expect(gunzipSync(gzipped).toString()).toBe(whole);
    // A few bytes for the nonces sent raw (two here).
    expect(gzipped.length).toBeLessThanOrEqual(gzipSync(whole, { level: 9 }).length + 64);
    expect((await bytes("br")).length).toBeLessThan(gzipped.length);
  });

  it("makes Brotli only for a page that stayed unchanged a quiet moment, in gzip until then (decision 089)", async () => {
    const cache = createHtmlCache({ brotliQuietMs: 200 });
    const brotliOf = () =>
      cache.lookup("http://s/", "UVVJRVRPLU1PTUVOVE8tMQ==", "gzip, br")!.headers.get("Content-Encoding");
    // A page that changes within the quiet moment, as the night's chapter with every comment.
    for (let change = 0; change < 3; change++) {
      cache.store("http://s/", cache.generation, page());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(brotliOf()).toBe("gzip");
      cache.clear();
    }
    cache.store("http://s/", cache.generation, page());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(brotliOf()).toBe("gzip");
    await cache.brotliDone();
    // Only the page that stayed was compressed: the three dropped ones cost no Brotli.
    expect(cache.stats.brotliCompressed).toBe(1);
    expect(brotliOf()).toBe("br");
  });

  it("keeps only complete visitor pages", () => {
    const cache = createHtmlCache();
    const generation = cache.generation;
    expect(cache.store("a", generation, { ...page(), status: 404 })).toBe(false);
    expect(cache.store("b", generation, { ...page(), headers: new Headers({ "Content-Type": "text/plain" }) })).toBe(
      false,
    );
    const withCookie = page();
    withCookie.headers.append("Set-Cookie", "x=1");
    expect(cache.store("c", generation, withCookie)).toBe(false);
    expect(cache.store("d", generation, { ...page(), nonce: "" })).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("never keeps a page rendered before a change was announced", () => {
    const cache = createHtmlCache();
    const renderedAt = cache.generation;
    cache.clear(); // a comment was posted while the page rendered
    expect(cache.store("http://s/", renderedAt, page())).toBe(false);
    expect(cache.lookup("http://s/", "n")).toBeNull();
  });

  it("is emptied by a write, but not by the page-view and unlock beacons", () => {
    const cache = createHtmlCache();
    cache.store("http://s/", cache.generation, page());
    cache.afterRequest("POST", "/api/page-view");
    cache.afterRequest("POST", "/api/unlocks");
    cache.afterRequest("GET", "/capitulos");
    expect(cache.size).toBe(1);
    cache.afterRequest("POST", "/tu-perfil");
    expect(cache.size).toBe(0);
    cache.store("http://s/", cache.generation, page());
    cache.afterRequest("DELETE", "/api/auth/delete-user");
    expect(cache.size).toBe(0);
  });

  it("forgets a page after its time and the least recently used beyond its size", () => {
    let now = 0;
    const cache = createHtmlCache({ maxEntries: 2, maxAgeMs: 1000, now: () => now });
    cache.store("a", cache.generation, page());
    cache.store("b", cache.generation, page());
    expect(cache.lookup("a", "n")).not.toBeNull(); // a is now the most recently used
    cache.store("c", cache.generation, page());
    expect(cache.lookup("b", "n")).toBeNull();
    expect(cache.lookup("a", "n")).not.toBeNull();
    now = 1001;
    expect(cache.lookup("a", "n")).toBeNull();
  });

  it("lets visitors wait for a render under way instead of starting their own", async () => {
    const cache = createHtmlCache();
    expect(await cache.awaitRender("http://s/")).toBe(false);
    const renderedAt = cache.generation;
    const done = cache.startRender("http://s/");
    let waited = false;
    const waiting = cache.awaitRender("http://s/").then((result) => (waited = result));
    await Promise.resolve();
    expect(waited).toBe(false);
    cache.store("http://s/", renderedAt, page());
    done();
    expect(await waiting).toBe(true);
    expect(cache.lookup("http://s/", "n")).not.toBeNull();
    // A render begun before a change serves nobody else.
    const stale = cache.startRender("http://s/otra");
    cache.clear();
    expect(await cache.awaitRender("http://s/otra")).toBe(false);
    stale();
  });
});

import { gunzipSync } from "node:zlib";
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

  it("answers gzip, already compressed, to a browser that takes it, and plain bytes otherwise", async () => {
    const cache = createHtmlCache();
    cache.store("http://s/", cache.generation, page());
    const expected = `<script nonce="TERCERO">1</script><p>hola</p><script nonce="TERCERO">2</script>`;
    const gzipped = cache.lookup("http://s/", "TERCERO", "gzip, deflate, br, zstd")!;
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("Vary")).toContain("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(expected);
    const plain = cache.lookup("http://s/", "TERCERO", "br")!;
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(expected);
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

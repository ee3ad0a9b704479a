import { consentFromCookies } from "../app/lib/consent-cookie.ts";
import { hasFamilyDeviceCookie } from "../app/lib/family-device-cookie.ts";
import { readingSettingsCacheKey } from "../app/lib/reading-settings-cookie.ts";
import { hasSessionCookie } from "./html-cache-control.ts";
import { inlineHashes, type InlineHashes } from "./shared-visitor-page.ts";
import { chooseEncoding } from "./accept-encoding.ts";
import { compressBrotli, encodedPage, filledPage, pageCodings, splicePage, type SplicedPage } from "./spliced-page.ts";

/**
 * Visitors' pages from memory (issue 14, decision 013). A page for a browser without a session is
 * the same for every visitor but for its CSP nonce, so the first render of a URL is kept, with
 * the nonce cut out, and later visitors get it with a fresh nonce put back in: no loaders, no
 * React render. Signed-in pages always render fresh.
 *
 * An entry is dropped when content may have changed: on every live notification (comments,
 * characters, admins) and every database notice about the book's content or comments, which
 * every instance hears through PostgreSQL (Services.onVisitorPagesChanged), on every write
 * handled by this instance (any request but GET/HEAD outside the page-view and unlock beacons),
 * and after `maxAgeMs` at most (the date on the events page, a change no notice covers). A render
 * that began before a change is never stored after it (`generation`).
 *
 * Visitors who ask for a page while its render is under way wait for that one render instead of
 * starting their own (after each change, a crowd of readers would otherwise render it at once).
 *
 * A kept page is compressed once, at the maximum (spliced-page.ts, decision 058): gzip when it is
 * stored, Brotli (~0.1 s of CPU for a chapter page) once it has stayed unchanged for
 * `brotliQuietMs`, in libuv's threads, one page at a time so that a cleared cache refilling never
 * takes both cores; until then it goes out in gzip. A page that changes sooner (a chapter on the
 * night, its comments coming every second or two) never pays for Brotli: compressed at every
 * change, on each instance, it cost more CPU than handing the change to 2,500 readers, and took
 * it from the next comment's hand-out (decision 089).
 */
export type HtmlCache = ReturnType<typeof createHtmlCache>;

type Entry = {
  page: SplicedPage;
  status: number;
  headers: [string, string][];
  storedAt: number;
  /** Its inline scripts and styles by hash, for a response shared by every visitor (shared-visitor-page.ts). */
  hashes: InlineHashes | null;
};

export const HTML_CACHE_HEADER = "X-Cache";

/** How long a kept page must stay unchanged before it is compressed in Brotli (decision 089). */
export const BROTLI_QUIET_MS = 2000;

/** A Buffer as a response body: a view of its bytes, not a copy. */
const bodyOf = (bytes: Buffer) => new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);

/**
 * The cache key of a visitor's page: its URL plus every cookie a visitor's page is rendered
 * from: the analytics answer (the banner and Google's tag are rendered on the server from it) and
 * the reading settings of a chapter page ('Aa', decision 076: normalised, so at most 36 kinds of
 * page per address, and the defaults share the page of visitors who never chose). A new cookie
 * read by a visitor's page must be added here, or one visitor's answer would be served to the next. (A family's device's cookie is not: its pages are never
 * kept at all, see `eligible`.)
 */
export function visitorPageKey(url: string, cookieHeader: string | null): string {
  return `${url}\nanaliticas=${consentFromCookies(cookieHeader) ?? ""}\nlectura=${readingSettingsCacheKey(cookieHeader)}`;
}

/** Requests that write nothing a page shows: they must not empty the cache on every page load. */
const HARMLESS_WRITES = new Set([
  "/api/page-view",
  "/api/unlocks",
  // A reader's own settings and place (decision 076): the settings are in the page's key, the
  // place shows on signed-in pages only, which are never kept.
  "/api/lectura",
]);

/**
 * Whether this request's answer may come from, or go into, the cache. Not a family's device's
 * (its navbar offers '¿Quién lee?'): few devices, each rendered fresh, and every other
 * visitor's page stays the same for all.
 */
function eligibleForCache(method: string, path: string, cookieHeader: string | null): boolean {
  return (
    method === "GET" &&
    !hasSessionCookie(cookieHeader) &&
    !hasFamilyDeviceCookie(cookieHeader) &&
    !path.endsWith(".data") &&
    !path.startsWith("/api/") &&
    path !== "/healthz" &&
    path !== "/readyz"
  );
}

/** A kept page's response with `nonce` put in, encoded as `acceptEncoding` weighs its codings (`lookup`). */
function keptPageResponse(entry: Entry, nonce: string, acceptEncoding: string | null): Response {
  const headers = new Headers(entry.headers);
  headers.set(HTML_CACHE_HEADER, "hit");
  const vary = headers.get("Vary");
  if (!vary?.toLowerCase().includes("accept-encoding"))
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const coding = chooseEncoding(acceptEncoding, pageCodings(entry.page, nonce));
  if (!coding) return new Response(bodyOf(filledPage(entry.page, nonce)), { status: entry.status, headers });
  headers.set("Content-Encoding", coding);
  return new Response(bodyOf(encodedPage(entry.page, coding, nonce)), { status: entry.status, headers });
}

/**
 * The entry to keep for a freshly rendered page, or null when it may not be kept: only a complete
 * 200 HTML page that sets no cookie (`store`).
 */
function entryToKeep(
  page: { html: string; nonce: string; status: number; headers: Headers },
  now: () => number,
): Entry | null {
  if (page.status !== 200 || !page.nonce) return null;
  if (!page.headers.get("Content-Type")?.startsWith("text/html") || page.headers.has("Set-Cookie")) return null;
  // Length and encoding are each response's own (lookup encodes it, or not).
  const perResponse = new Set([HTML_CACHE_HEADER.toLowerCase(), "content-length", "content-encoding"]);
  const headers = [...page.headers].filter(([name]) => !perResponse.has(name.toLowerCase()));
  return {
    page: splicePage(page.html, page.nonce),
    status: page.status,
    headers,
    storedAt: now(),
    hashes: inlineHashes(page.html, page.nonce),
  };
}

/**
 * Brotli for kept pages, one at a time, each once it has been kept `quietMs`; a page dropped
 * meanwhile (no longer `isKept`) is skipped.
 */
function brotliQueue(
  isKept: (key: string, entry: Entry) => boolean,
  quietMs: number,
  stats: { brotliCompressed: number },
) {
  let queue = Promise.resolve();
  const waiting = new Set<Promise<void>>();
  const compress = (key: string, entry: Entry) => {
    queue = queue
      .then(() => {
        if (!isKept(key, entry)) return;
        return compressBrotli(entry.page).then(() => {
          if (entry.page.br) stats.brotliCompressed++;
        });
      })
      // A page Brotli failed on simply keeps going out in gzip; the pages after it still get theirs.
      .catch(() => {});
  };
  return {
    compressLater(key: string, entry: Entry) {
      const wait = new Promise<void>((resolve) => setTimeout(resolve, quietMs).unref()).then(() => {
        waiting.delete(wait);
        if (isKept(key, entry)) compress(key, entry);
      });
      waiting.add(wait);
    },
    async done() {
      while (waiting.size > 0) await Promise.all(waiting);
      await queue;
    },
  };
}

export function createHtmlCache({
  maxEntries = 256,
  maxAgeMs = 30_000,
  now = () => performance.now(),
  brotliQuietMs = BROTLI_QUIET_MS,
}: { maxEntries?: number; maxAgeMs?: number; now?: () => number; brotliQuietMs?: number } = {}) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, { generation: number; done: Promise<void> }>();
  let generation = 0;
  const stats = { hits: 0, misses: 0, stores: 0, clears: 0, brotliCompressed: 0 };
  const brotli = brotliQueue((key, entry) => entries.get(key) === entry, brotliQuietMs, stats);
  const clear = () => {
    generation++;
    stats.clears++;
    entries.clear();
  };

  return {
    stats,
    get size() {
      return entries.size;
    },
    /** Taken before rendering and handed back to `store`. */
    get generation() {
      return generation;
    },

    eligible: eligibleForCache,

    /** Marks `key` as being rendered; call the returned function once the render is over. */
    startRender(key: string): () => void {
      let finish = () => {};
      const render = { generation, done: new Promise<void>((resolve) => (finish = resolve)) };
      rendering.set(key, render);
      return () => {
        if (rendering.get(key) === render) rendering.delete(key);
        finish();
      };
    },

    /** Waits for a render of `key` under way since the last change; false when there is none. */
    async awaitRender(key: string): Promise<boolean> {
      const render = rendering.get(key);
      if (!render || render.generation !== generation) return false;
      await render.done;
      return true;
    },

    /**
     * The kept page for `key` with `nonce` put in, or null: in Brotli or gzip as `acceptEncoding`
     * weighs them (the smaller on a tie), from what was compressed when it was stored
     * (spliced-page.ts), else plain (compress() may still gzip it on its way out).
     */
    lookup(key: string, nonce: string, acceptEncoding: string | null = null): Response | null {
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt > maxAgeMs) {
        if (entry) entries.delete(key);
        stats.misses++;
        return null;
      }
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
      entries.set(key, entry);
      stats.hits++;
      return keptPageResponse(entry, nonce, acceptEncoding);
    },

    /**
     * Keeps a freshly rendered visitor page, unless content changed while it rendered. Only a
     * complete 200 HTML page that sets no cookie and is meant for visitors (`cacheControl`).
     */
    store(
      key: string,
      renderedAt: number,
      page: { html: string; nonce: string; status: number; headers: Headers },
    ): boolean {
      if (renderedAt !== generation) return false;
      const entry = entryToKeep(page, now);
      if (!entry) return false;
      entries.delete(key);
      entries.set(key, entry);
      brotli.compressLater(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      stats.stores++;
      return true;
    },

    /** Settles once every page stored so far has its Brotli encoding (or was dropped first): after the quiet wait. */
    brotliDone(): Promise<void> {
      return brotli.done();
    },

    /** The inline hashes of the page kept for `key` (null: none kept, or it cannot be shared). */
    hashesOf(key: string): InlineHashes | null {
      return entries.get(key)?.hashes ?? null;
    },

    /** After a request of `method` to `path` was handled: a write empties the cache. */
    afterRequest(method: string, path: string) {
      if (method !== "GET" && method !== "HEAD" && !HARMLESS_WRITES.has(path)) clear();
    },

    clear,
  };
}

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Handler } from "hono";
import type { createRequestHandler } from "react-router";
import { INTERNAL_HEADERS } from "../app/lib/request.server.ts";
import { NO_READER, TRAVEL_OWNER_HEADER } from "../app/lib/travel-copy.ts";
import type { SiteMetrics } from "../app/lib/metrics.server.ts";
import type { AppEnv } from "./app-env.ts";
import { forwardedView } from "./forwarded.ts";
import { htmlCacheControl, VISITOR_HTML } from "./html-cache-control.ts";
import { HTML_CACHE_HEADER, type HtmlCache, visitorPageKey } from "./html-cache.ts";
import { loadedReactBuild } from "./react-build.ts";
import { acceptsGzip, type fixedText } from "./spliced-gzip.ts";
import { asksForSharedPage, inlineHashes } from "./shared-visitor-page.ts";

type PageOptions = {
  handleRequest: ReturnType<typeof createRequestHandler>;
  htmlCache: HtmlCache | undefined;
  metrics: SiteMetrics | undefined;
  trustProxy: number | undefined;
  sharedPageSeconds: number;
  stylesheet: ReturnType<typeof fixedText> | null;
};

/**
 * Every page and form, rendered by React Router: a visitor's page from the page cache when it is
 * kept there (another visitor's render under way serves this one too), otherwise rendered with
 * the request's nonce, id and client address passed in internal headers, and kept when it may be.
 */
export function reactPages({
  handleRequest,
  htmlCache,
  metrics,
  trustProxy,
  sharedPageSeconds,
  stylesheet,
}: PageOptions): Handler<AppEnv> {
  return async (c) => {
    const raw = c.req.raw;
    const nonce = c.get("secureHeadersNonce") ?? "";
    // The client's address and the URL the browser asked for: the socket's, or (TRUST_PROXY)
    // what the trusted proxies report, so that origin checks see the public https origin.
    const { clientIp, url } = forwardedView(raw.url, raw.headers, getConnInfo(c).remote.address, trustProxy);
    const cacheable = htmlCache?.eligible(raw.method, c.req.path, raw.headers.get("Cookie")) ?? false;
    const cacheKey = visitorPageKey(url, raw.headers.get("Cookie"));
    const shareable = cacheable && sharedPageSeconds > 0 && asksForSharedPage(raw.method, raw.headers);
    if (cacheable) {
      const acceptEncoding = raw.headers.get("Accept-Encoding");
      let kept = htmlCache!.lookup(cacheKey, nonce, acceptEncoding);
      // Another visitor's render of this page is under way: its result serves this one too.
      if (!kept && (await htmlCache!.awaitRender(cacheKey))) kept = htmlCache!.lookup(cacheKey, nonce, acceptEncoding);
      metrics?.htmlCache.inc({ result: kept ? "hit" : "miss" });
      if (kept) {
        const hashes = shareable ? htmlCache!.hashesOf(cacheKey) : null;
        if (hashes) c.set("sharedPage", hashes);
        // Kept pages are served only to requests without a session: nobody's (decision 075).
        kept.headers.set(TRAVEL_OWNER_HEADER, NO_READER);
        return kept;
      }
    }
    const generation = htmlCache?.generation ?? 0;
    const renderDone = cacheable ? htmlCache!.startRender(cacheKey) : undefined;

    const headers = new Headers(raw.headers);
    for (const name of Object.values(INTERNAL_HEADERS)) headers.delete(name);
    headers.set(INTERNAL_HEADERS.nonce, nonce);
    headers.set(INTERNAL_HEADERS.requestId, c.get("requestId"));
    headers.set(INTERNAL_HEADERS.clientIp, clientIp);
    if (!c.req.path.endsWith(".data")) headers.set(INTERNAL_HEADERS.documentRequest, "1");
    // A page rendered for this request alone, to be gzipped here: it carries only a hole where
    // the stylesheet goes, filled with its deflated bytes on the way out (decision 041). Never
    // for a page the visitors' cache keeps whole.
    if (stylesheet?.hole && !cacheable && raw.method === "GET" && acceptsGzip(raw.headers.get("Accept-Encoding"))) {
      headers.set(INTERNAL_HEADERS.stylesheetHole, "1");
      c.set("stylesheetHole", true);
    }
    const request = new Request(url, {
      method: raw.method,
      headers,
      body: raw.method === "GET" || raw.method === "HEAD" ? undefined : raw.body,
      signal: raw.signal,
      // @ts-expect-error Node needs duplex for streamed request bodies.
      duplex: "half",
    });
    try {
      let response: Response;
      try {
        response = await handleRequest(request);
      } finally {
        // A write may have changed what visitors' pages show.
        htmlCache?.afterRequest(raw.method, c.req.path);
      }
      // Which React build renders the pages (issue 14: the development one is twice as slow).
      if (c.req.path === "/healthz") response.headers.set("X-React-Build", loadedReactBuild());
      // Visitors' pages may stay in the back/forward cache; signed-in pages are never stored.
      const cacheControl = htmlCacheControl(raw.headers, response.headers);
      if (cacheControl) response.headers.set("Cache-Control", cacheControl);
      if (cacheable && cacheControl === VISITOR_HTML && response.status === 200) {
        // The whole page is needed to keep it; only the first visitor of a URL waits for all of it.
        const html = await response.text();
        const stored = htmlCache!.store(cacheKey, generation, {
          html,
          nonce,
          status: response.status,
          headers: response.headers,
        });
        response.headers.set(HTML_CACHE_HEADER, "miss");
        // Hashed once: kept with the page when it was stored, else here.
        const hashes = shareable ? (stored ? htmlCache!.hashesOf(cacheKey) : inlineHashes(html, nonce)) : null;
        if (hashes) c.set("sharedPage", hashes);
        return new Response(html, { status: response.status, headers: response.headers });
      }
      return response;
    } finally {
      // Visitors waiting for this render now find it kept (or render their own).
      renderDone?.();
    }
  };
}

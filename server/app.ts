import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId, type RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { INTERNAL_HEADERS } from "../app/lib/request.server.ts";
import type { log } from "../app/lib/log.server.ts";
import { forwardedView } from "./forwarded.ts";
import { siteSecurityHeaders } from "./security-headers.ts";

const MAX_BODY_BYTES = 256 * 1024;

export type AppOptions = {
  build: ServerBuild;
  clientDir: string;
  siteUrl: string;
  analytics: boolean;
  /** TRUST_PROXY: how many reverse proxies to believe (server/forwarded.ts); unset trusts none. */
  trustProxy?: number;
  mode?: "production" | "development";
  logger: Pick<typeof log, "info" | "error">;
};

export function createApp({
  build,
  clientDir,
  siteUrl,
  analytics,
  trustProxy,
  mode = "production",
  logger,
}: AppOptions) {
  const handleRequest = createRequestHandler(build, mode);
  const app = new Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }>();

  // A request id (a proxy's X-Request-Id is kept so both logs share it) and the security headers
  // with a fresh CSP nonce: every response, static files included.
  app.use(requestId());
  app.use(siteSecurityHeaders({ analytics, https: siteUrl.startsWith("https:") }));

  // One JSON access-log line per request (hashed assets excepted: they would drown the rest).
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // requestId() set it before the app answered; the app's own Response replaces those headers.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const path = c.req.path;
    if (path.startsWith("/assets/")) return;
    logger.info("request", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.use(compress());
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.text("La solicitud es demasiado grande.", 413),
    }),
  );

  // Hashed build assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );

  app.all("*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    for (const name of Object.values(INTERNAL_HEADERS)) headers.delete(name);
    headers.set(INTERNAL_HEADERS.nonce, c.get("secureHeadersNonce") ?? "");
    headers.set(INTERNAL_HEADERS.requestId, c.get("requestId"));
    const raw = c.req.raw;
    // The client's address and the URL the browser asked for: the socket's, or (TRUST_PROXY)
    // what the trusted proxies report, so that origin checks see the public https origin.
    const { clientIp, url } = forwardedView(raw.url, raw.headers, getConnInfo(c).remote.address, trustProxy);
    headers.set(INTERNAL_HEADERS.clientIp, clientIp);
    const request = new Request(url, {
      method: raw.method,
      headers,
      body: raw.method === "GET" || raw.method === "HEAD" ? undefined : raw.body,
      signal: raw.signal,
      // @ts-expect-error Node needs duplex for streamed request bodies.
      duplex: "half",
    });
    const response = await handleRequest(request);
    // Pages are personal (session) and change: never cached by the browser or a proxy.
    if (response.headers.get("Content-Type")?.startsWith("text/html") && !response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", "no-store");
    }
    return response;
  });

  app.onError((error, c) => {
    logger.error("unhandled server error", { requestId: c.get("requestId"), error });
    return c.text("Ocurrió un error inesperado. Intenta de nuevo en un momento.", 500);
  });

  return app;
}

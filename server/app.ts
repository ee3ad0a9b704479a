import { randomBytes, randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { securityHeaders } from "./security-headers.ts";

/** Internal headers the app reads; any copy a client sends is dropped. */
export const INTERNAL_HEADERS = { nonce: "x-csp-nonce", requestId: "x-request-id", clientIp: "x-client-ip" } as const;

const MAX_BODY_BYTES = 256 * 1024;

type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type AppOptions = {
  build: ServerBuild;
  clientDir: string;
  siteUrl: string;
  analytics: boolean;
  mode?: "production" | "development";
  logger: Logger;
};

export function createApp({ build, clientDir, siteUrl, analytics, mode = "production", logger }: AppOptions) {
  const handleRequest = createRequestHandler(build, mode);
  const https = siteUrl.startsWith("https:");
  const app = new Hono<{ Variables: { requestId: string; nonce: string } }>();

  // Request id, structured access log, security headers: every response, static files included.
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const nonce = randomBytes(16).toString("base64");
    c.set("requestId", requestId);
    c.set("nonce", nonce);
    await next();
    for (const [name, value] of Object.entries(securityHeaders({ nonce, analytics, https }))) c.header(name, value);
    c.header("X-Request-Id", requestId);
    const path = new URL(c.req.url).pathname;
    if (!path.startsWith("/assets/")) {
      logger.info("request", {
        requestId,
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
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
    headers.set(INTERNAL_HEADERS.nonce, c.get("nonce"));
    headers.set(INTERNAL_HEADERS.requestId, c.get("requestId"));
    // The socket's address, not a header a client could forge.
    headers.set(INTERNAL_HEADERS.clientIp, getConnInfo(c).remote.address ?? "unknown");
    const raw = c.req.raw;
    const request = new Request(raw.url, {
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

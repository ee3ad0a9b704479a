import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import type { log } from "../app/lib/log.server.ts";
import type { HtmlCache } from "./html-cache.ts";
import { methodLabel, type SiteMetrics } from "../app/lib/metrics.server.ts";
import { metricsEndpoint } from "./metrics-endpoint.ts";
import { routeLabeler } from "./route-label.ts";
import { chooseRequestId } from "./request-id.ts";
import { refuseUnservableRequests } from "./request-target.ts";
import { IMMUTABLE } from "./static-assets.ts";
import { STORAGE_FULL_MESSAGE, storageFailedSince } from "../app/lib/storage-health.server.ts";
import { runInRequest } from "./request-context.ts";
import { namesAFile } from "./public-files.ts";
import { siteSecurityHeaders } from "./security-headers.ts";
import { reactPages } from "./react-pages.ts";
import { INTERNAL_RESPONSE_HEADERS } from "../app/lib/request.server.ts";
import {
  acceptsGzip,
  fillStylesheetHole,
  gzipAroundFixedText,
  routeStylesheets,
  type RouteStylesheets,
} from "./spliced-gzip.ts";
import { shareVisitorPage } from "./shared-visitor-page.ts";
import type { AppEnv } from "./app-env.ts";

const MAX_BODY_BYTES = 256 * 1024;
/** Image uploads (PNG/JPEG/WebP up to 5 MB) plus the multipart envelope; the app checks the 5 MB itself. */
const UPLOAD_PATH = "/adminpanel/imagenes";
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
/**
 * The admin glossary's form, which may carry a recorded pronunciation (up to 300 KB, checked by
 * the app: decision 077), posted to the page or, from a fetcher, to its `.data` address.
 */
const GLOSSARY_FORM_PATHS = new Set(["/adminpanel/glosario", "/adminpanel/glosario.data"]);
const MAX_GLOSSARY_FORM_BYTES = 400 * 1024;
/**
 * A chapter's narration, uploaded in its authors' page (up to 12 MB, checked by the app:
 * decision 078), to the page or its `.data` address.
 */
const NARRATION_FORM_PATH = /^\/adminpanel\/capitulos\/[^/]+\/narracion(\.data)?$/;
const MAX_NARRATION_FORM_BYTES = 12 * 1024 * 1024 + 64 * 1024;

/**
 * Liveness and readiness probes (DESIGN.md), and a scraper's `/metrics`: logged at debug, not at
 * info every few seconds, and not counted as readers' requests. Known by the route that answers
 * them, as the router matches it, so `/HEALTHZ` or `/healthz.data` are probes too (they were
 * counted as `routes/healthz` requests, and the metrics spec failed after the access matrix's
 * spellings on the same site).
 */
const HEALTH_PROBE_ROUTES = new Set(["routes/healthz", "routes/readyz"]);
const isHealthProbe = (path: string, route: string) => path === "/metrics" || HEALTH_PROBE_ROUTES.has(route);

export type AppOptions = {
  build: ServerBuild;
  clientDir: string;
  siteUrl: string;
  analytics: boolean;
  /** TRUST_PROXY: how many reverse proxies to believe (server/forwarded.ts); unset trusts none. */
  trustProxy?: number;
  mode?: "production" | "development";
  /** Visitors' pages from memory (server/html-cache.ts); without it every page renders. */
  htmlCache?: HtmlCache;
  logger: Pick<typeof log, "debug" | "info" | "error">;
  /**
   * Tests only (TEST_CRASH_PATH): a request to this path throws where nothing catches it, as a
   * bug in a stream callback would, to prove the instance logs it, exits and comes back.
   */
  crashPathForTests?: string;
  /** Tests only: a path whose request blocks the event loop for good (server/watchdog.ts ends it). */
  stallPathForTests?: string;
  /** Requests, page-cache results (server/metrics-endpoint.ts serves them). */
  metrics?: SiteMetrics;
  /** METRICS_TOKEN: `/metrics` on the site's own port for a scraper that sends it as a bearer token. */
  metricsToken?: string;
  /** How long a CDN may keep a cookie-less visitor's page (HTML_CACHE_SECONDS; 0: never). */
  sharedPageSeconds?: number;
  /** The stylesheet every page carries inline: compressed once, not in every page (spliced-gzip.ts). */
  inlineStylesheet?: string;
  /** Each route's own, which its pages carry instead (decision 080); absent from older builds. */
  inlineStylesheets?: Record<string, string>;
  /** What the build renders in its place when asked (decision 041); the server then fills it in. */
  inlineStylesheetHole?: string;
};

/**
 * The site's HTTP app, in the order every request meets it: its id and security headers, the
 * access log, the full-disk answer, refusals, compression, body limits, static files, then the
 * pages (server/react-pages.ts).
 */
export function createApp({
  build,
  clientDir,
  siteUrl,
  analytics,
  trustProxy,
  mode = "production",
  logger,
  htmlCache,
  crashPathForTests,
  stallPathForTests,
  metrics,
  metricsToken,
  sharedPageSeconds = 0,
  inlineStylesheet,
  inlineStylesheets,
  inlineStylesheetHole,
}: AppOptions) {
  const handleRequest = createRequestHandler(build, mode);
  const routeOf = routeLabeler(build.routes);
  const app = new Hono<AppEnv>();

  // A request id (a trusted proxy's well-formed X-Request-Id is kept so both logs share it) and
  // the security headers with a fresh CSP nonce: every response, static files included.
  app.use(requestId({ headerName: "", generator: (c) => chooseRequestId(c.req.header("X-Request-Id"), trustProxy) }));
  // Everything done for a request, down to its stream callbacks, knows the request's id.
  app.use((c, next) => runInRequest(c.get("requestId"), next));
  // A page every visitor may share (a CDN's): once the security headers are set, its nonce
  // gives way to the hashes of its inline code (server/shared-visitor-page.ts).
  app.use(async (c, next) => {
    await next();
    const hashes = c.get("sharedPage");
    if (hashes) shareVisitorPage(c.res.headers, hashes, sharedPageSeconds);
  });
  app.use(siteSecurityHeaders({ analytics, https: siteUrl.startsWith("https:") }));

  app.use(accessLog(logger, metrics, routeOf));

  app.use(storageFullAnswer);

  // A method or an address no page can serve: a 405 or 400 here, never a 500 further in.
  app.use(refuseUnservableRequests);

  addFaultsForTests(app, { crashPathForTests, stallPathForTests });

  // Not a page: a scraper's, with METRICS_TOKEN (without it, the 404 page as for any unknown path).
  if (metrics && metricsToken) app.use("/metrics", metricsEndpoint(metrics, metricsToken));

  app.use(compress());
  const stylesheets = inlineStylesheet
    ? routeStylesheets(inlineStylesheet, inlineStylesheets, inlineStylesheetHole)
    : null;
  if (stylesheets) app.use(stylesheetSplicedGzip(stylesheets));
  app.use(requestBodyLimits());

  serveBuildFiles(app, clientDir);

  app.all(
    "*",
    reactPages({
      handleRequest,
      htmlCache,
      metrics,
      trustProxy,
      sharedPageSeconds,
      stylesheet: stylesheets?.whole ?? null,
    }),
  );

  app.onError((error, c) => {
    logger.error("unhandled server error", { requestId: c.get("requestId"), error });
    return c.text("Ocurrió un error inesperado. Intenta de nuevo en un momento.", 500);
  });

  return app;
}

/**
 * Tests only: a path that throws where nothing catches it, and one that blocks the event loop
 * for good (AppOptions explains both).
 */
function addFaultsForTests(
  app: Hono<AppEnv>,
  { crashPathForTests, stallPathForTests }: Pick<AppOptions, "crashPathForTests" | "stallPathForTests">,
) {
  if (crashPathForTests) {
    app.get(crashPathForTests, (c) => {
      setImmediate(() => {
        throw new Error("a fault injected by a test");
      });
      return c.text("ok");
    });
  }

  if (stallPathForTests) {
    app.get(stallPathForTests, () => {
      // What a database spinning on a full disk did to the main thread (issue 41).
      for (;;);
    });
  }
}

/**
 * The most a request's body may weigh, by where it goes: an image upload, the glossary's form
 * and a chapter's narration may be larger than any other form. A 413 beyond it.
 */
function requestBodyLimits(): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Parameters<Parameters<typeof bodyLimit>[0]["onError"] & object>[0]) =>
    c.text("La solicitud es demasiado grande.", 413);
  const formLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: tooLarge });
  const glossaryFormLimit = bodyLimit({ maxSize: MAX_GLOSSARY_FORM_BYTES, onError: tooLarge });
  const narrationFormLimit = bodyLimit({ maxSize: MAX_NARRATION_FORM_BYTES, onError: tooLarge });
  return (c, next) =>
    c.req.path === UPLOAD_PATH
      ? uploadLimit(c, next)
      : GLOSSARY_FORM_PATHS.has(c.req.path)
        ? glossaryFormLimit(c, next)
        : NARRATION_FORM_PATH.test(c.req.path)
          ? narrationFormLimit(c, next)
          : formLimit(c, next);
}

/**
 * One JSON access-log line per request (hashed assets excepted: they would drown the rest), and
 * the request metrics.
 */
function accessLog(
  logger: AppOptions["logger"],
  metrics: SiteMetrics | undefined,
  routeOf: (path: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // requestId() set it before the app answered; the app's own Response replaces those headers.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const path = c.req.path;
    // A refused address is not matched against the routes: React Router warns on a broken one.
    const route = c.get("refused")
      ? "refused"
      : path.startsWith("/assets/")
        ? "assets"
        : c.get("staticFile")
          ? "static"
          : routeOf(path);
    // Health probes are not requests of readers: a /readyz 503 while an instance starts or drains
    // is its answer, not an error (site_ready shows it), and a proxy's checks every 2 s would
    // outnumber the readers of a quiet night.
    const probe = isHealthProbe(path, route);
    if (metrics && !probe) {
      const method = methodLabel(c.req.method);
      metrics.requests.inc({ route, method, status: `${Math.floor(c.res.status / 100)}xx` });
      metrics.requestSeconds.observe({ route, method }, (performance.now() - started) / 1000);
    }
    if (path.startsWith("/assets/")) return;
    // A proxy's or supervisor's health checks come every few seconds: kept out of the info log.
    (probe ? logger.debug : logger.info)("request", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

/**
 * A write that failed for lack of storage (a full disk): a 503 the reader can understand, with
 * Retry-After, never a 500 (docs/decisions/072). Nothing was stored: the write failed whole.
 */
const storageFullAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  if (c.res.status < 500 || !storageFailedSince(started)) return;
  const headers = { "Retry-After": "60", "Cache-Control": "no-store" };
  const wantsJson = c.req.path.startsWith("/api/") || (c.req.header("Accept") ?? "").includes("application/json");
  c.res = undefined;
  c.res = wantsJson
    ? c.json({ code: "STORAGE_UNAVAILABLE", message: STORAGE_FULL_MESSAGE }, 503, headers)
    : c.html(storageFullPage(), 503, headers);
};

/**
 * Pages rendered for one reader: gzip with the inline stylesheet deflated once, not per page.
 * Runs before compress() sees the response, which then leaves it as it is.
 */
function stylesheetSplicedGzip(stylesheets: RouteStylesheets): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    // The route whose stylesheet the page carries: the app's word to this server alone.
    const stylesheet = stylesheets.forRoute(response.headers.get(INTERNAL_RESPONSE_HEADERS.stylesheetRoute));
    response.headers.delete(INTERNAL_RESPONSE_HEADERS.stylesheetRoute);
    const inHole = c.get("stylesheetHole") === true;
    if (
      c.req.method === "HEAD" ||
      response.status === 206 ||
      !response.body ||
      response.headers.has("Content-Encoding") ||
      !response.headers.get("Content-Type")?.startsWith("text/html") ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get("Cache-Control") ?? "") ||
      !acceptsGzip(c.req.header("Accept-Encoding") ?? null)
    ) {
      // The page carries the stylesheet's hole but is not gzipped after all: filled in as text.
      if (inHole && response.body && response.headers.get("Content-Type")?.startsWith("text/html"))
        c.res = new Response(response.body.pipeThrough(fillStylesheetHole(stylesheet)), response);
      return;
    }
    const gzipped = await gzipAroundFixedText(response.body, stylesheet, { inHole });
    c.res = new Response(gzipped, response);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const vary = c.res.headers.get("Vary");
    if (!vary) c.res.headers.set("Vary", "Accept-Encoding");
    else if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary) && vary !== "*")
      c.res.headers.set("Vary", `${vary}, Accept-Encoding`);
  };
}

/**
 * Hashed build assets (cached for a year: they never change; server/main.ts answers them before
 * the app, static-assets.ts, so this serves them where the app runs alone) and the public files.
 */
function serveBuildFiles(app: Hono<AppEnv>, clientDir: string) {
  // Hashed build assets never change: cache them for a year. server/main.ts answers them before
  // the app (static-assets.ts); this serves them where the app runs alone.
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", IMMUTABLE);
        c.set("staticFile", true);
      },
    }),
  );
  const publicFiles = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=3600");
      c.set("staticFile", true);
    },
  });
  // Only a path that names a file is looked for on disk: a page's (/, /personajes) never is, and
  // the look-up (a stat and its precompressed twins) was ~5% of a signed-in page's CPU.
  app.use("*", (c, next) => (namesAFile(c.req.path) ? publicFiles(c, next) : next()));
}

/** A whole page, as small as can be: the app's own may be what cannot be rendered. */
const storageFullPage = () =>
  `<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No se pudo guardar</title><main><h1>No se pudo guardar</h1><p role="alert">${STORAGE_FULL_MESSAGE}</p><p><a href="/">Volver al inicio</a></p></main></html>`;

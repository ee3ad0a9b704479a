// First: NODE_ENV must be set before anything loads React.
import "./production-env.ts";
// Second: every log line names this instance.
import "./log-instance.ts";
import { existsSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { log } from "../app/lib/log.server.ts";
import { restrictNewFilesToOwner } from "../app/lib/private-files.server.ts";
import {
  endLiveStreams,
  holdReadiness,
  isDraining,
  openLiveStreams,
  startDraining,
} from "../app/lib/readiness.server.ts";
import type { ConnectionLimiter } from "../app/lib/connection-limiter.server.ts";
import { createLiveFeed, START_HOLD_MS } from "../app/lib/live-feed.server.ts";
import type { LiveHub } from "../app/lib/live-hub.server.ts";
import { createApp } from "./app.ts";
import { createHtmlCache } from "./html-cache.ts";
import { methodLabel, type SiteMetrics } from "../app/lib/metrics.server.ts";
import { metricsResponse } from "./metrics-endpoint.ts";
import { exitWhenListenFails } from "./listen-failure.ts";
import { createLiveFeedH2c } from "./live-feed-h2c.ts";
import { liveFeedHandler } from "./live-feed-response.ts";
import { loadedReactBuild } from "./react-build.ts";
import { currentRequestId } from "./request-context.ts";
import { archiveAssets, hashedAssets } from "./static-assets.ts";
import { startWatchdog } from "./watchdog.ts";

// Before anything opens the database: the data directory's files are its owner's only.
restrictNewFilesToOwner();

type EntryModule = {
  getServices(): Promise<{
    env: {
      PORT: number;
      /** Absent from builds before it was added: such a build's server listens where it did. */
      HOST?: string;
      siteUrl: string;
      GA_MEASUREMENT_ID?: string;
      TRUST_PROXY?: number;
      HTML_CACHE_SECONDS: number;
      METRICS_PORT?: number;
      METRICS_HOST: string;
      METRICS_TOKEN?: string;
      /** Absent from builds before decision 090: read from the environment for them. */
      LIVE_H2C_PORT?: number;
      DATA_DIR?: string;
      DATABASE_URL?: string;
    };
    metrics: SiteMetrics;
    live: LiveHub;
    liveConnections: ConnectionLimiter;
    /** Absent from builds before it was added: such a build's pages go on live changes only. */
    onVisitorPagesChanged?(listener: () => void): () => void;
  }>;
  closeServices(): Promise<void>;
  /** Absent from builds before it was exported. */
  inlineStylesheet?: string;
  /** Absent from builds before decision 080: such a build inlines the whole stylesheet. */
  inlineStylesheets?: Record<string, string>;
  /** Absent from builds before decision 041: such a build always renders the stylesheet. */
  inlineStylesheetHole?: string;
};

const root = resolve(import.meta.dirname, "..");
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
const serverBuildPath = resolve(buildDir, "server/index.js");
if (!existsSync(serverBuildPath)) {
  log.error("no build found: run `npm run build` (npm start does it for you)");
  process.exit(1);
}

const build = (await import(serverBuildPath)) as ServerBuild;
const entry = build.entry.module as unknown as EntryModule;

// Open, migrate and seed before listening, so the first reader never waits on it.
let services: Awaited<ReturnType<EntryModule["getServices"]>>;
try {
  services = await entry.getServices();
} catch (error) {
  log.error("could not start", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
const { env } = services;
// Behind a proxy, other instances may have the readers of one drained just before this start:
// they go back there, where their last change is known, not here (docs/decisions/045).
if (env.TRUST_PROXY) holdReadiness(process.env.START_HOLD_MS ? Number(process.env.START_HOLD_MS) : START_HOLD_MS);

// Visitors' pages from memory, dropped on every change they may show (every instance hears them).
const htmlCache = env.HTML_CACHE_SECONDS > 0 ? createHtmlCache({ maxAgeMs: env.HTML_CACHE_SECONDS * 1000 }) : undefined;
if (htmlCache) {
  const clearPages = () => htmlCache.clear();
  if (services.onVisitorPagesChanged) services.onVisitorPagesChanged(clearPages);
  else services.live.subscribeAll(clearPages);
}

const clientDir = resolve(buildDir, "client");
// Earlier builds' scripts stay servable across deploys (server/static-assets.ts); "off" disables.
const archiveSetting = process.env.ASSETS_ARCHIVE_DIR || resolve(root, "build-archive");
const archiveDir = archiveSetting === "off" ? undefined : resolve(archiveSetting);
const keepArchive = () => {
  if (!archiveDir) return;
  try {
    const { archived, dropped } = archiveAssets(clientDir, archiveDir);
    log.info("assets archived", { archiveDir, archived, dropped });
  } catch (error) {
    // Not fatal: this build's own files are served all the same.
    log.warn("could not archive the build's assets", { archiveDir, error });
  }
};
keepArchive();
setInterval(keepArchive, 24 * 60 * 60 * 1000).unref();
const assets = hashedAssets(clientDir, { archiveDir });
const app = createApp({
  build,
  clientDir,
  siteUrl: env.siteUrl,
  analytics: Boolean(env.GA_MEASUREMENT_ID),
  trustProxy: env.TRUST_PROXY,
  logger: log,
  htmlCache,
  crashPathForTests: process.env.TEST_CRASH_PATH || undefined,
  stallPathForTests: process.env.TEST_STALL_PATH || undefined,
  metrics: services.metrics,
  metricsToken: env.METRICS_TOKEN,
  sharedPageSeconds: env.HTML_CACHE_SECONDS,
  inlineStylesheet: entry.inlineStylesheet,
  inlineStylesheets: entry.inlineStylesheets,
  inlineStylesheetHole: entry.inlineStylesheetHole,
});

/**
 * A client that stalls must not hold a socket: headers must arrive within 5 s and the whole
 * request (a form is at most 256 KB) within 15 s, checked every second. A response that streams
 * for long (the live feed) is not affected: these clocks stop once the request is received.
 */
const SERVER_TIMEOUTS = {
  // Tests shorten both (tests/e2e/stalled-requests.spec.ts) rather than wait 15 s for a 408.
  headersMs: Number(process.env.HEADERS_TIMEOUT_MS) || 5_000,
  requestMs: Number(process.env.REQUEST_TIMEOUT_MS) || 15_000,
  // Longer than a proxy keeps an idle connection to reuse (Caddy: 60 s, both Caddyfiles), so the
  // proxy always closes first: an instance that closed at Node's 5 s raced the proxy's next
  // request on that connection (a reset, a 502 for a POST). Idle time does not count against
  // headersMs: that clock starts with a request's first byte.
  keepAliveMs: 75_000,
  checkEveryMs: 1_000,
};

// The live feed is answered before the app too (server/live-feed-response.ts, decision 038).
const liveFeedCore = createLiveFeed({ live: services.live, connections: services.liveConnections });
const liveFeed = liveFeedHandler({
  feed: liveFeedCore,
  trustProxy: env.TRUST_PROXY,
  logger: log,
  metrics: services.metrics,
});
// Behind a proxy, this machine only unless HOST says otherwise (app/lib/env.server.ts).
const host = env.HOST ?? process.env.HOST ?? "0.0.0.0";
const appListener = getRequestListener(app.fetch, { hostname: host });
const server = createServer(
  {
    headersTimeout: SERVER_TIMEOUTS.headersMs,
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
    connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs,
  },
  // Hashed build files and the live feed are answered before the app (server/static-assets.ts,
  // server/live-feed-response.ts).
  (request, response) => {
    // Draining: each connection ends after its answer, so the proxy opens its next one elsewhere.
    if (isDraining()) response.setHeader("Connection", "close");
    const started = performance.now();
    if (assets.handle(request, response)) return countAsset(request.method, response, started);
    if (!liveFeed(request, response)) void appListener(request, response);
  },
);
/** Hashed files answered before the app are counted as the app counts its own (route "assets"). */
function countAsset(method: string | undefined, response: ServerResponse, started: number) {
  response.once("close", () => {
    const labels = { route: "assets", method: methodLabel(method) };
    services.metrics.requests.inc({ ...labels, status: `${Math.floor(response.statusCode / 100)}xx` });
    services.metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
  });
}
exitWhenListenFails(server, env.PORT, entry.closeServices);
// The live feed over h2c for the proxy in front, when LIVE_H2C_PORT is set (decision 090).
function startLiveFeedH2c(port: number) {
  const h2c = createLiveFeedH2c({
    feed: liveFeedCore,
    trustProxy: env.TRUST_PROXY,
    logger: log,
    metrics: services.metrics,
    // The site port's own answer, asked over loopback: the same checks, in one place.
    readiness: async () => {
      const own = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
      const answer = await fetch(`http://${own}:${env.PORT}/readyz`, { signal: AbortSignal.timeout(5_000) });
      return { status: answer.status, body: await answer.text() };
    },
  });
  exitWhenListenFails(h2c.server, port, entry.closeServices, "LIVE_H2C_PORT");
  h2c.server.listen(port, host, () => log.info("live feed listening over h2c", { port, host }));
  return h2c;
}
const liveH2cPort = env.LIVE_H2C_PORT ?? (Number(process.env.LIVE_H2C_PORT) || undefined);
const liveH2c = liveH2cPort ? startLiveFeedH2c(liveH2cPort) : null;
server.listen(env.PORT, host, () => {
  log.info("listening", {
    url: `http://localhost:${env.PORT}`,
    host,
    siteUrl: env.siteUrl,
    trustProxy: env.TRUST_PROXY ?? 0,
    assets: assets.size,
    htmlCacheSeconds: env.HTML_CACHE_SECONDS,
    react: loadedReactBuild(),
  });
});

// An instance that hangs or cannot write ends itself, for its supervisor to replace it
// (server/watchdog.ts, docs/decisions/072). WATCHDOG_SECONDS=0 turns it off.
const watchdogMs = (process.env.WATCHDOG_SECONDS ? Number(process.env.WATCHDOG_SECONDS) : 30) * 1000;
startWatchdog({
  stallMs: watchdogMs,
  unwritableMs: watchdogMs,
  dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR ?? process.env.DATA_DIR ?? "./data"),
  metrics: services.metrics,
  logger: log,
  instance: `${hostname()}:${env.PORT}`,
  onUnwritable: (reason) => crash("cannot write its data: the instance stops to be restarted", new Error(reason)),
});

// Prometheus' port (docs/operations.md "Metrics"): `/metrics` only, never behind the proxy.
const metricsServer = env.METRICS_PORT
  ? createServer((request, response) => {
      if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("No encontrado\n");
        return;
      }
      void metricsResponse(services.metrics).then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
      });
    }).listen(env.METRICS_PORT, env.METRICS_HOST, () =>
      log.info("metrics listening", { url: `http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics` }),
    )
  : null;

/**
 * A stop drains the instance so that nobody notices it (docs/decisions/034): `/readyz` turns 503
 * and the instance keeps serving for `noticeMs`, long enough for the proxy's health check to
 * stop sending here (Caddyfile: every 2 s); then live readers are told to reconnect (to another
 * instance, resuming with Last-Event-ID), new connections are refused, and requests in flight
 * get `finishMs` to end before the database closes. Without a proxy (TRUST_PROXY unset) nobody
 * needs the notice, and a second signal skips it.
 */
const DRAIN = {
  noticeMs: process.env.DRAIN_NOTICE_MS ? Number(process.env.DRAIN_NOTICE_MS) : env.TRUST_PROXY ? 5_000 : 0,
  finishMs: Number(process.env.DRAIN_FINISH_MS) || 8_000,
};

let stopping = false;
let skipNotice = () => {};
async function shutdown(signal: string) {
  if (stopping) return skipNotice();
  stopping = true;
  log.info("draining", { signal, noticeMs: DRAIN.noticeMs });
  startDraining();
  await new Promise<void>((done) => {
    const timer = setTimeout(done, DRAIN.noticeMs);
    skipNotice = () => {
      clearTimeout(timer);
      done();
    };
  });
  log.info("shutting down", { signal, liveStreams: openLiveStreams() });
  endLiveStreams();
  // Stop accepting; let requests in flight finish, then cut what is left, so the database is
  // closed only when nothing can use it any more.
  metricsServer?.close();
  const closedH2c = liveH2c?.close(DRAIN.finishMs);
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), DRAIN.finishMs);
  await closed;
  await closedH2c;
  clearTimeout(grace);
  try {
    await entry.closeServices();
  } catch (error) {
    log.error("error while closing the database", { error });
  }
  log.info("stopped");
  process.exit(0);
}
/**
 * The last line: an error nothing caught leaves the process in a state nobody can vouch for, so
 * it is logged with the request that caused it and the process exits non-zero, for its
 * supervisor to start a fresh one (docs/operations.md: compose's restart policy, `docker run --restart`,
 * deploy/valentina-y-taquito.service). The database gets a moment to close; a second error, or
 * a close that hangs, ends it at once.
 */
let crashing = false;
function crash(kind: string, error: unknown) {
  log.error(kind, { requestId: currentRequestId(), error });
  if (crashing) process.exit(1);
  crashing = true;
  setTimeout(() => process.exit(1), 2000).unref();
  server.close();
  server.closeAllConnections();
  entry.closeServices().finally(() => process.exit(1));
}
process.on("uncaughtException", (error) => crash("uncaught exception: the instance stops to be restarted", error));
process.on("unhandledRejection", (error) => crash("unhandled rejection: the instance stops to be restarted", error));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

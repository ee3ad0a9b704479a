import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { LIVE_FEED_PATH, type LiveFeed } from "../app/lib/live-feed.server.ts";
import type { log } from "../app/lib/log.server.ts";
import { methodLabel, type SiteMetrics } from "../app/lib/metrics.server.ts";
import { forwardedClientIp } from "./forwarded.ts";
import { chooseRequestId } from "./request-id.ts";

/** The label the request metrics give the feed: its route's id, as when React Router answered it. */
export const LIVE_ROUTE_LABEL = "routes/api.live";

/**
 * A reader whose connection stops taking what is sent (a phone gone to sleep mid-stream, a
 * stalled proxy) is cut once this much waits for it, rather than held in memory without end: its
 * browser reconnects and resumes with Last-Event-ID, as after any dropped stream.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;

export type LiveFeedHandlerOptions = {
  feed: LiveFeed;
  /** TRUST_PROXY: how many proxies to believe about the client's address (server/forwarded.ts). */
  trustProxy?: number;
  logger: Pick<typeof log, "info">;
  metrics?: SiteMetrics;
  maxUnsentBytes?: number;
};

const SAFE_HEADERS = { "X-Content-Type-Options": "nosniff" } as const;

/**
 * /api/live straight from Node's request handler, before the app (as the hashed assets are):
 * each of thousands of readers holds its stream for as long as the page is open, and through
 * React Router each carried a router request, its middleware's context, a web stream and the
 * web stream's pump, ~68 KB a reader (decision 038). Here a stream is Node's own response, and
 * a change is one socket `write` of one shared buffer per reader. The rules are the feed's
 * (app/lib/live-feed.server.ts); what the app's pipeline gave every response is kept: a request
 * id, a log line, the request metrics, `nosniff`, and `Connection: close` while draining
 * (server/main.ts sets it before this runs). The feed is public (no session is read).
 */
export function liveFeedHandler({
  feed,
  trustProxy,
  logger,
  metrics,
  maxUnsentBytes = MAX_UNSENT_BYTES,
}: LiveFeedHandlerOptions) {
  /** Answers the request and returns true when it is for the feed; otherwise leaves it alone. */
  return function handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (path !== LIVE_FEED_PATH) return false;
    const started = performance.now();
    const method = request.method ?? "GET";
    const requestId = chooseRequestId(single(request.headers["x-request-id"]), trustProxy);
    const account = (status: number) => {
      response.setHeader("X-Request-Id", requestId);
      const ms = performance.now() - started;
      const label = methodLabel(method);
      metrics?.requests.inc({ route: LIVE_ROUTE_LABEL, method: label, status: `${Math.floor(status / 100)}xx` });
      metrics?.requestSeconds.observe({ route: LIVE_ROUTE_LABEL, method: label }, ms / 1000);
      logger.info("request", { requestId, method, path, status, ms: Math.round(ms) });
    };
    const refuse = (status: number, body: string, headers: Record<string, string>) => {
      account(status);
      response.writeHead(status, { ...SAFE_HEADERS, "Content-Type": "text/plain; charset=utf-8", ...headers });
      response.end(method === "HEAD" ? undefined : body);
      return true;
    };
    if (method !== "GET" && method !== "HEAD") return refuse(405, "Método no permitido", { Allow: "GET, HEAD" });

    const socketIp = request.socket.remoteAddress || "unknown";
    const clientIp =
      (trustProxy && forwardedClientIp(single(request.headers["x-forwarded-for"]) ?? null, trustProxy)) || socketIp;
    const opening = feed.open({
      search: new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1)),
      lastEventId: single(request.headers["last-event-id"]) ?? null,
      clientIp,
    });
    if (opening.status !== 200) return refuse(opening.status, opening.body, opening.headers);
    account(200);
    if (method === "HEAD") {
      opening.cancel();
      response.writeHead(200, { ...SAFE_HEADERS, ...opening.headers });
      response.end();
      return true;
    }
    const begin = (socket: Socket) => {
      // The body runs until the connection closes (no chunked framing): each change is then one
      // socket write of the feed's one shared buffer, not a response write that frames it in
      // three pieces and corks the socket until the next tick, which cost the fan-out twice the
      // CPU per reader (decision 044). A stream is never followed by another response anyway.
      response.removeHeader("Transfer-Encoding");
      response.writeHead(200, { ...SAFE_HEADERS, ...opening.headers, Connection: "close" });
      if (response.destroyed || socket.destroyed) {
        opening.cancel();
        response.end();
        return;
      }
      // The headers are on the socket before the hello: the stream's bytes follow them there.
      response.flushHeaders();
      const stop = opening.start({
        write(chunk) {
          if (socket.destroyed) throw new Error("the reader has gone");
          socket.write(chunk);
          // Not taking what is sent: cut (its browser comes back and resumes).
          if (socket.writableLength > maxUnsentBytes) socket.destroy();
        },
        end: () => response.end(),
      });
      // The reader left, the stream ended, or the server cut the connection.
      response.once("close", stop);
    };
    if (response.socket) {
      begin(response.socket);
      return true;
    }
    // A browser sends its next request on a kept-alive connection as soon as the last answer's
    // last byte is in, which can be before Node has finished that answer (a body of known length
    // whose end() comes a moment later); Node then holds this response without a socket. The
    // stream starts once it has one: its headers, hello and subscription go out together as
    // always. Started without it, the reader's browser got the headers (its page said
    // "connected") and then never a change.
    const leftFirst = () => opening.cancel();
    request.socket.once("close", leftFirst);
    response.once("socket", (socket: Socket) => {
      request.socket.off("close", leftFirst);
      begin(socket);
    });
    return true;
  };
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

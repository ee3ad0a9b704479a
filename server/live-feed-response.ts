import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { LIVE_FEED_PATH, type LiveFeed, type LiveFeedOpening } from "../app/lib/live-feed.server.ts";
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

/** A request for the feed, over HTTP/1.1 or h2c: what its handler needs to know of it. */
export type LiveRequest = {
  /** The request's target: path and query. */
  url: string;
  method: string;
  header(name: "x-request-id" | "x-forwarded-for" | "last-event-id"): string | undefined;
  socketIp: string | undefined;
};

/**
 * What to answer a request for the feed, counted and logged once (metrics, a log line, a request
 * id): a refusal, a HEAD's headers, or a stream to start. The same for both transports.
 */
export type LiveAnswer =
  | { kind: "refused"; status: number; headers: Record<string, string>; body: string | undefined }
  | { kind: "head"; headers: Record<string, string> }
  | { kind: "stream"; headers: Record<string, string>; opening: Extract<LiveFeedOpening, { status: 200 }> };

export function answerLiveRequest(
  { feed, trustProxy, logger, metrics }: Omit<LiveFeedHandlerOptions, "maxUnsentBytes">,
  request: LiveRequest,
): LiveAnswer {
  const started = performance.now();
  const { url, method } = request;
  const queryAt = url.indexOf("?");
  const path = pathOf(url);
  const requestId = chooseRequestId(request.header("x-request-id"), trustProxy);
  const account = (status: number) => {
    const ms = performance.now() - started;
    const label = methodLabel(method);
    metrics?.requests.inc({ route: LIVE_ROUTE_LABEL, method: label, status: `${Math.floor(status / 100)}xx` });
    metrics?.requestSeconds.observe({ route: LIVE_ROUTE_LABEL, method: label }, ms / 1000);
    logger.info("request", { requestId, method, path, status, ms: Math.round(ms) });
    return { ...SAFE_HEADERS, "X-Request-Id": requestId };
  };
  const refuse = (status: number, body: string, headers: Record<string, string>): LiveAnswer => ({
    kind: "refused",
    status,
    headers: { ...account(status), "Content-Type": "text/plain; charset=utf-8", ...headers },
    body: method === "HEAD" ? undefined : body,
  });
  if (method !== "GET" && method !== "HEAD") return refuse(405, "Método no permitido", { Allow: "GET, HEAD" });

  const socketIp = request.socketIp || "unknown";
  const clientIp = (trustProxy && forwardedClientIp(request.header("x-forwarded-for") ?? null, trustProxy)) || socketIp;
  const opening = feed.open({
    search: new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1)),
    lastEventId: request.header("last-event-id") ?? null,
    clientIp,
  });
  if (opening.status !== 200) return refuse(opening.status, opening.body, opening.headers);
  const headers = { ...account(200), ...opening.headers };
  if (method === "HEAD") {
    opening.cancel();
    return { kind: "head", headers };
  }
  return { kind: "stream", headers, opening };
}

/** The request's path, without its query. */
export const pathOf = (url: string) => {
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
};

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
export function liveFeedHandler(options: LiveFeedHandlerOptions) {
  const maxUnsentBytes = options.maxUnsentBytes ?? MAX_UNSENT_BYTES;
  /** Answers the request and returns true when it is for the feed; otherwise leaves it alone. */
  return function handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? "";
    if (pathOf(url) !== LIVE_FEED_PATH) return false;
    const answer = answerLiveRequest(options, {
      url,
      method: request.method ?? "GET",
      header: (name) => single(request.headers[name]),
      socketIp: request.socket.remoteAddress,
    });
    if (answer.kind !== "stream") {
      response.writeHead(answer.kind === "refused" ? answer.status : 200, answer.headers);
      response.end(answer.kind === "refused" ? answer.body : undefined);
      return true;
    }
    const { opening } = answer;
    const begin = (socket: Socket) => {
      // The body runs until the connection closes (no chunked framing): each change is then one
      // socket write of the feed's one shared buffer, not a response write that frames it in
      // three pieces and corks the socket until the next tick, which cost the fan-out twice the
      // CPU per reader (decision 044). A stream is never followed by another response anyway.
      response.removeHeader("Transfer-Encoding");
      response.writeHead(200, { ...answer.headers, Connection: "close" });
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

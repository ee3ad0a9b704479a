import http2, { type Http2Session, type IncomingHttpHeaders, type ServerHttp2Stream } from "node:http2";
import { LIVE_FEED_PATH } from "../app/lib/live-feed.server.ts";
import { answerLiveRequest, MAX_UNSENT_BYTES, pathOf, type LiveFeedHandlerOptions } from "./live-feed-response.ts";

/**
 * The live feed over cleartext HTTP/2 (h2c), on a port of its own (LIVE_H2C_PORT), for the proxy
 * in front: Caddy carries every reader's stream to an instance as one stream of a few HTTP/2
 * connections, not as a TCP connection each (decision 090). On the night an instance handed a
 * change to its 2,500 readers in 16–26 ms instead of 97–126 ms: one socket write of many frames
 * instead of a loopback TCP send per reader, which was three quarters of the hand-out's CPU.
 * Readers' browsers still talk to Caddy over HTTP/1.1 or HTTP/2 with TLS; nothing reaches this
 * port but the proxy.
 *
 * It answers the feed (the same rules, counts and log lines as over HTTP/1.1:
 * live-feed-response.ts) and `/readyz` (the app's own answer, so that the proxy's health check of
 * this port sees a draining instance as the site's port does); anything else is a 404.
 */
export type LiveFeedH2cOptions = LiveFeedHandlerOptions & {
  /** The app's `/readyz` answer (server/main.ts asks the app itself). */
  readiness: () => Promise<{ status: number; body: string }>;
};

export type LiveFeedH2cServer = {
  server: http2.Http2Server;
  /**
   * After the feed's streams were told to end (endLiveStreams): stops accepting, asks every
   * session to close once its streams have ended (GOAWAY: the proxy opens its next stream
   * elsewhere), and cuts what is left after `finishMs`.
   */
  close(finishMs: number): Promise<void>;
};

const TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } as const;

export function createLiveFeedH2c(options: LiveFeedH2cOptions): LiveFeedH2cServer {
  const maxUnsentBytes = options.maxUnsentBytes ?? MAX_UNSENT_BYTES;
  // The proxy holds every reader of this instance as a stream of a few connections.
  const server = http2.createServer({
    settings: { maxConcurrentStreams: 100_000 },
    // nghttp2's memory for a session (MB; 10 by default): thousands of streams share one.
    maxSessionMemory: 256,
  });
  const sessions = new Set<Http2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => answer(stream, headers));

  function answer(stream: ServerHttp2Stream, headers: IncomingHttpHeaders) {
    // A stream the proxy resets or a session that ends mid-answer must not bring the instance down.
    stream.on("error", () => {});
    const url = String(headers[":path"] ?? "/");
    const method = String(headers[":method"] ?? "GET");
    if (pathOf(url) === "/readyz") {
      void options.readiness().then(
        ({ status, body }) => respond(stream, status, TEXT, method === "HEAD" ? undefined : body),
        () => respond(stream, 503, TEXT, "not ready"),
      );
      return;
    }
    if (pathOf(url) !== LIVE_FEED_PATH) return respond(stream, 404, TEXT, "No encontrado");
    const live = answerLiveRequest(options, {
      url,
      method,
      header: (name) => single(headers[name]),
      socketIp: stream.session?.socket?.remoteAddress,
    });
    if (live.kind === "refused") return respond(stream, live.status, live.headers, live.body);
    if (live.kind === "head") return respond(stream, 200, live.headers, undefined);
    if (stream.destroyed) return live.opening.cancel();
    stream.respond({ ":status": 200, ...live.headers });
    const stop = live.opening.start({
      write(chunk) {
        if (stream.destroyed || stream.closed) throw new Error("the reader has gone");
        stream.write(chunk);
        // Not taking what is sent (the proxy holds it for a stalled reader): cut, it resumes.
        if (stream.writableLength > maxUnsentBytes) stream.close(http2.constants.NGHTTP2_CANCEL);
      },
      end: () => stream.end(),
    });
    stream.once("close", stop);
  }

  return {
    server,
    close(finishMs) {
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const session of sessions) session.close();
      const grace = setTimeout(() => {
        for (const session of sessions) session.destroy();
      }, finishMs);
      return closed.finally(() => clearTimeout(grace));
    },
  };
}

function respond(stream: ServerHttp2Stream, status: number, headers: Record<string, string>, body: string | undefined) {
  if (stream.destroyed) return;
  stream.respond({ ":status": status, ...headers });
  stream.end(body);
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

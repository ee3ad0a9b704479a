/**
 * The live feed as the production server answers it (server/live-feed-response.ts, before the app) on a
 * real HTTP port, over a test's services; and a reader of a stream's events as they arrive.
 */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Services } from "../../app/runtime/services.server.ts";
import { createLiveFeed, type LiveFeed } from "../../app/lib/live-feed.server.ts";
import { liveFeedHandler, type LiveFeedHandlerOptions } from "../../server/live-feed-response.ts";

export type LiveFeedServer = { origin: string; feed: LiveFeed; close(): Promise<void> };

export async function startLiveFeedServer(
  services: Pick<Services, "live" | "liveConnections" | "metrics">,
  options: Partial<Pick<LiveFeedHandlerOptions, "trustProxy" | "maxUnsentBytes">> & {
    pingMs?: number;
    /** What answers every other path (as the app does in server/main.ts); a 404 by default. */
    app?: RequestListener;
  } = {},
): Promise<LiveFeedServer> {
  const feed = createLiveFeed({ live: services.live, connections: services.liveConnections, pingMs: options.pingMs });
  const handle = liveFeedHandler({
    feed,
    trustProxy: options.trustProxy,
    maxUnsentBytes: options.maxUnsentBytes,
    logger: { info: () => {} },
    metrics: services.metrics,
  });
  const server = createServer((request, response) => {
    if (handle(request, response)) return;
    if (options.app) options.app(request, response);
    else response.writeHead(404).end("not the feed");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    feed,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type LiveEvent = { id?: string; type: string; data?: string };

export type OpenStream = {
  response: Response;
  /** The events so far: id, type and data of each. */
  events(): LiveEvent[];
  text(): string;
  ended(): boolean;
  close(): void;
};

/** Reads a stream's text as it comes; `abort` is what the reader does to leave. */
export function readStream(response: Response, abort: () => void): OpenStream {
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  if (response.body) {
    const reader = response.body.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    })()
      .catch(() => {})
      .finally(() => (ended = true));
  } else {
    ended = true;
  }
  return {
    response,
    events: () =>
      text
        .split("\n\n")
        .filter((block) => /^event: /m.test(block))
        .map((block) => ({
          id: /^id: (.*)$/m.exec(block)?.[1],
          type: /^event: (.*)$/m.exec(block)![1]!,
          data: /^data: (.*)$/m.exec(block)?.[1],
        })),
    text: () => text,
    ended: () => ended,
    close: abort,
  };
}

/** Opens `path` on the server at `origin` as a reader's browser would. */
export async function openLiveStream(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}${path}`, { method, headers, signal: controller.signal });
  return readStream(response, () => controller.abort());
}

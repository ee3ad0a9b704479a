import type { ConnectionLimiter } from "./connection-limiter.server.ts";
import { START_MARK, type LiveHub } from "./live-hub.server.ts";
import { TOPIC_PATTERN } from "./live-topic.ts";
import { whenLiveStreamsEnd } from "./readiness.server.ts";

/**
 * The live feed (Server-Sent Events), whatever carries its bytes: the production server writes
 * them straight to Node's response (server/live-feed-response.ts), the development server through a web
 * stream (app/routes/api.live.ts). One copy of the rules: which topics, how many streams per
 * address, the hello, the replay after Last-Event-ID, the pings and the drain.
 *
 * A view subscribes to topics (`?topic=characters&topic=…`) and gets a `change` event per change:
 * its data is the topic, or JSON `{"topic","data"}` when the change carries what every subscriber
 * of that topic may see (a visible comment's public data, an id to take away), applied by the
 * page without reloading (docs/decisions/016). Every topic is public: the feed says what changed
 * on pages anyone may read (a held comment travels as a bare topic), so it needs no session.
 *
 * Every change has an id (`id:`). A reader who comes back with `Last-Event-ID` (the browser's own
 * reconnect, or `?lastEventId=` from ours) gets every change after it exactly once, from whichever
 * instance it reaches, then the live ones: the `hello` event says `resumed`. When that id is not
 * among the changes the instance keeps, `hello` says `reload` and the page reloads its data
 * instead. The first frame names where a new reader starts from, so even a reader who has had no
 * change yet resumes without a gap (docs/decisions/034).
 */
export const LIVE_FEED_PATH = "/api/live";

const MAX_TOPICS = 10;
/** Proxies close a connection that stays silent too long; one timer pings every stream. */
export const LIVE_PING_MS = 15_000;
/** A reader's own reconnect (not the browser's) names its last change in the query; ids are base64url. */
const LAST_EVENT_ID = /^[A-Za-z0-9_-]{1,40}$/;
/**
 * When this instance drains, its readers are told to come back after a moment spread over this
 * window (not all at once on the instance that remains), then the stream ends.
 */
const DRAIN_RETRY_MS = [500, 2500] as const;
/**
 * How long a new instance behind a proxy stays unready after it listens for changes: the readers
 * of an instance drained just before it started have all come back elsewhere by then (the
 * longest drain retry, and a moment for the trip through the proxy).
 */
export const START_HOLD_MS = DRAIN_RETRY_MS[1] + 500;

export const LIVE_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;

/** Where a stream's bytes go. `write` may throw once the reader has gone: the stream then stops. */
export type LiveStreamSink = { write(chunk: Uint8Array): void; end(): void };

export type LiveFeedOpening =
  | { status: 400 | 429 | 503; body: string; headers: Record<string, string> }
  | {
      status: 200;
      headers: Record<string, string>;
      /** Sends the hello (and any replay), then every change; returns what to call when the reader leaves. */
      start(sink: LiveStreamSink): () => void;
      /** Gives the reader's place back when the stream will not start after all (HEAD, a reader gone). */
      cancel(): void;
    };

export type LiveFeedRequest = {
  /** The query: `topic` (one or more) and `lastEventId` (our own reconnect). */
  search: URLSearchParams;
  /** The `Last-Event-ID` header (the browser's own reconnect). */
  lastEventId: string | null;
  /** Whom the per-address cap counts: the socket's address, or the trusted proxy's report of it. */
  clientIp: string;
};

export type LiveFeed = {
  open(request: LiveFeedRequest): LiveFeedOpening;
  /** Streams open on this feed now. */
  streams(): number;
};

const encoder = new TextEncoder();

/** A change's SSE frame; an instance's start (live-hub.server.ts) matters to a reader only as its last id. */
const frameText = (id: string, topic: string, message: string) =>
  topic === START_MARK ? `id: ${id}\nevent: mark\ndata: start\n\n` : `id: ${id}\nevent: change\ndata: ${message}\n\n`;

type LiveSource = Pick<LiveHub, "subscribe" | "resume" | "headId">;
type Send = (chunk: Uint8Array) => void;
type Deliver = (topic: string, message: string, id: string) => void;

/** Thousands of streams get the same change at once: its frame is encoded once, not per reader. */
function frameEncodedOnce() {
  let lastId = "";
  let lastFrame = new Uint8Array();
  return (id: string, topic: string, message: string) => {
    if (id !== lastId) {
      lastFrame = encoder.encode(frameText(id, topic, message));
      lastId = id;
    }
    return lastFrame;
  };
}

type Pinger = ReturnType<typeof sharedPinger>;

/** One timer for every stream's ping (not one per stream), running while any stream is open. */
function sharedPinger(pingMs: number) {
  const pinged = new Set<Send>();
  const ping = encoder.encode(": ping\n\n");
  let pinger: ReturnType<typeof setInterval> | undefined;
  return {
    start(send: Send) {
      pinged.add(send);
      pinger ??= setInterval(() => {
        for (const each of [...pinged]) each(ping);
      }, pingMs);
      pinger.unref?.();
    },
    stop(send: Send) {
      pinged.delete(send);
      if (pinged.size === 0 && pinger) {
        clearInterval(pinger);
        pinger = undefined;
      }
    },
    /** Streams pinged now: every open stream. */
    count: () => pinged.size,
  };
}

export function createLiveFeed({
  live,
  connections,
  pingMs = LIVE_PING_MS,
}: {
  live: LiveSource;
  connections: ConnectionLimiter;
  pingMs?: number;
}): LiveFeed {
  const frameOf = frameEncodedOnce();
  const pinger = sharedPinger(pingMs);

  function open({ search, lastEventId, clientIp }: LiveFeedRequest): LiveFeedOpening {
    const topics = [...new Set(search.getAll("topic"))];
    if (topics.length === 0 || topics.length > MAX_TOPICS || !topics.every((topic) => TOPIC_PATTERN.test(topic))) {
      return { status: 400, body: "Temas no válidos", headers: {} };
    }
    const slot = connections.acquire(clientIp);
    if ("refused" in slot) {
      // The browser's EventSource gives up on an error status; our client retries later (use-live.ts).
      return slot.refused === "address"
        ? { status: 429, body: "Demasiadas conexiones en vivo desde esta dirección.", headers: { "Retry-After": "30" } }
        : {
            status: 503,
            body: "El servidor está lleno. Intenta de nuevo en un momento.",
            headers: { "Retry-After": "30" },
          };
    }
    const sentId = lastEventId ?? search.get("lastEventId") ?? "";
    const resumeFrom = LAST_EVENT_ID.test(sentId) ? sentId : "";

    let started = false;
    return {
      status: 200,
      headers: { ...LIVE_STREAM_HEADERS },
      cancel() {
        if (!started) slot.release();
        started = true;
      },
      start(sink) {
        if (started) throw new Error("a live stream starts once");
        started = true;
        return startStream({ sink, topics, resumeFrom, live, frameOf, pinger, release: slot.release });
      },
    };
  }

  return { open, streams: () => pinger.count() };
}

/** A stream from its hello to its end: returns what stops it (the reader left, a write failed, a drain). */
function startStream({
  sink,
  topics,
  resumeFrom,
  live,
  frameOf,
  pinger,
  release,
}: {
  sink: LiveStreamSink;
  topics: string[];
  resumeFrom: string;
  live: LiveSource;
  frameOf: (id: string, topic: string, message: string) => Uint8Array;
  pinger: Pinger;
  release: () => void;
}): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  let stopDrainWatch = () => {};
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    pinger.stop(send);
    stopDrainWatch();
    release();
  };
  function send(chunk: Uint8Array) {
    if (stopped) return;
    try {
      sink.write(chunk);
    } catch {
      stop();
    }
  }
  const deliver: Deliver = (topic, message, id) => send(frameOf(id, topic, message));

  // The hello frame goes first; the replay (if any) and live changes follow it, all from
  // this synchronous block, so that no change can slip in between what is replayed and
  // what is live.
  if (resumeFrom) {
    const resumed = resumeAfter(live, topics, resumeFrom, deliver);
    unsubscribe = resumed.unsubscribe;
    send(resumed.hello);
  } else {
    // Subscribed before the hello is written: a write that fails stops the stream, and its stop
    // must find the subscription to end (it once stayed, for a reader gone at the first byte).
    const hello = encoder.encode(`retry: 3000\n: conectado\nid: ${live.headId()}\nevent: hello\ndata: fresh\n\n`);
    unsubscribe = live.subscribe(topics, deliver);
    send(hello);
  }
  if (stopped) return stop;
  pinger.start(send);
  // A drain: come back soon (elsewhere: this instance is no longer ready), then the stream ends.
  stopDrainWatch = whenLiveStreamsEnd(() => {
    const [least, most] = DRAIN_RETRY_MS;
    send(encoder.encode(`retry: ${Math.round(least + Math.random() * (most - least))}\n\n`));
    stop();
    try {
      sink.end();
    } catch {
      // already closed
    }
  });
  return stop;
}

/**
 * A returning reader's subscription, and its hello: `resumed` followed by every kept change after
 * `resumeFrom` (handed over synchronously, so gathered into the hello's bytes), or `reload` when
 * that id is not kept. Later changes go to `deliver`.
 */
function resumeAfter(live: LiveSource, topics: string[], resumeFrom: string, deliver: Deliver) {
  let replaying = true;
  const frames: string[] = [];
  const result = live.resume(topics, resumeFrom, (topic, message, id) => {
    if (replaying) frames.push(frameText(id, topic, message));
    else deliver(topic, message, id);
  });
  replaying = false;
  const outcome = result.outcome === "replayed" ? "resumed" : "reload";
  // After a reload the reader starts over from here; after a replay, from its last change.
  const helloId = result.outcome === "replayed" ? resumeFrom : live.headId();
  const hello = encoder.encode(
    `retry: 3000\n: conectado\nid: ${helloId}\nevent: hello\ndata: ${outcome}\n\n${frames.join("")}`,
  );
  return { unsubscribe: result.unsubscribe, hello };
}

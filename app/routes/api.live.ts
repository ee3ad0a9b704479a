import type { Route } from "./+types/api.live";
import { services } from "../composition/context.server.ts";
import { TOPIC_PATTERN } from "../lib/live.server.ts";
import { whenLiveStreamsEnd } from "../lib/readiness.server.ts";
import { clientIp } from "../lib/request.server.ts";

const MAX_TOPICS = 10;

// Thousands of streams get the same notification at once: encode its frame once, not per reader.
let lastId = "";
let lastFrame = new Uint8Array();
function frameOf(id: string, message: string) {
  if (id !== lastId) {
    lastFrame = new TextEncoder().encode(`id: ${id}\nevent: change\ndata: ${message}\n\n`);
    lastId = id;
  }
  return lastFrame;
}
const PING_MS = 15_000;
/** A reader's own reconnect (not the browser's) names its last change here; ids are base64url. */
const LAST_EVENT_ID = /^[A-Za-z0-9_-]{1,40}$/;
/**
 * When this instance drains, its readers are told to come back after a moment spread over this
 * window (not all at once on the instance that remains), then the stream ends.
 */
const DRAIN_RETRY_MS = [500, 2500] as const;

/**
 * The live feed (Server-Sent Events). A view subscribes to topics (`?topic=characters&topic=…`)
 * on each `change`: its data is the topic, or JSON `{"topic","data"}` when the change carries
 * what every subscriber of that topic may see (a visible comment's public data, an id to take
 * away), applied by the page without reloading (docs/decisions/016).
 *
 * Every change has an id (`id:`). A reader who comes back with `Last-Event-ID` (the browser's own
 * reconnect, or `?lastEventId=` from ours) gets every change after it exactly once, from whichever
 * instance it reaches, then the live ones: the `hello` event says `resumed`. When that id is not
 * among the changes the instance keeps, `hello` says `reload` and the page reloads its data
 * instead. The first frame names where a new reader starts from, so even a reader who has had no
 * change yet resumes without a gap (docs/decisions/034).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const topics = [...new Set(new URL(request.url).searchParams.getAll("topic"))];
  if (topics.length === 0 || topics.length > MAX_TOPICS || !topics.every((topic) => TOPIC_PATTERN.test(topic))) {
    return new Response("Temas no válidos", { status: 400 });
  }
  const { live, liveConnections } = services(context);
  const slot = liveConnections.acquire(clientIp(request));
  if ("refused" in slot) {
    // The browser's EventSource gives up on an error status; our client retries later (use-live.ts).
    return new Response(
      slot.refused === "address"
        ? "Demasiadas conexiones en vivo desde esta dirección."
        : "El servidor está lleno. Intenta de nuevo en un momento.",
      { status: slot.refused === "address" ? 429 : 503, headers: { "Retry-After": "30" } },
    );
  }
  const url = new URL(request.url);
  const lastEventId = request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId") ?? "";
  const resumeFrom = LAST_EVENT_ID.test(lastEventId) ? lastEventId : "";
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const deliver = (_topic: string, message: string, id: string) => {
        try {
          controller.enqueue(frameOf(id, message));
        } catch {
          cleanup();
        }
      };
      // The hello frame goes first; the replay (if any) and live changes follow it, all from this
      // synchronous block, so that no change can slip in between what is replayed and what is live.
      let unsubscribe: () => void;
      if (resumeFrom) {
        let replaying = true;
        const frames: string[] = [];
        const result = live.resume(topics, resumeFrom, (topic, message, id) => {
          if (replaying) frames.push(`id: ${id}\nevent: change\ndata: ${message}\n\n`);
          else deliver(topic, message, id);
        });
        replaying = false;
        const outcome = result.outcome === "replayed" ? "resumed" : "reload";
        // After a reload the reader starts over from here; after a replay, from its last change.
        const helloId = result.outcome === "replayed" ? resumeFrom : live.headId();
        send(`retry: 3000\n: conectado\nid: ${helloId}\nevent: hello\ndata: ${outcome}\n\n${frames.join("")}`);
        unsubscribe = result.unsubscribe;
      } else {
        send(`retry: 3000\n: conectado\nid: ${live.headId()}\nevent: hello\ndata: fresh\n\n`);
        unsubscribe = live.subscribe(topics, deliver);
      }
      const ping = setInterval(() => send(": ping\n\n"), PING_MS);
      let stopDrainWatch = () => {};
      cleanup = () => {
        clearInterval(ping);
        unsubscribe();
        stopDrainWatch();
        slot.release();
        cleanup = () => {};
      };
      if (request.signal.aborted) return cleanup();
      // A drain: come back soon (elsewhere: this instance is no longer ready), then the stream ends.
      stopDrainWatch = whenLiveStreamsEnd(() => {
        const [least, most] = DRAIN_RETRY_MS;
        send(`retry: ${Math.round(least + Math.random() * (most - least))}\n\n`);
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      request.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

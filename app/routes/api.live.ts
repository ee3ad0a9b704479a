import type { Route } from "./+types/api.live";
import { services } from "../composition/context.server.ts";
import { TOPIC_PATTERN } from "../lib/live.server.ts";
import { clientIp } from "../lib/request.server.ts";

const MAX_TOPICS = 10;

// Thousands of streams get the same notification at once: encode its frame once, not per reader.
let lastMessage = "";
let lastFrame = new Uint8Array();
function frameOf(message: string) {
  if (message !== lastMessage) {
    lastFrame = new TextEncoder().encode(`event: change\ndata: ${message}\n\n`);
    lastMessage = message;
  }
  return lastFrame;
}
const PING_MS = 15_000;

/**
 * The live feed (Server-Sent Events). A view subscribes to topics (`?topic=characters&topic=…`)
 * on each `change`: its data is the topic, or JSON `{"topic","data"}` when the change carries
 * what every subscriber of that topic may see (a visible comment's public data, an id to take
 * away), applied by the page without reloading (docs/decisions/016).
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
      send("retry: 3000\n: conectado\n\n");
      const unsubscribe = live.subscribe(topics, (_topic, message) => {
        try {
          controller.enqueue(frameOf(message));
        } catch {
          cleanup();
        }
      });
      const ping = setInterval(() => send(": ping\n\n"), PING_MS);
      cleanup = () => {
        clearInterval(ping);
        unsubscribe();
        slot.release();
        cleanup = () => {};
      };
      if (request.signal.aborted) return cleanup();
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

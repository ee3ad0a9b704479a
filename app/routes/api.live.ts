import type { Route } from "./+types/api.live";
import { services } from "../runtime/context.server.ts";
import { createLiveFeed, type LiveFeed } from "../lib/live-feed.server.ts";
import { clientIp } from "../lib/request.server.ts";

/**
 * The live feed under the development server (`npm run dev`). The production server answers
 * /api/live itself, before React Router (server/live-feed-response.ts, decision 038): a stream held for
 * hours by each of thousands of readers should not carry a router request, its middleware's
 * context and a web stream each. Both use the same rules (app/lib/live-feed.server.ts).
 */
let feed: { of: object; feed: LiveFeed } | undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { live, liveConnections } = services(context);
  if (feed?.of !== live) feed = { of: live, feed: createLiveFeed({ live, connections: liveConnections }) };
  const opening = feed.feed.open({
    search: new URL(request.url).searchParams,
    lastEventId: request.headers.get("Last-Event-ID"),
    clientIp: clientIp(request),
  });
  if (opening.status !== 200) return new Response(opening.body, opening);
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (request.signal.aborted) return opening.cancel();
      stop = opening.start({
        write: (chunk) => controller.enqueue(chunk),
        end: () => controller.close(),
      });
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: opening.headers });
}

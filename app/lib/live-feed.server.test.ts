import { describe, expect, it } from "vitest";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { createConnectionLimiter } from "./connection-limiter.server.ts";
import { createLiveFeed, type LiveStreamSink } from "./live-feed.server.ts";

describe("a live stream whose reader is gone before its first byte", () => {
  const services = useTestServices("pglite");

  it.each([
    ["a new reader", null],
    ["a returning reader", "1"],
  ])("holds no subscription and no place when the hello cannot be written (%s)", (_who, lastEventId) => {
    const connections = createConnectionLimiter({ perAddress: 5, total: 10 });
    const feed = createLiveFeed({ live: services.live, connections });
    const subscribers = services.live.subscriberCount();
    const opening = feed.open({ search: new URLSearchParams("topic=admins"), lastEventId, clientIp: "192.0.2.1" });
    if (opening.status !== 200) throw new Error(`refused: ${opening.status}`);
    // The connection closed as the stream started: the first write throws, as Node's does then.
    const gone: LiveStreamSink = {
      write() {
        throw new Error("write after end");
      },
      end() {},
    };
    const stop = opening.start(gone);
    expect(services.live.subscriberCount()).toBe(subscribers);
    expect(connections.open()).toBe(0);
    expect(feed.streams()).toBe(0);
    stop();
    expect(services.live.subscriberCount()).toBe(subscribers);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { useTestServices } from "../support/fixtures.ts";
import { openLiveStream, startLiveFeedServer, type LiveFeedServer } from "../support/live-feed-server.ts";

// The caps on live streams, as the production server applies them (server/live-feed-response.ts).
describe("live feed connection caps", () => {
  const services = useTestServices("pglite", { env: { LIVE_MAX_PER_ADDRESS: "2", LIVE_MAX_CONNECTIONS: "3" } });
  let server: LiveFeedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A stream from `ip` as a trusted proxy in front reports it. */
  const open = async (ip: string) =>
    openLiveStream(server!.origin, "/api/live?topic=characters", { "X-Forwarded-For": ip });

  it("refuses a third stream from one address with 429, and lets it in once one closes", async () => {
    server = await startLiveFeedServer(services, { trustProxy: 1 });
    const first = await open("203.0.113.1");
    const second = await open("203.0.113.1");
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await open("203.0.113.1");
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get("Retry-After")).toBe("30");
    await expect.poll(() => third.ended()).toBe(true);
    expect(third.text()).toBe("Demasiadas conexiones en vivo desde esta dirección.");
    first.close();
    await expect.poll(() => services.liveConnections.open()).toBe(1);
    const again = await open("203.0.113.1");
    expect(again.response.status).toBe(200);
    second.close();
    again.close();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
  });

  it("answers 503 once the server holds its total, whatever the address", async () => {
    server = await startLiveFeedServer(services, { trustProxy: 1 });
    const streams = [await open("198.51.100.1"), await open("198.51.100.2"), await open("198.51.100.3")];
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    const refused = await open("198.51.100.4");
    expect(refused.response.status).toBe(503);
    await expect.poll(() => refused.ended()).toBe(true);
    expect(refused.text()).toBe("El servidor está lleno. Intenta de nuevo en un momento.");
    for (const stream of streams) stream.close();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
  });

  it("counts the socket's address when no proxy is trusted: a forwarded header does not escape the cap", async () => {
    server = await startLiveFeedServer(services);
    const first = await open("203.0.113.1");
    const second = await open("203.0.113.2");
    const third = await open("203.0.113.3");
    expect([first.response.status, second.response.status, third.response.status]).toEqual([200, 200, 429]);
    first.close();
    second.close();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
  });
});

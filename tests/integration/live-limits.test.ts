import { describe, expect, it } from "vitest";
import { loader as liveLoader } from "../../app/routes/api.live.ts";
import { routeArgs } from "../support/route-harness.ts";
import { useTestServices } from "../support/fixtures.ts";

describe("live feed connection caps", () => {
  const services = useTestServices("pglite", { env: { LIVE_MAX_PER_ADDRESS: "2", LIVE_MAX_CONNECTIONS: "3" } });

  const open = async (ip: string) => {
    const controller = new AbortController();
    const response = (await liveLoader(
      await routeArgs(services, "/api/live?topic=characters", {
        headers: { "x-client-ip": ip },
        signal: controller.signal,
      }),
    )) as Response;
    return { response, close: () => controller.abort() };
  };

  it("refuses a third stream from one address with 429, and lets it in once one closes", async () => {
    const first = await open("203.0.113.1");
    const second = await open("203.0.113.1");
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await open("203.0.113.1");
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get("Retry-After")).toBe("30");
    expect(await third.response.text()).toBe("Demasiadas conexiones en vivo desde esta dirección.");
    first.close();
    const again = await open("203.0.113.1");
    expect(again.response.status).toBe(200);
    second.close();
    again.close();
  });

  it("answers 503 once the server holds its total, whatever the address", async () => {
    const streams = [await open("198.51.100.1"), await open("198.51.100.2"), await open("198.51.100.3")];
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    const refused = await open("198.51.100.4");
    expect(refused.response.status).toBe(503);
    for (const stream of streams) stream.close();
    expect(services.liveConnections.open()).toBe(0);
  });
});

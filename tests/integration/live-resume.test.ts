import { afterEach, describe, expect, it } from "vitest";
import { endLiveStreams, resetReadinessForTests, startDraining } from "../../app/lib/readiness.server.ts";
import { loader as liveLoader } from "../../app/routes/api.live.ts";
import { loader as readyLoader } from "../../app/routes/readyz.ts";
import { loader as healthLoader } from "../../app/routes/healthz.ts";
import { routeArgs } from "../support/route-harness.ts";
import { useTestServices } from "../support/fixtures.ts";

// docs/decisions/034: what a reader's browser reads from the live feed when it connects, comes
// back with Last-Event-ID, and when the instance drains; and /readyz against /healthz.
describe("the live feed across reconnects and drains", () => {
  const services = useTestServices("pglite");
  afterEach(() => resetReadinessForTests());

  /** Opens a stream and reads its frames as they come. */
  const open = async (path: string, headers: Record<string, string> = {}) => {
    const controller = new AbortController();
    const response = (await liveLoader(
      await routeArgs(services, path, {
        headers: { "x-client-ip": "203.0.113.9", ...headers },
        signal: controller.signal,
      }),
    )) as Response;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let ended = false;
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      ended = true;
    })().catch(() => (ended = true));
    /** The events so far: id, type and data of each. */
    const events = () =>
      text
        .split("\n\n")
        .filter((block) => /^event: /m.test(block))
        .map((block) => ({
          id: /^id: (.*)$/m.exec(block)?.[1],
          type: /^event: (.*)$/m.exec(block)![1],
          data: /^data: (.*)$/m.exec(block)?.[1],
        }));
    return { response, events, text: () => text, ended: () => ended, close: () => controller.abort(), pump };
  };
  const comment = (n: number) => services.live.publish("comments:cap-1", undefined, { op: "upsert", n });

  it("gives every change an id, and a reader who comes back with Last-Event-ID each missed one exactly once", async () => {
    const first = await open("/api/live?topic=comments:cap-1");
    expect(first.response.headers.get("content-type")).toContain("text/event-stream");
    await expect.poll(() => first.events()[0]?.type).toBe("hello");
    expect(first.events()[0]).toMatchObject({ data: "fresh" });
    expect(first.events()[0]!.id).toBeTruthy();
    await comment(1);
    await comment(2);
    await expect.poll(() => first.events().length).toBe(3);
    const [, one, two] = first.events();
    expect(one).toMatchObject({ type: "change", data: '{"topic":"comments:cap-1","data":{"op":"upsert","n":1}}' });
    expect(one!.id).not.toBe(two!.id);
    // The stream drops after the first change; two more come before the reader is back.
    first.close();
    await comment(3);
    await comment(4);
    await new Promise((done) => setTimeout(done, 200));
    const back = await open("/api/live?topic=comments:cap-1", { "Last-Event-ID": one!.id! });
    await expect.poll(() => back.events().length).toBe(4);
    await comment(5);
    await expect.poll(() => back.events().length).toBe(5);
    const events = back.events();
    expect(events[0]).toMatchObject({ type: "hello", data: "resumed" });
    expect(events.slice(1).map((event) => JSON.parse(event.data!).data.n)).toEqual([2, 3, 4, 5]);
    // The same id from our own reconnect (?lastEventId=) resumes the same way.
    const viaQuery = await open(`/api/live?topic=comments:cap-1&lastEventId=${one!.id}`);
    await expect.poll(() => viaQuery.events().length).toBe(5);
    back.close();
    viaQuery.close();
  });

  it("tells a reader whose last change it does not know to reload", async () => {
    const stream = await open("/api/live?topic=comments:cap-1", { "Last-Event-ID": "desconocido" });
    await expect.poll(() => stream.events()[0]).toMatchObject({ type: "hello", data: "reload" });
    stream.close();
  });

  it("drains: /readyz turns 503 while /healthz stays 200, then live streams end with a short retry", async () => {
    const args = async (path: string) => routeArgs(services, path);
    expect(((await readyLoader(await args("/readyz"))) as Response).status).toBe(200);
    const stream = await open("/api/live?topic=characters");
    await expect.poll(() => stream.events().length).toBe(1);
    startDraining();
    const ready = (await readyLoader(await args("/readyz"))) as Response;
    expect([ready.status, await ready.text()]).toEqual([503, "draining"]);
    expect(((await healthLoader(await args("/healthz"))) as Response).status).toBe(200);
    // Until the proxy has noticed, the stream stays open and changes still reach it.
    await services.live.publish("characters");
    await expect.poll(() => stream.events().length).toBe(2);
    expect(stream.ended()).toBe(false);
    endLiveStreams();
    await expect.poll(() => stream.ended()).toBe(true);
    const retry = Number(/retry: (\d+)\n\n$/.exec(stream.text())?.[1]);
    expect(retry).toBeGreaterThanOrEqual(500);
    expect(retry).toBeLessThanOrEqual(2500);
    expect(services.liveConnections.open()).toBe(0);
    // A stream that opens now ends at once, with the same hint.
    const late = await open("/api/live?topic=characters");
    await expect.poll(() => late.ended()).toBe(true);
    expect(late.text()).toMatch(/retry: \d+\n\n$/);
  });
});

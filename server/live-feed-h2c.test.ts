import http2, { type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createConnectionLimiter, type ConnectionLimiter } from "../app/lib/connection-limiter.server.ts";
import { createLiveFeed } from "../app/lib/live-feed.server.ts";
import { endLiveStreams, resetReadinessForTests } from "../app/lib/readiness.server.ts";
import { useTestServices } from "../tests/support/fixtures.ts";
import { createLiveFeedH2c, type LiveFeedH2cServer } from "./live-feed-h2c.ts";

// The live feed over h2c, as the proxy reaches it on LIVE_H2C_PORT (decision 090): the same feed
// as over HTTP/1.1, each reader a stream of one connection.
describe("the live feed over h2c", () => {
  const services = useTestServices("pglite");
  let h2c: LiveFeedH2cServer | undefined;
  let client: ClientHttp2Session | undefined;
  let readiness = { status: 200, body: "ready" };
  afterEach(async () => {
    client?.destroy();
    await h2c?.close(0);
    h2c = client = undefined;
    readiness = { status: 200, body: "ready" };
    resetReadinessForTests();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
  });

  async function start({
    connections = services.liveConnections,
    maxUnsentBytes,
  }: { connections?: ConnectionLimiter; maxUnsentBytes?: number } = {}) {
    const feed = createLiveFeed({ live: services.live, connections });
    h2c = createLiveFeedH2c({
      feed,
      trustProxy: 1,
      maxUnsentBytes,
      logger: { info: () => {} },
      metrics: services.metrics,
      readiness: async () => readiness,
    });
    await new Promise<void>((done) => h2c!.server.listen(0, "127.0.0.1", done));
    const { port } = h2c.server.address() as AddressInfo;
    client = http2.connect(`http://127.0.0.1:${port}`);
    return feed;
  }

  /** A request on the one connection: its response headers, and its body as it comes. */
  function ask(path: string, headers: Record<string, string> = {}, method = "GET") {
    const stream: ClientHttp2Stream = client!.request({ ":path": path, ":method": method, ...headers });
    let text = "";
    let ended = false;
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => (ended = true));
    stream.on("close", () => (ended = true));
    stream.on("error", () => {});
    const response = new Promise<IncomingHttpHeaders>((done) => stream.once("response", done));
    return { stream, response, text: () => text, ended: () => ended };
  }

  /** A request's whole answer: its status, headers and body, once it has ended. */
  async function answered(path: string, headers: Record<string, string> = {}, method = "GET") {
    const request = ask(path, headers, method);
    const head = await request.response;
    await expect.poll(request.ended).toBe(true);
    return { status: head[":status"], head, text: request.text() };
  }

  it("streams the hello and each change to every reader over one connection, and frees a reader's place", async () => {
    const feed = await start();
    const readers = [
      ask("/api/live?topic=characters"),
      ask("/api/live?topic=characters", { "x-request-id": "0f8c2a1e-7b3d-4c55-9e21-6a4b8d9f0c12" }),
    ];
    const [first, second] = await Promise.all(readers.map((reader) => reader.response));
    expect(first![":status"]).toBe(200);
    expect(first!["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(first!["x-content-type-options"]).toBe("nosniff");
    expect(second!["x-request-id"]).toBe("0f8c2a1e-7b3d-4c55-9e21-6a4b8d9f0c12");
    for (const reader of readers)
      await expect.poll(reader.text).toMatch(/^retry: 3000\n: conectado\nid: .+\nevent: hello\n/);
    expect([feed.streams(), services.liveConnections.open()]).toEqual([2, 2]);
    await services.live.publish("characters");
    for (const reader of readers) await expect.poll(reader.text).toContain("event: change\ndata: characters\n\n");
    readers[0]!.stream.close(http2.constants.NGHTTP2_CANCEL);
    await expect.poll(() => feed.streams()).toBe(1);
    expect(services.liveConnections.open()).toBe(1);
  });

  it("refuses what the feed refuses over HTTP/1.1, holding no place", async () => {
    await start();
    expect(await answered("/api/live?topic=Mayúsculas")).toMatchObject({ status: 400, text: "Temas no válidos" });
    const post = await answered("/api/live?topic=characters", {}, "POST");
    expect([post.status, post.head.allow]).toEqual([405, "GET, HEAD"]);
    expect(services.liveConnections.open()).toBe(0);
  });

  it("counts each reader's address as the proxy reports it, not the proxy's own", async () => {
    // Every stream comes over the proxy's one connection: its address would put a school's
    // readers and everyone else's under one cap.
    await start({ connections: createConnectionLimiter({ perAddress: 2, total: 100 }) });
    const school = { "x-forwarded-for": "203.0.113.5" };
    const readers = [ask("/api/live?topic=characters", school), ask("/api/live?topic=characters", school)];
    for (const reader of readers) expect((await reader.response)[":status"]).toBe(200);
    const third = await answered("/api/live?topic=characters", school);
    expect([third.status, third.head["retry-after"]]).toEqual([429, "30"]);
    const elsewhere = ask("/api/live?topic=characters", { "x-forwarded-for": "198.51.100.7" });
    expect((await elsewhere.response)[":status"]).toBe(200);
  });

  it("cuts a reader who stops taking what is sent, instead of keeping it all in memory", async () => {
    const feed = await start({ maxUnsentBytes: 64 * 1024 });
    // A reader that asks, then never reads: the connection's flow-control window fills, then the
    // server's buffer.
    const reader = client!.request({ ":path": "/api/live?topic=characters" });
    reader.on("error", () => {});
    reader.pause();
    await expect.poll(() => feed.streams()).toBe(1);
    const bulky = { text: "x".repeat(7000) };
    for (let sent = 0; sent < 400 && feed.streams() > 0; sent++) {
      await services.live.publish("characters", undefined, bulky);
    }
    expect(feed.streams()).toBe(0);
    expect(services.liveConnections.open()).toBe(0);
  });

  it("answers the app's /readyz, so the proxy's health check sees a draining instance; nothing else", async () => {
    await start();
    expect(await answered("/readyz")).toMatchObject({ status: 200, text: "ready" });
    readiness = { status: 503, body: "draining" };
    expect(await answered("/readyz")).toMatchObject({ status: 503, text: "draining" });
    expect((await answered("/capitulos")).status).toBe(404);
  });

  it("on a drain tells each reader to come back soon, ends its stream, and closes the proxy's connection", async () => {
    await start();
    const reader = ask("/api/live?topic=characters");
    await expect.poll(reader.text).toContain("event: hello");
    let goaway = false;
    client!.once("goaway", () => (goaway = true));
    endLiveStreams();
    await expect.poll(reader.ended).toBe(true);
    expect(reader.text()).toMatch(/\nretry: \d+\n\n$/);
    await h2c!.close(5_000);
    expect(goaway).toBe(true);
    expect(h2c!.server.listening).toBe(false);
  });
});

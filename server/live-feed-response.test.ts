import { METHODS, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { useTestServices } from "../tests/support/fixtures.ts";
import { openLiveStream, startLiveFeedServer, type LiveFeedServer } from "../tests/support/live-feed-server.ts";
import { LIVE_ROUTE_LABEL } from "./live-feed-response.ts";

// The live feed as server/main.ts answers it, before the app (decision 038): what the app's
// pipeline gave every response is kept, and a stream holds nothing once its reader has gone.
describe("the production server's live feed", () => {
  const services = useTestServices("pglite");
  let server: LiveFeedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    // Every stream of the test is gone, its place given back, before the next test counts.
    await expect.poll(() => services.liveConnections.open()).toBe(0);
  });
  const requestsCounted = async (method: string, status: string) => {
    const text = await services.metrics.text();
    const line = new RegExp(
      `^site_http_requests_total\\{route="${LIVE_ROUTE_LABEL}",method="${method}",status="${status}"\\} (\\d+)$`,
      "m",
    );
    return Number(line.exec(text)?.[1] ?? 0);
  };

  it("refuses other methods and topics it does not know, holding no place", async () => {
    server = await startLiveFeedServer(services);
    const post = await fetch(`${server.origin}/api/live?topic=characters`, { method: "POST" });
    expect([post.status, post.headers.get("Allow")]).toEqual([405, "GET, HEAD"]);
    for (const query of [
      "",
      "?topic=",
      "?topic=Mayúsculas",
      `?${Array.from({ length: 11 }, (_, n) => `topic=t${n}`).join("&")}`,
    ]) {
      const refused = await fetch(`${server.origin}/api/live${query}`);
      expect([refused.status, await refused.text()], query).toEqual([400, "Temas no válidos"]);
    }
    const head = await fetch(`${server.origin}/api/live?topic=characters`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
    expect(services.liveConnections.open()).toBe(0);
    // Any other path is not the feed's: it goes on to the app (here, the test server's 404).
    expect((await fetch(`${server.origin}/api/live/otra`)).status).toBe(404);
  });

  it("counts a method it does not serve as 'other', never as a label value of its own", async () => {
    server = await startLiveFeedServer(services);
    const { port } = new URL(server.origin);
    // POST keeps a label of its own: the site serves it elsewhere.
    const odd = METHODS.filter((method) => !["GET", "HEAD", "POST", "CONNECT"].includes(method));
    const before = await requestsCounted("other", "4xx");
    for (const method of odd) {
      const status = await new Promise<number | undefined>((done, fail) =>
        httpRequest({ host: "127.0.0.1", port, method, path: "/api/live?topic=characters" }, (response) => {
          response.resume();
          done(response.statusCode);
        })
          .on("error", fail)
          .end(),
      );
      expect(status, method).toBe(405);
    }
    expect(await requestsCounted("other", "4xx")).toBe(before + odd.length);
    const text = await services.metrics.text();
    for (const method of odd) expect(text).not.toContain(`method="${method}"`);
  });

  it("answers with a request id, nosniff and no compression, and counts the request", async () => {
    server = await startLiveFeedServer(services, { trustProxy: 1 });
    const before = await requestsCounted("GET", "2xx");
    const proxyId = "0f6c1a2e-6b7d-4a52-9f3e-2b1c0d9e8a7f";
    const stream = await openLiveStream(server.origin, "/api/live?topic=characters", {
      "X-Request-Id": proxyId,
      "Accept-Encoding": "gzip, br",
    });
    expect(stream.response.headers.get("x-request-id")).toBe(proxyId);
    expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(stream.response.headers.get("content-encoding")).toBeNull();
    expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(await requestsCounted("GET", "2xx")).toBe(before + 1);
    // A client's own id without a trusted proxy is not kept.
    const direct = await startLiveFeedServer(services);
    const planted = await openLiveStream(direct.origin, "/api/live?topic=characters", {
      "X-Request-Id": "mi-id-inventado-123",
    });
    expect(planted.response.headers.get("x-request-id")).not.toBe("mi-id-inventado-123");
    stream.close();
    planted.close();
    await direct.close();
  });

  it("gives back a reader's place and subscription when it leaves", async () => {
    server = await startLiveFeedServer(services);
    const subscribers = services.live.subscriberCount();
    const stream = await openLiveStream(server.origin, "/api/live?topic=characters&topic=chapters");
    await expect.poll(() => stream.events()[0]?.type).toBe("hello");
    expect(services.liveConnections.open()).toBe(1);
    expect(services.live.subscriberCount()).toBe(subscribers + 1);
    expect(server.feed.streams()).toBe(1);
    stream.close();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
    expect(services.live.subscriberCount()).toBe(subscribers);
    expect(server.feed.streams()).toBe(0);
  });

  it("times each change's hand-out to every stream (the instance's share of a comment's way)", async () => {
    server = await startLiveFeedServer(services);
    const handedOut = async () =>
      Number(/^site_live_fanout_seconds_count (\d+)$/m.exec(await services.metrics.text())?.[1] ?? 0);
    const before = await handedOut();
    const stream = await openLiveStream(server.origin, "/api/live?topic=characters");
    await expect.poll(() => stream.events().length).toBe(1);
    await services.live.publish("characters");
    await expect.poll(() => stream.events().length).toBe(2);
    expect(await handedOut()).toBe(before + 1);
    stream.close();
  });

  it("pings every open stream from one timer, so proxies keep them open", async () => {
    server = await startLiveFeedServer(services, { pingMs: 50 });
    const streams = [
      await openLiveStream(server.origin, "/api/live?topic=characters"),
      await openLiveStream(server.origin, "/api/live?topic=chapters"),
    ];
    for (const stream of streams) await expect.poll(() => stream.text()).toContain(": ping\n\n");
    for (const stream of streams) stream.close();
  });

  it("sends each change as the stream's own bytes until the connection closes, with no chunk framing", async () => {
    server = await startLiveFeedServer(services);
    const { port } = new URL(server.origin);
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.write(`GET /api/live?topic=characters HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await expect.poll(() => received).toContain("event: hello");
    await services.live.publish("characters", undefined, { name: "Taquito" });
    await expect.poll(() => received).toContain('"name":"Taquito"');
    const [head, body] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head!.toLowerCase()).toContain("connection: close");
    expect(head!.toLowerCase()).not.toContain("transfer-encoding");
    // The body is the event stream itself: every line a field, a comment or blank, no chunk sizes.
    expect(body!.split("\n").filter((line) => line && !/^(retry|id|event|data|): ?/.test(line))).toEqual([]);
    socket.destroy();
  });

  /**
   * A raw connection that gets an answer of known length whose end() the server holds back, then
   * asks for the feed on the same connection: what a browser does once an answer's last byte is
   * in, which can come before the server has ended that answer. Node then holds the feed's
   * response without a socket until that answer ends (`finishPrevious`).
   */
  async function askForTheFeedBehindAnUnfinishedAnswer() {
    let finishPrevious = () => {};
    server = await startLiveFeedServer(services, {
      app: (_request, response) => {
        response.writeHead(200, { "Content-Length": "2" });
        response.write("ok");
        finishPrevious = () => response.end();
      },
    });
    const { port } = new URL(server.origin);
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.write(`GET /capitulos HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await expect.poll(() => received).toMatch(/\r\n\r\nok$/);
    socket.write(`GET /api/live?topic=characters HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    // The reader's place is held while the stream waits for the connection.
    await expect.poll(() => services.liveConnections.open()).toBe(1);
    return { socket, received: () => received, finishPrevious: () => finishPrevious() };
  }

  it("starts a stream asked for on a kept-alive connection while the answer before it is still finishing", async () => {
    const { socket, received, finishPrevious } = await askForTheFeedBehindAnUnfinishedAnswer();
    finishPrevious();
    await expect.poll(received).toContain("event: hello");
    await services.live.publish("characters", undefined, { name: "Taquito" });
    await expect.poll(received).toContain('"name":"Taquito"');
    const stream = received().slice(received().indexOf("HTTP/1.1 200", 10));
    expect(stream.split("\r\n\r\n")[1]).toMatch(/^retry: 3000\n: conectado\nid: /);
    socket.destroy();
  });

  it("gives back the place of a reader who leaves while its stream waits for the connection", async () => {
    const { socket } = await askForTheFeedBehindAnUnfinishedAnswer();
    socket.destroy();
    await expect.poll(() => services.liveConnections.open()).toBe(0);
    expect(services.live.subscriberCount()).toBe(0);
  });

  it("cuts a reader who stops taking what is sent, instead of keeping it all in memory", async () => {
    server = await startLiveFeedServer(services, { maxUnsentBytes: 64 * 1024 });
    const { port } = new URL(server.origin);
    // A reader that asks, then never reads: the kernel's buffers fill, then the server's.
    const socket = connect(Number(port), "127.0.0.1");
    socket.write(`GET /api/live?topic=characters HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    socket.pause();
    let closed = false;
    socket.on("close", () => (closed = true));
    socket.on("error", () => {});
    await expect.poll(() => services.liveConnections.open()).toBe(1);
    const bulky = { text: "x".repeat(7000) };
    for (let sent = 0; sent < 4000 && services.liveConnections.open() > 0; sent++) {
      await services.live.publish("characters", undefined, bulky);
    }
    expect(services.liveConnections.open()).toBe(0);
    expect(services.live.subscriberCount()).toBe(0);
    socket.resume();
    // The client first reads what the kernel still holds for it (megabytes): on a loaded machine
    // that took over the poll's default 5 s once.
    await expect.poll(() => closed, { timeout: 20_000 }).toBe(true);
  });
});

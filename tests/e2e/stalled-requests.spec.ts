import { connect } from "node:net";
import { expect, startSiteServer, test, workerPort, type SiteServer } from "./support.ts";

/**
 * A client that opens a connection and stalls must not hold it: the server answers 408 and
 * closes once headers are late (5 s) or the body is (15 s in all; server/main.ts). The site here
 * has both clocks shortened to 1 s and 2 s (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS), so the test
 * proves the mechanism without waiting out production's times.
 */
const TIMEOUTS = { HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "2000" };
function stall(baseURL: string, firstBytes: string): Promise<{ reply: string; heldMs: number }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((done, fail) => {
    const started = Date.now();
    let reply = "";
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () =>
      socket.write(firstBytes),
    );
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (reply += chunk));
    socket.on("close", () => done({ reply, heldMs: Date.now() - started }));
    socket.on("error", fail);
    socket.setTimeout(30_000, () => {
      socket.destroy();
      fail(new Error("the server held a stalled connection for 30 s"));
    });
  });
}

/**
 * Sends `requests` one after the other on one kept-alive connection, `idleMs` apart, and returns
 * each answer's head (each /healthz answer is read whole by its Content-Length before the next).
 */
function keptAlive(baseURL: string, requests: number, idleMs: number): Promise<string[]> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((done, fail) => {
    const heads: string[] = [];
    let buffer = "";
    const ask = () => socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, ask);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      const headEnd = buffer.indexOf("\r\n\r\n");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(buffer)?.[1] ?? Number.NaN);
      if (headEnd < 0 || buffer.length < headEnd + 4 + length) return;
      heads.push(buffer.slice(0, headEnd));
      buffer = "";
      if (heads.length === requests) {
        socket.end();
        done(heads);
      } else setTimeout(ask, idleMs);
    });
    socket.on("close", () => heads.length < requests && fail(new Error(`closed after ${heads.length} answers`)));
    socket.on("error", fail);
  });
}

test.describe("stalled requests", () => {
  // Both tests in one worker, on one site: spread over two workers, each started a site of its own.
  test.describe.configure({ mode: "default" });
  test.setTimeout(45_000);
  let site: SiteServer & { stop(): Promise<void> };
  test.beforeAll(async () => {
    site = await startSiteServer(workerPort(20), TIMEOUTS);
  });
  test.afterAll(() => site?.stop());

  test("unfinished headers are cut within seconds", async () => {
    const { reply, heldMs } = await stall(site.baseURL, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(heldMs).toBeLessThan(Number(TIMEOUTS.HEADERS_TIMEOUT_MS) + 5_000);
  });

  // A proxy keeps idle connections to an instance to reuse them (Caddy: 60 s, set in both
  // Caddyfiles). An instance that closed them sooner (Node's default, 5 s) raced the proxy's next
  // request on them: a reset, a 502 for a POST the proxy cannot replay (families.spec met it as
  // ECONNRESET, full-disk.spec as 'other side closed'). The instance keeps them longer.
  test("a kept-alive connection outlives the proxy's idle time and serves after a pause", async () => {
    const [first, second] = await keptAlive(site.baseURL, 2, 6_000);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    const timeout = Number(/\r\nkeep-alive: timeout=(\d+)/i.exec(first!)?.[1]);
    expect(timeout, "the Keep-Alive timeout the instance announces, in s").toBeGreaterThan(60);
    expect(second).toMatch(/^HTTP\/1\.1 200/);
  });

  test("a promised body that never comes is cut", async () => {
    const { reply, heldMs } = await stall(
      site.baseURL,
      "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nname=a",
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(heldMs).toBeLessThan(Number(TIMEOUTS.REQUEST_TIMEOUT_MS) + 5_000);
  });
});

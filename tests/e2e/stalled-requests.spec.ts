import { connect } from "node:net";
import { expect, test } from "./support.ts";

/**
 * A client that opens a connection and stalls must not hold it: the server answers 408 and
 * closes once headers are late (5 s) or the body is (15 s in all; server/main.ts).
 */
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

test.describe("stalled requests", () => {
  test.describe.configure({ mode: "parallel" });
  test.setTimeout(45_000);

  test("unfinished headers are cut within seconds", async ({ baseURL }) => {
    const { reply, heldMs } = await stall(baseURL!, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(heldMs).toBeLessThan(12_000);
  });

  test("a promised body that never comes is cut", async ({ baseURL }) => {
    const { reply, heldMs } = await stall(
      baseURL!,
      "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nname=a",
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(heldMs).toBeLessThan(25_000);
  });
});

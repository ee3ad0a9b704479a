import { METHODS } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServices } from "../tests/support/fixtures.ts";
import { startAppServer, type AppServer } from "../tests/support/app-server.ts";
import { REQUEST_TARGET_MESSAGES, unusableAddress } from "./request-target.ts";

// Issue 37: a NUL in a route parameter reached PostgreSQL (500 and a stack trace), and TRACE
// broke `new Request()` on every route. Both are refused where every request passes.
describe("requests no page can serve", () => {
  const services = useTestServices("pglite");
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer(services);
  });
  afterAll(() => server.close());

  const errorsLogged = () => server.lines.filter((line) => line.level === "error");

  it("still serve the route with an ordinary parameter and query", async () => {
    const answer = await server.send("GET", "/palabras/hola?q=%20mundo%C3%B1");
    expect([answer.status, answer.text]).toEqual([200, "hola mundoñ"]);
  });

  it("a NUL, another control character or broken percent-encoding in the path or query: 400 in Spanish, no error logged", async () => {
    const before = server.lines.length;
    for (const path of [
      "/palabras/%00",
      "/palabras/a%00b",
      "/palabras/%01",
      "/palabras/%7F",
      "/palabras/%0A",
      "/palabras/%E0%A4%A",
      "/palabras/%ED%A0%80",
      "/palabras/%ZZ",
      "/palabras/hola?q=%00",
      "/palabras/hola?%00=1",
      "/palabras/hola?q=a%1Fb",
      "/palabras/hola?q=%E0%A4%A",
      "/%00",
    ]) {
      const answer = await server.send("GET", path);
      expect([answer.status, answer.text, answer.headers["content-type"]], path).toEqual([
        400,
        REQUEST_TARGET_MESSAGES.address,
        "text/plain; charset=UTF-8",
      ]);
      const form = await server.send("POST", path, { type: "application/x-www-form-urlencoded", text: "a=1" });
      expect(form.status, `POST ${path}`).toBe(400);
    }
    expect(errorsLogged()).toEqual([]);
    // Each is an ordinary request line, with its request id.
    const lines = server.lines.slice(before);
    expect(lines.length).toBe(26);
    expect(lines.every((line) => line.level === "info" && line.msg === "request" && line.fields?.status === 400)).toBe(
      true,
    );
  });

  it("a tab or line break in a query is let through, as in a form's field", async () => {
    const answer = await server.send("GET", "/palabras/hola?q=%09uno%0Ados");
    expect([answer.status, answer.text]).toEqual([200, "hola\tuno\ndos"]);
  });

  it("any method but GET, HEAD and POST: 405 with Allow, no error logged", async () => {
    const methods = METHODS.filter((method) => !["GET", "HEAD", "POST", "CONNECT"].includes(method));
    expect(methods).toContain("TRACE");
    for (const method of methods) {
      for (const path of ["/palabras/hola", "/", "/robots.txt"]) {
        const answer = await server.send(method, path);
        expect([answer.status, answer.headers.allow], `${method} ${path}`).toEqual([405, "GET, HEAD, POST"]);
      }
    }
    expect((await server.send("TRACE", "/palabras/hola")).text).toBe(REQUEST_TARGET_MESSAGES.method);
    expect((await server.send("HEAD", "/palabras/hola")).status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });
});

describe("the request metrics' labels", () => {
  const services = useTestServices("pglite");
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer(services);
  });
  afterAll(() => server.close());

  /** The series of the request counter and histogram (one `_count` line per series). */
  const series = async () =>
    (await services.metrics.text())
      .split("\n")
      .filter((line) => /^site_http_requests_total\{|^site_http_request_duration_seconds_count\{/.test(line));

  it("come from a closed set: 30 more methods sent to a route add no series to the four methods' own", async () => {
    const PATHS = ["/palabras/hola", "/palabras/%00", "/"];
    const sendAll = async (methods: readonly string[]) => {
      for (const method of methods) for (const path of PATHS) await server.send(method, path);
    };
    await sendAll(["GET", "HEAD", "POST", "TRACE"]);
    const served = await series();
    const odd = METHODS.filter((method) => !["GET", "HEAD", "POST", "TRACE", "CONNECT"].includes(method));
    expect(odd.length).toBeGreaterThanOrEqual(30);
    await sendAll(odd);
    const after = await series();
    expect(after.length).toBe(served.length);
    const methods = new Set(after.map((line) => /method="([^"]*)"/.exec(line)![1]));
    expect([...methods].sort()).toEqual(["GET", "HEAD", "POST", "other"]);
    expect(after.join("\n")).not.toContain("%00");
  });
});

describe("an address no page sends", () => {
  it("is one with broken percent-encoding or a control character; tab and line breaks only in the query", () => {
    expect(unusableAddress("http://x/capitulo-1?a=b&c=%C3%B1+d")).toBe(false);
    expect(unusableAddress("http://x/%C3%B1/%2F?q=%09%0A%0D")).toBe(false);
    expect(unusableAddress("http://x/a%09b")).toBe(true);
    expect(unusableAddress("http://x/?q=%00")).toBe(true);
    expect(unusableAddress("http://x/?q=%C3")).toBe(true);
    expect(unusableAddress("http://x/%")).toBe(true);
  });
});

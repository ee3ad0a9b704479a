import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedAssets, pickVariant } from "./static-assets.ts";

describe("choosing a precompressed variant", () => {
  const asset = {
    identity: { body: Buffer.from("i") },
    br: { body: Buffer.from("b"), encoding: "br" as const },
    gzip: { body: Buffer.from("g"), encoding: "gzip" as const },
  };
  it("prefers Brotli, then gzip, then the file itself", () => {
    expect(pickVariant(asset, "gzip, deflate, br, zstd").encoding).toBe("br");
    expect(pickVariant(asset, "gzip").encoding).toBe("gzip");
    expect(pickVariant(asset, "*").encoding).toBe("gzip");
    expect(pickVariant(asset, undefined).encoding).toBeUndefined();
    expect(pickVariant(asset, "identity").encoding).toBeUndefined();
  });
  it("respects an encoding refused with q=0", () => {
    expect(pickVariant(asset, "br;q=0, gzip").encoding).toBe("gzip");
    expect(pickVariant(asset, "br;q=0.0, gzip;q=0").encoding).toBeUndefined();
    expect(pickVariant({ identity: asset.identity }, "br, gzip").encoding).toBeUndefined();
  });
});

describe("the hashed-asset fast path", () => {
  let server: Server;
  let origin = "";
  let passedOn: string[] = [];
  const script = "console.log('hola');".repeat(100);

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "assets-test-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets/entry-abc123.js"), script);
    writeFileSync(join(clientDir, "assets/entry-abc123.js.br"), brotliCompressSync(script));
    writeFileSync(join(clientDir, "assets/entry-abc123.js.gz"), gzipSync(script));
    const assets = hashedAssets(clientDir);
    server = createServer((request, response) => {
      if (assets.handle(request, response)) return;
      passedOn.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("answers a known file from memory with its precompressed twin", async () => {
    const response = await fetch(`${origin}/assets/entry-abc123.js`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await response.text()).toBe(script);
  });

  it("answers a matching ETag with 304", async () => {
    const first = await fetch(`${origin}/assets/entry-abc123.js`);
    const again = await fetch(`${origin}/assets/entry-abc123.js`, {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("passes on what it does not hold: other files, other methods, other paths", async () => {
    passedOn = [];
    await fetch(`${origin}/assets/otro.js`);
    await fetch(`${origin}/assets/entry-abc123.js`, { method: "POST", body: "x" });
    await fetch(`${origin}/assets/../package.json`);
    await fetch(`${origin}/`);
    expect(passedOn).toEqual(["GET /assets/otro.js", "POST /assets/entry-abc123.js", "GET /package.json", "GET /"]);
  });
});

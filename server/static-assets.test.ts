import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveAssets, hashedAssets, pickVariant } from "./static-assets.ts";

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

describe("earlier builds' files across a deploy", () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** A client build whose /assets holds `files` (name → content). */
  function clientBuild(files: Record<string, string>) {
    const clientDir = mkdtempSync(join(tmpdir(), "assets-build-"));
    mkdirSync(join(clientDir, "assets"));
    for (const [name, content] of Object.entries(files))
      writeFileSync(join(clientDir, "assets", name), Buffer.from(content, name.endsWith(".gz") ? "latin1" : "utf8"));
    return clientDir;
  }
  async function serve(assets: ReturnType<typeof hashedAssets>) {
    const server = createServer((request, response) => {
      if (!assets.handle(request, response)) response.writeHead(404).end("not found");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { get: (path: string) => fetch(`${origin}${path}`), close: () => server.close() };
  }

  it("serves the previous build's scripts from the instance running the new build, and the reverse", async () => {
    const archiveDir = mkdtempSync(join(tmpdir(), "assets-archive-"));
    const oldBuild = clientBuild({
      "root-OLD1.js": "old root",
      "root-OLD1.js.gz": gzipSync("old root").toString("latin1"),
      "chunk-SAME.js": "shared",
    });
    const newBuild = clientBuild({ "root-NEW2.js": "new root", "chunk-SAME.js": "shared" });
    // The old instance started before the deploy and archived its files then.
    expect(archiveAssets(oldBuild, archiveDir).archived).toBe(3);
    const oldInstance = await serve(hashedAssets(oldBuild, { archiveDir }));
    // Before the new instance starts, the old one cannot know the new files.
    expect((await oldInstance.get("/assets/root-NEW2.js")).status).toBe(404);
    expect(archiveAssets(newBuild, archiveDir).archived).toBe(1);
    const newInstance = await serve(hashedAssets(newBuild, { archiveDir }));
    try {
      const old = await newInstance.get("/assets/root-OLD1.js");
      expect(old.status).toBe(200);
      expect(old.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(old.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(await old.text()).toBe("old root");
      // A page of the new build served through the old instance loads its scripts too.
      expect(await (await oldInstance.get("/assets/root-NEW2.js")).text()).toBe("new root");
      expect((await newInstance.get("/assets/root-NONE.js")).status).toBe(404);
      // Nothing outside the archive's /assets is reachable through it.
      writeFileSync(join(archiveDir, "secret.js"), "not an asset");
      expect((await newInstance.get("/assets/..%2Fsecret.js")).status).toBe(404);
      expect((await newInstance.get("/assets/.hidden")).status).toBe(404);
    } finally {
      oldInstance.close();
      newInstance.close();
    }
  });

  it("drops a build's files some days after its last instance started, never the running build's", () => {
    const archiveDir = mkdtempSync(join(tmpdir(), "assets-archive-"));
    const now = Date.now();
    const oldBuild = clientBuild({ "root-OLD1.js": "old", "chunk-SAME.js": "shared" });
    const newBuild = clientBuild({ "root-NEW2.js": "new", "chunk-SAME.js": "shared" });
    archiveAssets(oldBuild, archiveDir, { now: now - 20 * DAY });
    archiveAssets(newBuild, archiveDir, { now: now - 20 * DAY });
    // A recent build's file survives; the old build's file, 20 days old, goes.
    const recent = join(archiveDir, "assets/root-RECENT.js");
    writeFileSync(recent, "recent");
    utimesSync(recent, new Date(now - 3 * DAY), new Date(now - 3 * DAY));
    const result = archiveAssets(newBuild, archiveDir, { now, keepDays: 14 });
    expect(result).toEqual({ archived: 0, dropped: 1 });
    expect(readdirSync(join(archiveDir, "assets")).sort()).toEqual(["chunk-SAME.js", "root-NEW2.js", "root-RECENT.js"]);
    expect(existsSync(join(archiveDir, "assets/root-OLD1.js"))).toBe(false);
  });
});

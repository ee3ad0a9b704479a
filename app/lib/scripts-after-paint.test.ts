import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "./scripts-after-paint.server.ts";

const page =
  '<head><link rel="modulepreload" href="/assets/a.js"/><style>p{color:red}</style></head><body>ñandú ' +
  '<link rel="modulepreload" href="/assets/b.js"/><script nonce="n" type="module" async="">import "/a.js";</script>' +
  '<script type="application/ld+json">{}</script></body>';
const expected = page
  .replaceAll('rel="modulepreload"', 'rel="modulepreload-after-paint"')
  .replace('type="module" async=""', 'type="text/module-after-paint" async=""');

/** The page cut into chunks of `size` bytes, through the transform. */
const transformed = (size: number) => {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
};

describe("scripts after the first paint", () => {
  it("makes every module preload and the module script inert, whole or cut across chunks at any byte", async () => {
    for (const size of [1, 2, 3, 5, 7, 11, 18, 19, 20, 23, 64, 10_000]) expect(await transformed(size)).toBe(expected);
  });

  it("holds back nothing when a chunk cannot begin a rewritten attribute", async () => {
    const out = scriptsAfterFirstPaint();
    const received: string[] = [];
    out.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    out.write(Buffer.from("<div>shell</div>"));
    await new Promise((done) => setImmediate(done));
    expect(received.join("")).toBe("<div>shell</div>");
    out.end();
  });

  it("sends what one turn of the event loop wrote as one chunk, and a later write after it", async () => {
    const out = scriptsAfterFirstPaint();
    const received: string[] = [];
    out.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    for (const piece of ["<div>", "shell", "</div>"]) out.write(Buffer.from(piece));
    await new Promise((done) => setImmediate(done));
    expect(received).toEqual(["<div>shell</div>"]);
    out.write(Buffer.from("<p>late</p>"));
    await new Promise((done) => setImmediate(done));
    expect(received).toEqual(["<div>shell</div>", "<p>late</p>"]);
    out.end();
  });
});

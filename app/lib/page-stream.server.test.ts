import { EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ReaderLeftError, readablePageStream } from "./page-stream.server.ts";
import { scriptsAfterFirstPaint } from "./inert-scripts-rewrite.server.ts";

/** What React's `pipe` sees of the destination: write, end, destroy, and the drain event. */
type Destination = EventEmitter & {
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  destroy(error?: unknown): void;
};

/** A page stream whose writer the test drives as React would. */
function pageStream() {
  let destination!: Destination;
  const seen = { aborted: [] as unknown[], errors: [] as unknown[], completed: 0 };
  const stream = readablePageStream({
    pipe: (writable: Writable) => {
      destination = writable as unknown as Destination;
    },
    abortRender: (reason) => seen.aborted.push(reason),
    rewrite: scriptsAfterFirstPaint(),
    onComplete: () => seen.completed++,
    onError: (error) => seen.errors.push(error),
  });
  return { stream, reader: stream.getReader(), destination, seen };
}

const nextTurn = () => new Promise((done) => setImmediate(done));
const bytes = (text: string) => new TextEncoder().encode(text);
const decode = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

describe("the rendered page as a web stream", () => {
  it("sends what one turn wrote as one chunk, rewritten, and a later write after it; ends with the page", async () => {
    const { reader, destination, seen } = pageStream();
    destination.write(bytes("<div>"));
    // React writes long strings as they are.
    destination.write("shell");
    destination.write(bytes('</div><script type="module" async="">import "/a.js";</script>'));
    expect(decode((await reader.read()).value)).toBe(
      '<div>shell</div><script type="text/module-after-paint" async="">import "/a.js";</script>',
    );
    destination.write(bytes("<p>late</p>"));
    await nextTurn();
    expect(decode((await reader.read()).value)).toBe("<p>late</p>");
    destination.write(bytes("<p>last</p>"));
    destination.end();
    expect(seen.completed).toBe(1);
    expect(decode((await reader.read()).value)).toBe("<p>last</p>");
    expect((await reader.read()).done).toBe(true);
  });

  it("asks the writer to wait once 64 KB wait unread, and lets it go on when the response reads", async () => {
    const { reader, destination } = pageStream();
    let drained = 0;
    destination.on("drain", () => drained++);
    const piece = bytes("x".repeat(16 * 1024));
    const answers = [1, 2, 3, 4, 5].map(() => destination.write(piece));
    expect(answers).toEqual([true, true, true, false, false]);
    await nextTurn();
    expect(drained).toBe(0);
    const read = await reader.read();
    expect(read.value?.byteLength).toBe(5 * 16 * 1024);
    await nextTurn();
    expect(drained).toBe(1);
    expect(destination.write(piece)).toBe(true);
    destination.end();
    expect((await reader.read()).value?.byteLength).toBe(16 * 1024);
    expect((await reader.read()).done).toBe(true);
  });

  it("stops the render when the reader leaves, reports nothing, and drops what is written after", async () => {
    const { reader, destination, seen } = pageStream();
    destination.write(bytes("<div>shell</div>"));
    await reader.cancel(new DOMException("The operation was aborted.", "AbortError"));
    expect(seen.aborted).toHaveLength(1);
    expect(seen.aborted[0]).toBeInstanceOf(ReaderLeftError);
    expect(destination.write(bytes("<p>late</p>"))).toBe(false);
    destination.end();
    await nextTurn();
    expect(seen.errors).toEqual([]);
    expect(seen.completed).toBe(0);
  });

  it("fails the stream, and reports it, when the render fails after its shell", async () => {
    const { reader, destination, seen } = pageStream();
    const failure = new Error("a suspended part failed for good");
    destination.destroy(failure);
    await expect(reader.read()).rejects.toBe(failure);
    expect(seen.errors).toEqual([failure]);
  });
});

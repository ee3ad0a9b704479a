import { EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import type { PageRewriter } from "./inert-scripts-rewrite.server.ts";

/** Why a render stopped early because nobody reads it any more (not a failure of ours). */
export class ReaderLeftError extends Error {
  constructor() {
    super("the reader left before the page was sent");
    this.name = "ReaderLeftError";
  }
}

export type PageStreamOptions = {
  /** React's `pipe`: starts writing the rendered page into the destination. */
  pipe: (destination: Writable) => void;
  /** React's `abort`: stops the render (its pending work, its timers). */
  abortRender: (reason?: unknown) => void;
  /** What happens to the rendered bytes before they leave (the scripts-after-paint rewrite). */
  rewrite: PageRewriter;
  /** Called once the whole page was written (the render's timeout is no longer needed). */
  onComplete?: () => void;
  /** Called when the render fails after its shell was sent (not when the reader leaves). */
  onError?: (error: unknown) => void;
};

/** Bytes React may write ahead of the reader before it is asked to wait ("drain"). */
const AHEAD_BYTES = 64 * 1024;

/**
 * The rendered page as the web stream a Response carries, safe when the reader leaves mid-page.
 *
 * React writes into a small sink of ours (the methods and events its `pipe` uses: write, end,
 * destroy; drain), which rewrites the bytes and hands what one turn of the event loop wrote to
 * the web stream as one chunk. There is no Node stream in between: a PassThrough, a Transform,
 * `pipeline` and an async iterator were ~4% of a signed-in page's CPU (decision 047).
 *
 * When a client disconnects, @hono/node-server cancels the response body, often with a
 * synthesized AbortError (honojs/node-server issue 388), which once travelled back up as an
 * error nobody listened for and took the instance down. Here a cancel ends the render with a
 * ReaderLeftError that nothing reports, and whatever React still writes is dropped. React waits
 * ("drain") once AHEAD_BYTES are queued that the response has not read (backpressure).
 */
export function readablePageStream({
  pipe,
  abortRender,
  rewrite,
  onComplete,
  onError,
}: PageStreamOptions): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let scheduled = false;
  let done = false;
  let waiting = false;
  const sink = new EventEmitter();

  const release = () => {
    scheduled = false;
    if (done || !batch.length) return;
    const chunk = oneChunk(batch, batchBytes);
    batch = [];
    batchBytes = 0;
    controller.enqueue(chunk);
  };
  const take = (parts: Buffer[], from: number) => {
    for (let index = from; index < parts.length; index++) batchBytes += parts[index]!.byteLength;
  };

  Object.assign(sink, {
    write(chunk: Uint8Array | string) {
      if (done) return false;
      const before = batch.length;
      rewrite.write(bufferOf(chunk), batch);
      take(batch, before);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      const room = (controller.desiredSize ?? 0) - batchBytes > 0;
      if (!room) waiting = true;
      return room;
    },
    end() {
      if (done) return;
      const before = batch.length;
      rewrite.end(batch);
      take(batch, before);
      release();
      done = true;
      controller.close();
      onComplete?.();
    },
    destroy(error?: unknown) {
      if (done) return;
      done = true;
      batch = [];
      onError?.(error);
      controller.error(error);
    },
  });

  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        // Called when the response has read what was queued; bytes of this turn still count.
        if (!waiting || (controller.desiredSize ?? 0) - batchBytes <= 0) return;
        waiting = false;
        sink.emit("drain");
      },
      cancel() {
        if (done) return;
        done = true;
        batch = [];
        // Whatever the reason the cancel carries (often a synthesized AbortError), it is the
        // reader who left: stop rendering without reporting an error.
        abortRender(new ReaderLeftError());
      },
    },
    { highWaterMark: AHEAD_BYTES, size: (chunk) => chunk.byteLength },
  );
  pipe(sink as unknown as Writable);
  return stream;
}

/**
 * One piece of a turn's parts, which are views of what React wrote (it never writes into a view
 * again once written, but some are its constants, shared by every page): copied, never shared.
 */
function oneChunk(parts: Buffer[], totalBytes: number): Uint8Array {
  const bytes = parts.length === 1 ? Buffer.from(parts[0]!) : Buffer.concat(parts, totalBytes);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** What React wrote, as a Buffer over the same bytes (a string is encoded). */
function bufferOf(chunk: Uint8Array | string): Buffer {
  return typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

import { PassThrough, pipeline, type Transform, type Writable } from "node:stream";

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
  transform: Transform;
  /** Called once the whole page was written (the render's timeout is no longer needed). */
  onComplete?: () => void;
  /** Called when the Node streams fail for a reason other than the reader leaving. */
  onError?: (error: unknown) => void;
};

/**
 * The rendered page as the web stream a Response carries, safe when the reader leaves mid-page.
 *
 * When a client disconnects, @hono/node-server cancels the response body; with compression
 * (hono's `compress()`), Node's web-stream adapter turns the reason-less cancel into an
 * `AbortError` that travels back up to the stream that produced the page (honojs/node-server
 * issue 388). React Router's `createReadableStreamFromReadable` answered that by destroying its
 * Node stream with the error after removing its own 'error' listener, so the error was emitted
 * with no listener and Node exited: one to three aborted signed-in requests took an instance down.
 *
 * Here every Node stream is owned by `pipeline` (which listens for their errors and destroys them
 * together), a cancel ends the render with a ReaderLeftError that nothing reports, and the web
 * stream pulls from the Node side only as fast as the response is written (backpressure).
 */
export function readablePageStream({
  pipe,
  abortRender,
  transform,
  onComplete,
  onError,
}: PageStreamOptions): ReadableStream<Uint8Array> {
  const rendered = new PassThrough({
    final(callback) {
      onComplete?.();
      callback();
    },
  });
  let readerLeft = false;
  pipeline(rendered, transform, (error) => {
    if (error && !readerLeft) onError?.(error);
  });
  pipe(rendered);
  const chunks = transform[Symbol.asyncIterator]() as AsyncIterator<Buffer>;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (error) {
          if (readerLeft) return;
          controller.error(error);
        }
      },
      cancel() {
        readerLeft = true;
        // Whatever the reason the cancel carries (often a synthesized AbortError), it is the
        // reader who left: stop rendering and release the streams without emitting an error.
        abortRender(new ReaderLeftError());
        void chunks.return?.();
        transform.destroy();
        rendered.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

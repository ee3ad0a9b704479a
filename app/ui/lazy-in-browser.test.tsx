import { PassThrough } from "node:stream";
import { Suspense, type ComponentType } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyInBrowser } from "./lazy-in-browser.ts";

/** Renders as entry.server.tsx does (the shell goes out first) and returns the whole stream. */
function renderStreamed(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        const output = new PassThrough();
        let html = "";
        output.on("data", (chunk: Buffer) => (html += chunk.toString()));
        output.on("end", () => resolve(html));
        pipe(output);
      },
      onShellError: reject,
    });
  });
}

/** A module that takes a moment to load, as a chunk read from disk does. */
const slowModule = (component: ComponentType<{ name: string }>) => () =>
  new Promise<ComponentType<{ name: string }>>((resolve) => setTimeout(() => resolve(component), 5));

const Greeting = ({ name }: { name: string }) => <p className="greeting">Hola, {name}</p>;

const page = (Part: ComponentType<{ name: string }>) => (
  <main>
    <Suspense fallback={<p>Cargando</p>}>
      <Part name="Taquito" />
    </Suspense>
  </main>
);

describe("lazyInBrowser on the server", () => {
  it("loads the module at startup: the first render has the part in place, in the shell", async () => {
    const LazyGreeting = lazyInBrowser(slowModule(Greeting));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const html = await renderStreamed(page(LazyGreeting));
    expect(html).toBe('<main><!--$--><p class="greeting">Hola, <!-- -->Taquito</p><!--/$--></main>');
  });

  it("renders a part asked for before its module loaded once it has (streamed behind the shell)", async () => {
    const LazyGreeting = lazyInBrowser(slowModule(Greeting));
    const html = await renderStreamed(page(LazyGreeting));
    expect(html).toContain("Cargando");
    expect(html).toContain('<p class="greeting">Hola, <!-- -->Taquito</p>');
  });

  it("fails a part whose module cannot load with that failure: only a browser without signal waits", async () => {
    const missing = new Error("chunk missing");
    const LazyGreeting = lazyInBrowser<{ name: string }>(() => Promise.reject(missing));
    const errors: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page(LazyGreeting), {
        onError: (error) => void errors.push(error),
        onAllReady() {
          pipe(new PassThrough());
          resolve();
        },
        onShellError: reject,
      });
    });
    expect(errors).toEqual([missing]);
  });
});

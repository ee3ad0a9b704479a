import { lazy, type ComponentType } from "react";

/** A thenable that calls back at once: React.lazy then has the module in the same render. */
const loadedNow = <T>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) });

/**
 * React.lazy for a component the server may render too. The browser loads its module on demand,
 * so a page's first scripts stay without it (scripts/budget.ts). The server loads it as soon as
 * this file is evaluated, at startup, and gives it to React synchronously from then on.
 *
 * With plain React.lazy the first server render of each component after a start suspended: the
 * page went out with an empty boundary, and the component followed in a hidden `<div id="S:0">`
 * that React's inline script moves into place later, batched up to 300 ms after the first paint.
 * Until then the page had no such control, and a browser that hydrated meanwhile and re-rendered
 * the boundary kept, for that moment, two copies of it (one hidden) with the same ids (decision
 * 052).
 */
export function lazyInBrowser<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  if (import.meta.env.SSR) {
    load().then(
      (component) => (loaded = component),
      // A module that fails to load fails the render that asks for it, through React.lazy below.
      () => {},
    );
  }
  return lazy(() => {
    if (loaded) return loadedNow({ default: loaded }) as unknown as Promise<{ default: ComponentType<Props> }>;
    return loadWhenOnline(load).then((component) => ({ default: component }));
  });
}

/**
 * A module asked for while the phone has no signal waits for it, instead of failing the render
 * that asked (the whole page then showed 'Algo salió mal' in place of the chapter a reader had
 * just opened). Meanwhile the component stays suspended: a page hydrated from the server keeps
 * the server's markup for it. With a signal, a failure fails as before.
 */
function loadWhenOnline<Module>(load: () => Promise<Module>): Promise<Module> {
  return load().catch(
    (error: unknown) =>
      new Promise<Module>((resolve, reject) => {
        // Only a browser that says it is offline waits (Node has a `navigator` without onLine).
        if (typeof window === "undefined" || navigator.onLine !== false) return reject(error);
        window.addEventListener("online", () => loadWhenOnline(load).then(resolve, reject), { once: true });
      }),
  );
}

import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { TRIP_REFRESH_ATTRIBUTE } from "./features/travel/trip-addresses.ts";
import { rememberServerRenderedSelects } from "./lib/server-rendered.client.ts";

/**
 * The browser's entry (decision 083): Preact, under React's names, hydrates the page React
 * rendered on the server. What React's own entry leaves to React (a root that suspends, what its
 * server adds outside the tree) is done here.
 */

/**
 * Resolves once React Router has decoded the state the server streamed into the page. Its
 * HydratedRouter starts that decoding on its first call and throws the pending promise until it
 * is done: React suspends the whole root on it, but Preact needs a Suspense boundary, and one
 * around the whole document makes Preact build the page anew on resuming (every element
 * replaced, what the reader typed lost). So the decoding is awaited before hydrating. Once the
 * state is decoded the same call creates the router and goes on to its first hook, which throws
 * outside a render: by then the router exists, and the real render uses it.
 */
async function routerStateDecoded(): Promise<void> {
  const startRouter = HydratedRouter as (props: object) => unknown;
  for (;;) {
    try {
      startRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

/** Pictures whose preload link went while they were still arriving, held until they are in. */
const picturesArriving = new Set<HTMLImageElement>();

/**
 * React's server puts `<link rel="preload" as="image">` for the page's first pictures at the top
 * of <head>, outside the tree the app renders. Preact hydrates an element into the first
 * unclaimed one of its tag and leaves attributes as the server wrote them, so those extra links
 * shifted every other <link>: the web manifest and the home-screen icon were dropped. So they go
 * before hydrating. A picture may still be arriving by then (the scripts load while the page
 * paints, decision 087), and removing its link alone cancels its fetch: an image of its own
 * takes the fetch over first.
 */
function dropServerOnlyPreloads() {
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')) {
    const picture = new Image();
    picturesArriving.add(picture);
    const arrived = () => picturesArriving.delete(picture);
    picture.addEventListener("load", arrived, { once: true });
    picture.addEventListener("error", arrived, { once: true });
    if (link.imageSrcset) picture.srcset = link.imageSrcset;
    if (link.imageSizes) picture.sizes = link.imageSizes;
    picture.src = link.href;
    link.remove();
  }
}

/**
 * Steps out of the page, until hydration is done, what the server writes outside the app's tree
 * (`entry.server.tsx`: the trip copy's refresh, decision 082), which Preact would remove as not
 * its own. A script taken out still runs (its fetch started when it was parsed), and the module
 * finds its element back where it looks for it.
 */
function setOutsideElementsAside(): () => void {
  const outside = [...document.querySelectorAll(`script[${TRIP_REFRESH_ATTRIBUTE}]`)];
  for (const element of outside) element.remove();
  return () => document.body.append(...outside);
}

/**
 * A turn of the event loop for the browser: evaluating the modules, decoding the router's state
 * and hydrating ran as one task, which kept a picture that had just arrived from painting
 * until all three were done (Lighthouse: the home's hero painted ~0.9 s after it loaded).
 */
const yieldToBrowser = () => new Promise<void>((resume) => setTimeout(resume, 0));

dropServerOnlyPreloads();
void routerStateDecoded()
  .then(yieldToBrowser)
  .then(() => {
    // The router's state arrives at the end of the page: by now the whole page is parsed.
    rememberServerRenderedSelects();
    const putBack = setOutsideElementsAside();
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
    putBack();
  });

import { readFileSync } from "node:fs";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { log } from "./lib/log.server.ts";
import { ReaderLeftError, readablePageStream } from "./lib/page-stream.server.ts";
import { scriptsAfterFirstPaint } from "./lib/inert-scripts-rewrite.server.ts";
import { cspNonce, INTERNAL_RESPONSE_HEADERS, requestId, stylesheetHoleAsked } from "./lib/request.server.ts";
import { NonceProvider } from "./ui/nonce.tsx";
import { insertBeforeBodyEnd, modulePreloadMarkup, moduleScriptMarkup } from "./lib/body-end-insert.server.ts";
import { clientModuleAddress, type ServerNamedModule } from "./lib/client-modules.server.ts";
import { TRIP_REFRESH_ATTRIBUTE } from "./features/travel/trip-addresses.ts";
import { SiteStylesProvider } from "./ui/site-styles.tsx";
import { ServerHtmlProvider } from "./ui/html-sent-once-block.tsx";
import { serverHtmlContext } from "./lib/html-sent-once.server.ts";
// Compiled by Vite into the server bundle only; the browser gets it inside each page (SiteStyles).
import siteStyles from "./styles/app.scss?inline";

export { closeServices, createSeededDatabase, getServices } from "./runtime/services.server.ts";

/** The whole stylesheet: what a page carries inline when its route has none of its own. */
export const inlineStylesheet: string = siteStyles;

/**
 * Each route's own stylesheet, the rules its pages can use (decision 080), written beside this
 * bundle by the build (scripts/route-styles.ts). The server compresses each once
 * (server/spliced-gzip.ts). Without the file (the development server), every page gets them all.
 */
export const inlineStylesheets: Record<string, string> = (() => {
  try {
    return JSON.parse(readFileSync(new URL("./route-styles.json", import.meta.url), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
})();

/**
 * What a page carries instead of the stylesheet when the server asks (it gzips the page and puts
 * the stylesheet's deflated bytes there itself, server/spliced-gzip.ts): the ~61 KB then never
 * go through React's encoder and the page's streams (decision 041). A CSS comment, so a page
 * that somehow kept it would only lack its styles, never show it.
 */
export const inlineStylesheetHole = "/*inline-stylesheet*/";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = cspNonce(request);
  // The deepest route matched (its layouts' and the root's rules are in its stylesheet too).
  const routeId = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const routeStylesheet = (routeId && inlineStylesheets[routeId]) || siteStyles;
  if (routeId && inlineStylesheets[routeId]) responseHeaders.set(INTERNAL_RESPONSE_HEADERS.stylesheetRoute, routeId);
  const rewrite = withReadersModules(routerContext, nonce);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link-preview bots get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SiteStylesProvider value={stylesheetHoleAsked(request) ? inlineStylesheetHole : routeStylesheet}>
          <ServerHtmlProvider value={loadContext.get(serverHtmlContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ServerHtmlProvider>
        </SiteStylesProvider>
      </NonceProvider>,
      {
        nonce,
        // A boundary already rendered when the shell goes out goes in the shell, in place. React
        // otherwise moves any over 500 bytes behind the first 12.8 KB of a page (every page here,
        // with its inline stylesheet) into a hidden element at the end, revealed by an inline
        // script batched up to 300 ms after the first paint: a reader's comment form appeared
        // late, shifted the page, and sat twice in the DOM (one hidden) while a hydrated page
        // re-rendered it. Boundaries still waiting on data stream as before (decision 052).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const body = readablePageStream({
            pipe,
            abortRender(reason) {
              clearTimeout(timeoutId);
              abort(reason);
            },
            rewrite,
            onComplete() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            onError(error) {
              log.error("page stream error", { requestId: requestId(request), error });
            },
          });
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // The reader left (readablePageStream cancelled the render): nothing failed.
          if (error instanceof ReaderLeftError) return;
          responseStatusCode = 500;
          if (shellRendered) log.error("render error", { requestId: requestId(request), error });
        },
      },
    );
  });
}

/**
 * The page's scripts made inert until the first paint, and what only some readers' pages carry,
 * added by the server without a byte of it in the app's scripts:
 * - a reader whose trip copy on this device is behind (the root loader says so): the module
 *   that saves it again (decision 082);
 * - the modules loaded on demand that a route's loader names for this reader (`preloadModules`:
 *   the chapter's comment box, decision 086), preloaded with the page's own scripts instead of a
 *   round trip after them, and there when the phone loses its signal right after the page showed.
 */
function withReadersModules(routerContext: EntryContext, nonce: string) {
  const afterPaint = scriptsAfterFirstPaint();
  const loaderData = routerContext.staticHandlerContext.loaderData ?? {};
  const root = loaderData.root as { tripCopyBehind?: true } | undefined;
  const refresh = root?.tripCopyBehind ? clientModuleAddress("tripRefresh") : null;
  const preloads = Object.values(loaderData)
    .flatMap((data) => (data as { preloadModules?: ServerNamedModule[] } | undefined)?.preloadModules ?? [])
    .map(clientModuleAddress);
  const markup =
    (refresh ? moduleScriptMarkup(refresh, nonce, TRIP_REFRESH_ATTRIBUTE) : "") +
    preloads.map((address) => (address ? modulePreloadMarkup(address) : "")).join("");
  return markup ? insertBeforeBodyEnd(afterPaint, markup) : afterPaint;
}

/** Unexpected errors in loaders, actions and rendering: logged with the request id, never shown. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // A refusal (405 for a page without an action, 400 for a malformed request): the client's
  // mistake, answered in Spanish by the error page, not a failure of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error("unhandled error", {
    requestId: requestId(request),
    method: request.method,
    url: new URL(request.url).pathname,
    error,
  });
}

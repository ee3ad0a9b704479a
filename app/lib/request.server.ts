/**
 * Headers our HTTP server (server/app.ts) sets on every request it hands the app, from what it
 * knows itself; any copy a client sends is dropped there first.
 */
export const INTERNAL_HEADERS = {
  /** This response's Content-Security-Policy nonce. */
  nonce: "x-csp-nonce",
  /** The id that ties this request's log lines together (also sent back as X-Request-Id). */
  requestId: "x-request-id",
  /** The client's address: the socket's, not a header a client could forge. */
  clientIp: "x-client-ip",
  /**
   * Set when the server will gzip this page and fill the inline stylesheet in itself
   * (server/spliced-gzip.ts, decision 041): the page carries only the hole for it.
   */
  stylesheetHole: "x-stylesheet-hole",
  /**
   * Set on a page's first load (not its `.data`, which React Router asks for in the browser):
   * server-made HTML then travels in the page alone, not again in its data (html-sent-once.server.ts).
   */
  documentRequest: "x-document-request",
} as const;

/** Headers the app sets on a page for our HTTP server alone, which removes them on the way out. */
export const INTERNAL_RESPONSE_HEADERS = {
  /** The route whose own stylesheet the page carries inline (decision 080). */
  stylesheetRoute: "x-stylesheet-route",
} as const;

export const clientIp = (request: Request) => request.headers.get(INTERNAL_HEADERS.clientIp) ?? "unknown";

export const requestId = (request: Request) => request.headers.get(INTERNAL_HEADERS.requestId) ?? "-";

export const stylesheetHoleAsked = (request: Request) => request.headers.get(INTERNAL_HEADERS.stylesheetHole) === "1";

export const cspNonce = (request: Request) => request.headers.get(INTERNAL_HEADERS.nonce) ?? "";

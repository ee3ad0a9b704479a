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
} as const;

export const clientIp = (request: Request) => request.headers.get(INTERNAL_HEADERS.clientIp) ?? "unknown";

export const requestId = (request: Request) => request.headers.get(INTERNAL_HEADERS.requestId) ?? "-";

export const cspNonce = (request: Request) => request.headers.get(INTERNAL_HEADERS.nonce) ?? "";

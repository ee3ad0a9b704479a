/** Set by server/app.ts from the socket address; a client-sent copy is dropped there. */
export const INTERNAL_CLIENT_IP_HEADER = "x-client-ip";

export const clientIp = (request: Request) => request.headers.get(INTERNAL_CLIENT_IP_HEADER) ?? "unknown";

export const requestId = (request: Request) => request.headers.get("x-request-id") ?? "-";

/**
 * Cache-Control for the HTML pages the app renders (issue 14).
 *
 * A page for a visitor who is not signed in holds nothing personal: `private, no-cache` lets the
 * browser keep it in the back/forward cache (Chrome refuses `no-store` pages there) while every
 * new load still asks the server, and `private` keeps shared caches from storing it (each
 * response carries its own CSP nonce). A request with a session cookie, or a response that sets
 * a cookie, is personal: `private, no-store`, as before. A route that chose its own header keeps it.
 */
export const VISITOR_HTML = "private, no-cache";
export const PERSONAL_HTML = "private, no-store";

/** better-auth's session cookie, with the `__Secure-` prefix it takes on https. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_(?:token|data)=/;

/** Whether the request comes from a browser that holds a session (signed in, or was). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && SESSION_COOKIE.test(cookieHeader));
}

export function htmlCacheControl(requestHeaders: Headers, responseHeaders: Headers): string | null {
  if (!responseHeaders.get("Content-Type")?.startsWith("text/html")) return null;
  if (responseHeaders.has("Cache-Control")) return null;
  if (hasSessionCookie(requestHeaders.get("Cookie")) || responseHeaders.has("Set-Cookie")) return PERSONAL_HTML;
  return VISITOR_HTML;
}

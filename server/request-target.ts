import type { Context, Next } from "hono";
import { CONTROL_CHARACTERS } from "../app/lib/text-characters.ts";

/**
 * Requests the site can never serve, refused before React Router sees them: with a 4xx and an
 * ordinary `request` log line, not a 500 and a stack trace from wherever they would break
 * (docs/decisions/054).
 *
 * - Methods: pages, forms and better-auth's endpoints use GET, HEAD and POST only. Any other
 *   (Node parses some 35, TRACE among them, which `new Request()` refuses) gets 405 + `Allow`.
 * - The address: a path or query that is not valid percent-encoded UTF-8, or decodes to a control
 *   character (a NUL reached PostgreSQL as a route parameter and failed the query) gets 400. A
 *   path never holds one; a query may hold tab and line breaks, as a form's fields may.
 */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
const ALLOW = SERVED_METHODS.join(", ");
const CONTROL_IN_PATH = /[\u0000-\u001f\u007f]/;

export const REQUEST_TARGET_MESSAGES = {
  method: "Método no permitido.",
  address: "La dirección no es válida: contiene caracteres que no se pueden usar.",
} as const;

/** Whether a request URL's path or query cannot be what any page or form of the site sends. */
export function unusableAddress(url: string): boolean {
  const { pathname, search } = new URL(url);
  const path = decoded(pathname);
  if (path === null || CONTROL_IN_PATH.test(path)) return true;
  const query = decoded(search.slice(1).replaceAll("+", " "));
  return query === null || CONTROL_CHARACTERS.test(query);
}

/** The text a percent-encoded string stands for; null when the encoding or its UTF-8 is broken. */
function decoded(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Set on a refused request: its metrics' route label is "refused", its path never matched. */
export type RefusedVariables = { refused?: boolean };

export async function refuseUnservableRequests(c: Context<{ Variables: RefusedVariables }>, next: Next) {
  if (!SERVED.has(c.req.method)) {
    c.set("refused", true);
    return c.text(REQUEST_TARGET_MESSAGES.method, 405, { Allow: ALLOW });
  }
  if (unusableAddress(c.req.url)) {
    c.set("refused", true);
    return c.text(REQUEST_TARGET_MESSAGES.address, 400);
  }
  await next();
}

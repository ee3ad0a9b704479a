/**
 * Addresses whose path carries a credential (docs/decisions/053): whoever reads the address can
 * use it, so none is ever stored whole (page views, their day counts, log lines). A login card
 * signs a child in for as long as the card is valid (family cards never expire), a guardian's
 * link allows or refuses for a child, better-auth's reset link sets a new password.
 *
 * Matched as the routers match them, not as they are spelt: React Router matches paths
 * case-insensitively and after percent-decoding (`/ENTRAR/x`, `/%65ntrar/x`), a client
 * navigation asks for `/entrar/<token>.data`, a trailing slash or repeated slashes still
 * match. Whatever follows a secret prefix is dropped, so a spelling no router takes loses its
 * token all the same. Shared by the browser (the path Google hears) and the server.
 */

/** The secret part of each is the rest of the path after the prefix. */
export const SECRET_PATH_PREFIXES = [
  // Login cards (app/routes/entrar.$token.tsx).
  "/entrar/",
  // A guardian's consent link (app/routes/permiso-familiar.tsx).
  "/permiso-familiar/",
  // better-auth's password reset link (GET /reset-password/:token, app/routes/api.auth.$.ts).
  "/api/auth/reset-password/",
  // A booking's cancel link (app/routes/reservation.cancelar.$token.tsx).
  "/reservation/cancelar/",
] as const;

/** What stands for the secret part: "/entrar/…". */
export const REDACTED = "…";

/** ASCII percent escapes decoded until none is left (a doubly escaped `%2565` too); others kept. */
function unescapeAscii(text: string): string {
  let before: string;
  do {
    before = text;
    text = text.replace(/%([2-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } while (text !== before);
  return text;
}

/**
 * The path as a router compares it: query and fragment off, percent escapes decoded, backslashes
 * as slashes (as URL parsing does), repeated slashes as one. Case is kept (the token's is its own).
 */
function routerPath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0]!;
  return unescapeAscii(pathname).replace(/[/\\]+/g, "/");
}

/** The redacted path when `path` carries a secret ("/entrar/…"), else null. */
export function secretPathPrefix(path: string): string | null {
  const seen = routerPath(path).toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES)
    if (seen.startsWith(prefix) && seen.length > prefix.length) return `${prefix}${REDACTED}`;
  return null;
}

/** `path` (a pathname, maybe with a query) with any secret it carries replaced: "/entrar/…". */
export function redactSecretPath(path: string): string {
  return secretPathPrefix(path) ?? path;
}

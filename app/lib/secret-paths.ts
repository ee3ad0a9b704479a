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

// For text that may hold an address anywhere (a log line, an error message): each character of a
// prefix also as its percent escape, escaped once or more ("%65", "%2565"), in either case.
const escaped = (char: string) => {
  const hex = char.charCodeAt(0).toString(16);
  return `%(?:25)*${hex.length < 2 ? "0" + hex : hex}`;
};
const SLASHES = `(?:[/\\\\]|${escaped("/")}|${escaped("\\")})+`;
const spelt = (word: string) =>
  [...word].map((char) => (char === "/" ? SLASHES : `(?:${char.replace(/[-]/g, "\\-")}|${escaped(char)})`)).join("");
const SECRET_IN_TEXT = new RegExp(
  SECRET_PATH_PREFIXES.map((prefix) => `${SLASHES}${spelt(prefix.slice(1, -1))}${SLASHES}[^\\s"'<>?#&/\\\\]+`).join(
    "|",
  ),
  "gi",
);
/** Query values that are credentials wherever they appear: better-auth's e-mail links, OAuth's code. */
const SECRET_QUERY_IN_TEXT = /([?&](?:token|code)=)[^&#\s"'<>\\]+/gi;

/**
 * `text` with every secret address in it redacted ("…/entrar/…", "?token=…"): for whatever is
 * written to a log, where a path may sit inside a URL or an error's message.
 */
export function redactSecretsInText(text: string): string {
  if (!text.includes("/") && !text.includes("%") && !text.includes("\\") && !text.includes("=")) return text;
  return text
    .replace(SECRET_IN_TEXT, (match) => secretPathPrefix(match) ?? `/${REDACTED}`)
    .replace(SECRET_QUERY_IN_TEXT, `$1${REDACTED}`);
}

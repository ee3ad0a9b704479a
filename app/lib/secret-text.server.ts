import { REDACTED, SECRET_PATH_PREFIXES, secretPathPrefix } from "./secret-paths.ts";

/*
 * Secret addresses inside free text (a log line, an error's message), apart from
 * secret-paths.ts: the browser loads that one on every page (the path a page view reports), and
 * these patterns, built when the module loads, would cost every first load their bytes.
 */

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

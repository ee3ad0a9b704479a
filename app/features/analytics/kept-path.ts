/**
 * The only query keys a page view keeps: the ones the site itself reads to unlock or greet.
 * `book` opens the home page's "you have my book" block (/?book, the book's QR code); the rest
 * are /eventos' welcome keys (app/features/events/welcome-line.ts WELCOME_KEYS, checked equal
 * by a test). Any other query (a searched name, a reset token, a campaign tag) is dropped
 * before a view is sent anywhere, and again by the server before one is stored.
 */
export const KEPT_QUERY_KEYS: readonly string[] = [
  "book",
  "valentina",
  "espejo",
  "taquito",
  "camazotz",
  "tinskani",
  "choc",
  "mictlan",
  "ofrenda",
];

/** `pathname` plus only the kept keys of `search`, without their values: "/eventos?taquito". */
export function keptPath(pathname: string, search: string): string {
  const kept: string[] = [];
  for (const name of new URLSearchParams(search).keys()) {
    const key = name.trim().toLowerCase();
    if (KEPT_QUERY_KEYS.includes(key) && !kept.includes(key)) kept.push(key);
  }
  return kept.length ? `${pathname}?${kept.join("&")}` : pathname;
}

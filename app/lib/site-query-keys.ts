/**
 * The query keys the site itself reads, as names (values are ignored): `/?book` opens the home
 * page's "you have my book" block (the book's own QR code), and `/eventos?taquito` and the rest
 * greet a reader who scanned a code at an event (DESIGN.md). One list for both the pages that
 * read them and the page views that keep them (every other query is dropped before a view is
 * stored: a searched name, a reset token, a campaign tag).
 */
export const BOOK_KEY = "book";

export const WELCOME_KEYS = [
  "valentina",
  "espejo",
  "taquito",
  "camazotz",
  "tinskani",
  "choc",
  "mictlan",
  "ofrenda",
] as const;

export const SITE_QUERY_KEYS: readonly string[] = [BOOK_KEY, ...WELCOME_KEYS];

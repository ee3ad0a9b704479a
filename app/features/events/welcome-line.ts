import { WELCOME_KEYS } from "../../lib/site-query-keys.ts";

/**
 * /eventos greets readers who arrive from a QR code at an event. The key is the name of a
 * query parameter, as in /?book: /eventos?taquito (DESIGN.md). Values are ignored.
 */
export { WELCOME_KEYS };

export type WelcomeKey = (typeof WELCOME_KEYS)[number];

const isWelcomeKey = (name: string): name is WelcomeKey => (WELCOME_KEYS as readonly string[]).includes(name);

/**
 * The first known key among the query's parameter names, or null. Case and surrounding
 * spaces are forgiven, since printed QR links get retyped by hand; any other parameters
 * (campaign tags, for instance) are skipped.
 */
export function welcomeKeyFrom(searchParams: URLSearchParams): WelcomeKey | null {
  for (const name of searchParams.keys()) {
    const candidate = name.trim().toLowerCase();
    if (isWelcomeKey(candidate)) return candidate;
  }
  return null;
}

/** The welcome line for this query: the key's own line, or the general one. */
export function welcomeLineFor(
  searchParams: URLSearchParams,
  lines: Readonly<Record<WelcomeKey, string>>,
  general: string,
) {
  const key = welcomeKeyFrom(searchParams);
  return { key, line: key ? lines[key] : general };
}

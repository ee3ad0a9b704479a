/**
 * The reader's answer to the analytics banner, kept in a first-party cookie so the server
 * renders the page already knowing it (no banner flash, no Google before 'Aceptar'). Shared:
 * the analytics feature writes and reads it in the browser, and the HTTP server's visitor-page
 * cache (server/html-cache.ts) keys pages by it.
 */
export const CONSENT_COOKIE = "analiticas";

export type ConsentChoice = "granted" | "denied" | null;

/** The choice stored in a Cookie header (or document.cookie); null when never answered. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentChoice {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return value === "si" ? "granted" : value === "no" ? "denied" : null;
  }
  return null;
}

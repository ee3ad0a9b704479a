/**
 * The reader's answer to the analytics banner, kept in a first-party cookie so the server
 * renders the page already knowing it (no banner flash, no Google before 'Aceptar').
 * The cookie is the one source of truth: the browser reads it back after every change.
 */
export const CONSENT_COOKIE = "analiticas";
/** A year; then the reader is asked again. */
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Fired by the footer's 'Cookies' link (consent-link.tsx, which lives in every page's bundle
 * and so repeats this name rather than import this module into it).
 */
export const OPEN_CONSENT_EVENT = "analiticas:abrir";

export type ConsentChoice = "granted" | "denied" | null;

/** The choice stored in a Cookie header (or document.cookie); null when never answered. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentChoice {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return value === "si" ? "granted" : value === "no" ? "denied" : null;
  }
  return null;
}

const listeners = new Set<() => void>();
// Opened again from the footer link, although already answered.
let reopened = false;

export const consentStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    const reopen = () => consentStore.reopen();
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => {
      listeners.delete(listener);
      window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
    };
  },
  /** A string, so React can compare snapshots: "granted|open", "null|closed"… */
  snapshot: () => `${consentFromCookies(document.cookie)}|${reopened ? "open" : "closed"}`,
  choose(choice: "granted" | "denied") {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${CONSENT_COOKIE}=${choice === "granted" ? "si" : "no"}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
    reopened = false;
    listeners.forEach((listener) => listener());
  },
  reopen() {
    reopened = true;
    listeners.forEach((listener) => listener());
  },
};

export const parseSnapshot = (snapshot: string) => {
  const [choice, open] = snapshot.split("|");
  return {
    choice: (choice === "null" ? null : choice) as ConsentChoice,
    open: open === "open",
  };
};

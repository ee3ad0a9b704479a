import { CONSENT_COOKIE, consentFromCookies, type ConsentChoice } from "../../lib/consent-cookie.ts";

export { CONSENT_COOKIE, consentFromCookies, type ConsentChoice };

/** A year; then the reader is asked again. */
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Fired by the footer's 'Cookies' link (consent-link.tsx, which lives in every page's bundle
 * and so repeats this name rather than import this module into it).
 */
export const OPEN_CONSENT_EVENT = "analiticas:abrir";

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

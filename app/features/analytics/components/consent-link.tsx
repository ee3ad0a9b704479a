/** The event the analytics module listens for (analytics-consent.ts: the same name, tested). */
export const OPEN_CONSENT_EVENT = "analiticas:abrir";

/**
 * The footer's way back to the analytics question, to change the answer. An event rather than
 * an import, so pages carry the banner's code only where Google Analytics is configured.
 */
export function ConsentLink() {
  return (
    <button
      type="button"
      className="footer-link consent-link"
      onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
    >
      Cookies
    </button>
  );
}

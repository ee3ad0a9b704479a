import { useNonce } from "../../../ui/nonce.tsx";

export const LOADING_SCREEN_MS = 1500;
const SEEN_KEY = "splash-visto";

/**
 * SPEC.md: a loading screen for the first 1500 ms of the app. It is pure CSS over the
 * server-rendered page, so content is there (for crawlers and for the reader) the moment it
 * lifts, and it never waits for JavaScript. A tiny inline script skips it on later full loads
 * in the same tab session, so a reader is not made to wait on every QR scan.
 */
export function LoadingScreen() {
  const nonce = useNonce();
  const skipScript = `try{if(sessionStorage.getItem("${SEEN_KEY}"))document.documentElement.classList.add("splash-seen");else sessionStorage.setItem("${SEEN_KEY}","1")}catch(e){}`;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: skipScript }} suppressHydrationWarning />
      <div
        className="loading-screen"
        role="status"
        aria-live="polite"
        data-testid="loading-screen"
        suppressHydrationWarning
      >
        <img src="/favicon.svg" alt="" width="96" height="96" className="loading-screen-flower" />
        <span className="loading-screen-text">Cargando…</span>
      </div>
    </>
  );
}

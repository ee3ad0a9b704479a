import { MarigoldShapes } from "../../../ui/marigold.tsx";
import { useNonce } from "../../../ui/nonce.tsx";

export const LOADING_SCREEN_MS = 1500;
/** localStorage: the screen shows once per device (browser profile), not once per tab. */
export const LOADING_SCREEN_SEEN_KEY = "splash-visto";

/**
 * SPEC.md: a loading screen for the first 1500 ms of the app (decision 002). It is pure CSS over
 * the server-rendered page, so content is there the moment it lifts, and it never waits for
 * JavaScript. A tiny inline script, run before the overlay is parsed:
 * - skips it when this device has seen it already (a reader who scans codes that open new tabs
 *   sees it once), or when 1500 ms have passed since navigation start (a slow first paint);
 * - otherwise hands the CSS the time already spent since navigation start (`--splash-elapsed`),
 *   so the 1500 ms count from navigation start, not from the first paint.
 */
export function LoadingScreen() {
  const nonce = useNonce();
  const script =
    `try{var d=document.documentElement,t=performance.now();` +
    `if(localStorage.getItem("${LOADING_SCREEN_SEEN_KEY}")||t>=${LOADING_SCREEN_MS})d.classList.add("splash-seen");` +
    `else{localStorage.setItem("${LOADING_SCREEN_SEEN_KEY}","1");d.style.setProperty("--splash-elapsed",Math.round(t)+"ms")}}catch(e){}`;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
      <div
        className="loading-screen"
        role="status"
        aria-live="polite"
        data-testid="loading-screen"
        suppressHydrationWarning
      >
        <MarigoldFlower />
        <span className="loading-screen-text">Cargando…</span>
      </div>
    </>
  );
}

/** The site's marigold on its purple disc (public/favicon.svg), drawn inline. */
function MarigoldFlower() {
  return (
    <svg viewBox="0 0 64 64" width="96" height="96" className="loading-screen-flower" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#4a148c" />
      <MarigoldShapes transform="translate(32 32) scale(2.1)" />
      <circle cx="32" cy="32" r="5" fill="#fff3e0" />
    </svg>
  );
}

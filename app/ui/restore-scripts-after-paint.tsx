import { RESTORE_SCRIPTS_AFTER_PAINT } from "../lib/scripts-after-paint.ts";
import { useNonce } from "./nonce.tsx";

/**
 * Loads the page's scripts once it has painted (decision 021); render it after <Scripts />.
 * Only the server writes the script's text: React leaves a hydrated element's
 * dangerouslySetInnerHTML as the server wrote it, and later renders pass the same empty
 * string (as SiteStyles does), so the browser's bundle never carries it.
 */
export function RestoreScriptsAfterPaint() {
  const nonce = useNonce();
  const script = import.meta.env.SSR ? RESTORE_SCRIPTS_AFTER_PAINT : "";
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />;
}

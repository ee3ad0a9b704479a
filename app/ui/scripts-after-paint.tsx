import { RESTORE_SCRIPTS_AFTER_PAINT } from "../lib/scripts-after-paint.ts";
import { useNonce } from "./nonce.tsx";

/** Loads the page's scripts once it has painted (decision 021); render it after <Scripts />. */
export function ScriptsAfterPaint() {
  const nonce = useNonce();
  return (
    <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPTS_AFTER_PAINT }} suppressHydrationWarning />
  );
}

import { useNonce } from "../../../ui/nonce.tsx";
import { usePageViews } from "../use-page-views.ts";

export const GTAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";

/**
 * Mounted once in the root: counts page views, and loads Google's script only when a
 * measurement id is configured (the CSP admits its host only then). React places the async
 * script in the head; if it is blocked, the page works the same and only GA misses the view.
 */
export function PageViewTracker({ gaMeasurementId }: { gaMeasurementId: string | null }) {
  usePageViews(gaMeasurementId);
  const nonce = useNonce();
  if (!gaMeasurementId) return null;
  return <script async src={`${GTAG_SCRIPT_URL}?id=${encodeURIComponent(gaMeasurementId)}`} nonce={nonce} />;
}

import { Suspense } from "react";
import { lazyInBrowser } from "../../../ui/lazy-in-browser.ts";
import { useNonce } from "../../../ui/nonce.tsx";
import type { ConsentChoice } from "../analytics-consent.ts";
import { usePageViews } from "../use-page-views.ts";

// Only sites with GA_MEASUREMENT_ID load the banner and Google's part: the first-visit budget
// of every other page stays as it was.
const GoogleAnalytics = lazyInBrowser(() => import("./google-analytics.tsx").then((module) => module.default));

/** Mounted once in the root: counts page views, and with a measurement id asks about Google. */
export function PageViewTracker({
  gaMeasurementId,
  initialConsent = null,
}: {
  gaMeasurementId: string | null;
  initialConsent?: ConsentChoice;
}) {
  const path = usePageViews();
  const nonce = useNonce();
  if (!gaMeasurementId) return null;
  return (
    <Suspense fallback={null}>
      <GoogleAnalytics gaMeasurementId={gaMeasurementId} initialConsent={initialConsent} path={path} nonce={nonce} />
    </Suspense>
  );
}

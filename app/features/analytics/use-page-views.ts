import { useEffect } from "react";
import { useLocation } from "react-router";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let lastReported: string | undefined;

/**
 * SPEC.md §2: every route change is one page view, with the path plus query string and the
 * title the new page has set (effects run after the commit that rendered it). Reported to our
 * own /api/page-view and, when a measurement id is given, to Google Analytics 4.
 */
export function usePageViews(gaMeasurementId: string | null) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = pathname + search;
    // Once per route: a data revalidation changes no path, and a re-run of the effect
    // (React's development double run) reports nothing new.
    if (path === lastReported) return;
    lastReported = path;
    const title = document.title;
    navigator.sendBeacon?.("/api/page-view", JSON.stringify({ path, title }));
    if (!gaMeasurementId) return;
    if (!window.gtag) {
      window.dataLayer = window.dataLayer || [];
      window.gtag = function () {
        // gtag.js reads Arguments objects from the data layer, not arrays.
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer!.push(arguments);
      };
      window.gtag("js", new Date());
      window.gtag("config", gaMeasurementId, { send_page_view: false });
    }
    window.gtag("event", "page_view", { page_path: path, page_location: window.location.href, page_title: title });
  }, [pathname, search, gaMeasurementId]);
}

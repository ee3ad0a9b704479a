import { useEffect } from "react";
import type { ConsentChoice } from "../analytics-consent.ts";
import { pathForGoogle } from "../google-path.ts";
import { useAnalyticsConsent } from "../use-analytics-consent.ts";
import { ConsentBanner } from "./consent-banner.tsx";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const GTAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";

let lastSentToGoogle: string | undefined;
let revoked = false;

/** Google's own cookies (_ga, _ga_<id>), wherever gtag.js may have set them. */
function forgetGoogleCookies() {
  const host = location.hostname;
  for (const part of document.cookie.split(";")) {
    const name = part.trim().split("=")[0]!;
    if (!name.startsWith("_ga")) continue;
    for (const domain of ["", `; Domain=${host}`, `; Domain=.${host.split(".").slice(-2).join(".")}`])
      document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
  }
}

function initialiseGtag(gaMeasurementId: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function () {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  // A children's site: no ads signals; page views are sent by us, one per route.
  window.gtag("config", gaMeasurementId, {
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
}

/** One GA4 page_view per route while the reader allows it; before 'Aceptar' nothing is even queued. */
function useGooglePageViews(gaMeasurementId: string, path: string, allowed: boolean) {
  useEffect(() => {
    if (!allowed) {
      // Accepted earlier on this page, refused now: Google hears nothing more.
      if (window.gtag && !revoked) {
        window.gtag("consent", "update", { analytics_storage: "denied" });
        revoked = true;
      }
      forgetGoogleCookies();
      lastSentToGoogle = undefined;
      return;
    }
    if (path === lastSentToGoogle) return;
    lastSentToGoogle = path;
    initialiseGtag(gaMeasurementId);
    if (revoked) {
      window.gtag!("consent", "update", { analytics_storage: "granted" });
      revoked = false;
    }
    const sent = pathForGoogle(path);
    window.gtag!("event", "page_view", {
      page_path: sent,
      page_location: `${location.origin}${sent}`,
      page_title: document.title,
    });
  }, [path, gaMeasurementId, allowed]);
}

/**
 * Google's script, once, in <head>. The server renders it and React places it in <head>; the
 * browser runs Preact (decision 083), which would build a second copy where the component is and
 * load gtag.js twice. So the browser renders nothing here and adds the script itself only when
 * the page has none (the reader chose 'Aceptar' on this page).
 */
function GtagScript({ src, nonce }: { src: string; nonce: string }) {
  useEffect(() => {
    if ([...document.scripts].some((script) => script.src === src)) return;
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    script.nonce = nonce;
    document.head.append(script);
  }, [src, nonce]);
  return import.meta.env.SSR ? <script async src={src} nonce={nonce} /> : null;
}

/**
 * Loaded only where GA_MEASUREMENT_ID is set (the CSP admits Google's host only then): asks
 * first, and loads Google's script only once the reader has chosen 'Aceptar'. If the script is
 * blocked, the page works the same.
 */
export default function GoogleAnalytics({
  gaMeasurementId,
  initialConsent,
  path,
  nonce,
}: {
  gaMeasurementId: string;
  initialConsent: ConsentChoice;
  /** The counted path (kept-path.ts), passed in so this chunk shares no module with the page's. */
  path: string;
  nonce: string;
}) {
  const consent = useAnalyticsConsent(initialConsent);
  const allowed = consent.choice === "granted";
  useGooglePageViews(gaMeasurementId, path, allowed);
  return (
    <>
      {allowed && <GtagScript src={`${GTAG_SCRIPT_URL}?id=${encodeURIComponent(gaMeasurementId)}`} nonce={nonce} />}
      {(consent.choice === null || consent.open) && <ConsentBanner reopened={consent.open} />}
    </>
  );
}

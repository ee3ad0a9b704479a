import { NONCE, secureHeaders } from "hono/secure-headers";

/** Google Analytics hosts, admitted by the CSP only when GA_MEASUREMENT_ID is set. */
const GA_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const GA_CONNECT_HOSTS = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

export type SecurityHeaderOptions = { analytics: boolean; https: boolean };

/**
 * Hono's secure-headers middleware with the site's policy. Every response gets a fresh nonce
 * (read it with `c.get("secureHeadersNonce")`): scripts and stylesheets run only from our
 * origin or with that nonce.
 */
export function siteSecurityHeaders({ analytics, https }: SecurityHeaderOptions) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...(analytics ? GA_SCRIPT_HOSTS : [])],
      // Stylesheets only from us; style attributes are needed for image focal points.
      styleSrc: ["'self'", NONCE],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", "data:", ...(analytics ? GA_CONNECT_HOSTS : [])],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(analytics ? GA_CONNECT_HOSTS : [])],
      manifestSrc: ["'self'"],
      // blob: for 'Léemelo', which streams a narration into the element through Media Source
      // Extensions (an object URL the page itself made: decision 078).
      mediaSrc: ["'self'", "blob:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: [],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    // HSTS only where the site really is https: on http it would be ignored, or worse, cached by a proxy.
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
  });
}

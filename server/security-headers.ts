/** Google Analytics hosts, admitted by the CSP only when GA_MEASUREMENT_ID is set. */
const GA_SCRIPT_HOSTS = ["https://www.googletagmanager.com"];
const GA_CONNECT_HOSTS = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

export type SecurityHeaderOptions = { nonce: string; analytics: boolean; https: boolean };

export function contentSecurityPolicy({ nonce, analytics }: SecurityHeaderOptions): string {
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, ...(analytics ? GA_SCRIPT_HOSTS : [])];
  const connectSrc = ["'self'", ...(analytics ? GA_CONNECT_HOSTS : [])];
  const imgSrc = ["'self'", "data:", ...(analytics ? GA_CONNECT_HOSTS : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // Stylesheets only from us; style attributes are needed for image focal points.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${imgSrc.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connectSrc.join(" ")}`,
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

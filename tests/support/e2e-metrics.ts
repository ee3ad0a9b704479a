/** The end-to-end site's METRICS_TOKEN: `/metrics` on the site's own port answers a scraper that sends it. */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef0123";

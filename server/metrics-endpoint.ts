import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { SiteMetrics } from "../app/lib/metrics.server.ts";

/** The Prometheus text of the instance. */
export async function metricsResponse(metrics: SiteMetrics): Promise<Response> {
  return new Response(await metrics.text(), {
    headers: { "Content-Type": metrics.contentType, "Cache-Control": "no-store" },
  });
}

/** Same length and same bytes, in time that does not tell how much of a guess was right. */
export function tokenMatches(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/metrics` on the site's own port, for a scraper outside the machine (behind the proxy):
 * only with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the 404 any unknown
 * path gets, so the address does not even tell that it exists.
 */
export function metricsEndpoint(metrics: SiteMetrics, token: string) {
  return async (c: Context, next: () => Promise<void>) => {
    const sent = c.req.header("Authorization")?.match(/^Bearer (.+)$/)?.[1];
    if (!sent || !tokenMatches(sent, token)) {
      await next();
      return;
    }
    return metricsResponse(metrics);
  };
}

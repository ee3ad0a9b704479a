import { SITE_QUERY_KEYS } from "../../lib/site-query-keys.ts";

/**
 * The only query keys a page view keeps: the ones the site itself reads to unlock or greet
 * (app/lib/site-query-keys.ts). Any other query is dropped before a view is sent anywhere, and
 * again by the server before one is stored.
 */
export const KEPT_QUERY_KEYS = SITE_QUERY_KEYS;

/**
 * `pathname` plus only the kept keys of `search`, without their values: "/eventos?taquito". A
 * path that carries a credential is redacted where a view is stored (app/lib/secret-paths.ts)
 * and before Google hears it (google-path.ts).
 */
export function keptPath(pathname: string, search: string): string {
  const kept: string[] = [];
  for (const name of new URLSearchParams(search).keys()) {
    const key = name.trim().toLowerCase();
    if (KEPT_QUERY_KEYS.includes(key) && !kept.includes(key)) kept.push(key);
  }
  return kept.length ? `${pathname}?${kept.join("&")}` : pathname;
}

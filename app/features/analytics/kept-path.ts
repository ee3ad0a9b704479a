import { SITE_QUERY_KEYS } from "../../lib/site-query-keys.ts";

/**
 * The only query keys a page view keeps: the ones the site itself reads to unlock or greet
 * (app/lib/site-query-keys.ts). Any other query is dropped before a view is sent anywhere, and
 * again by the server before one is stored.
 */
export const KEPT_QUERY_KEYS = SITE_QUERY_KEYS;

/**
 * The pages whose address carries a credential (a login card, a guardian's link), as the
 * browser's router reaches them: any case, escapes decoded once, slashes repeated. The server
 * redacts every spelling again before anything is stored (app/lib/secret-paths.ts); this short
 * copy runs on every page in the browser, where the full one would cost each first load.
 */
const SECRET_PAGE = /^\/(entrar|permiso-familiar)\/./i;

function decodedOnce(pathname: string): string {
  try {
    return decodeURIComponent(pathname).replace(/[/\\]+/g, "/");
  } catch {
    return pathname;
  }
}

/**
 * `pathname` plus only the kept keys of `search`, without their values: "/eventos?taquito". A
 * page whose path carries a credential keeps only its prefix ("/entrar/…"): this is also the
 * path Google Analytics is sent.
 */
export function keptPath(pathname: string, search: string): string {
  const secret = SECRET_PAGE.exec(decodedOnce(pathname));
  if (secret) return `/${secret[1]!.toLowerCase()}/…`;
  const kept: string[] = [];
  for (const name of new URLSearchParams(search).keys()) {
    const key = name.trim().toLowerCase();
    if (KEPT_QUERY_KEYS.includes(key) && !kept.includes(key)) kept.push(key);
  }
  return kept.length ? `${pathname}?${kept.join("&")}` : pathname;
}

/**
 * The cookie by which a family's device remembers its family (signed: app/access/family-session.server.ts).
 * Shared: every page's navbar offers '¿Quién lee?' on such a device, so a page rendered with it
 * is that device's, and the HTTP server's visitor-page cache (server/html-cache.ts) never keeps
 * or serves a page for a request that carries it.
 */
export const FAMILY_DEVICE_COOKIE = "familia-dispositivo";

/** Whether a Cookie header carries the family device's cookie (signed or not: the cache need not know). */
export function hasFamilyDeviceCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim().startsWith(`${FAMILY_DEVICE_COOKIE}=`));
}

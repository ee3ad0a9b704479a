import { isIP } from "node:net";

/**
 * What a request looks like from the public side of the reverse proxies in front of us
 * (TRUST_PROXY, DESIGN.md "Contracts added in the second round"): the client's address, and the
 * protocol and host the browser used. Pure functions of the raw request and the socket's address.
 *
 * `trustProxy` is the number of proxies in front of the server: unset (undefined) trusts no
 * forwarded header at all; N trusts the last N hops of X-Forwarded-For (the socket's peer being
 * the nearest of them), and X-Forwarded-Proto / X-Forwarded-Host as set by the nearest proxy.
 * Anything malformed is ignored and the socket's own view is used instead.
 */
export type ForwardedView = {
  /** The client's address: the socket's, or the right-most untrusted X-Forwarded-For entry. */
  clientIp: string;
  /** The URL as the browser asked for it (the socket's URL with the forwarded proto and host). */
  url: string;
};

export function forwardedView(
  url: string,
  headers: Headers,
  socketAddress: string | undefined,
  trustProxy: number | undefined,
): ForwardedView {
  const socketIp = socketAddress || "unknown";
  if (!trustProxy) return { clientIp: socketIp, url };
  return {
    clientIp: forwardedClientIp(headers.get("x-forwarded-for"), trustProxy) ?? socketIp,
    url: forwardedUrl(url, headers.get("x-forwarded-proto"), headers.get("x-forwarded-host")),
  };
}

/**
 * The client's address from X-Forwarded-For when `trustProxy` proxies stand in front of us: each
 * appends the address it received the request from, so the last `trustProxy` entries were written
 * by proxies we trust and the one they name first is the client. Entries further left are whatever
 * the client sent and are never used while the chain is long enough. null when there is nothing
 * usable (no header, or a malformed entry where the client should be).
 */
export function forwardedClientIp(header: string | null, trustProxy: number): string | null {
  if (!header) return null;
  const hops = header.split(",").map((entry) => entry.trim());
  // A chain shorter than the configured one: every entry came through trusted proxies.
  const candidate = hops[Math.max(0, hops.length - trustProxy)];
  return candidate === undefined ? null : parseAddress(candidate);
}

/** An IPv4 or IPv6 address, allowing the port and brackets some proxies add; null otherwise. */
export function parseAddress(value: string): string | null {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return isIP(address) ? address.toLowerCase() : null;
}

/** The socket's URL with the scheme and host the nearest proxy reports, when they are valid. */
export function forwardedUrl(url: string, protoHeader: string | null, hostHeader: string | null): string {
  const seen = new URL(url);
  const forwardedProto = nearest(protoHeader)?.toLowerCase();
  const proto = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : seen.protocol.slice(0, -1);
  const forwardedHost = nearest(hostHeader)?.toLowerCase();
  const host = forwardedHost && isPlainHost(forwardedHost) ? forwardedHost : seen.host;
  // Origin parsed anew, so a port that is the new scheme's default disappears; the path is set,
  // never parsed against it (a path "//other.example/" must stay a path).
  const result = new URL(`${proto}://${host}`);
  result.pathname = seen.pathname;
  result.search = seen.search;
  return result.href;
}

/** The value the nearest proxy wrote: the last one when proxies appended theirs to a list. */
function nearest(header: string | null): string | undefined {
  if (!header) return undefined;
  const last = header.split(",").at(-1)?.trim();
  return last || undefined;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;

/** host or host:port, where host is a DNS name, an IPv4 address or a bracketed IPv6 address. */
export function isPlainHost(value: string): boolean {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, host, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  if (host!.startsWith("[")) return isIP(host!.slice(1, -1)) === 6;
  return HOSTNAME.test(host!);
}

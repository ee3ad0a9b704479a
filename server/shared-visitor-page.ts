import { createHash } from "node:crypto";

/**
 * Visitors' pages a CDN may keep (issue 24, decision 035). A page asked for without any cookie
 * is the same for every visitor, but each response carries its own CSP nonce, and a nonce that a
 * shared cache hands to everyone protects nothing. Such a page is therefore sent with a policy
 * that names its inline scripts and stylesheet by their SHA-256 instead of a nonce, and marked
 * shareable for a short while. Anything else (a cookie in the request, a cookie set by the
 * response, a signed-in reader) keeps the nonce and `private` (server/html-cache-control.ts).
 */

/** Shared caches keep it as long as the instance's own page cache does, then serve it stale while they ask again. */
export const sharedVisitorHtml = (seconds: number) =>
  `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=60`;

/** Whether the request may get a page meant for every visitor: a GET with no cookie and no credentials. */
export function asksForSharedPage(method: string, headers: Headers): boolean {
  return (method === "GET" || method === "HEAD") && !headers.has("Cookie") && !headers.has("Authorization");
}

export type InlineHashes = { scripts: string[]; styles: string[] };

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * The hash sources of every inline script (of any type: the after-paint loader re-creates the
 * deferred ones with the same text) and stylesheet of `html`, or null when an inline script
 * holds the response's nonce itself (it could not be the same for everyone).
 */
export function inlineHashes(html: string, nonce: string): InlineHashes | null {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (nonce && text.includes(nonce)) return null;
    if (text.trim()) scripts.add(sha256(text));
  }
  for (const [, text = ""] of html.matchAll(INLINE_STYLE)) if (text.trim()) styles.add(sha256(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** `policy` with its nonce source replaced by the page's hashes in script-src and style-src. */
export function policyWithHashes(policy: string, hashes: InlineHashes): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/);
      const withoutNonce = directive.replace(/\s*'nonce-[^']*'/g, "");
      if (name === "script-src") return [withoutNonce, ...hashes.scripts].join(" ");
      if (name === "style-src") return [withoutNonce, ...hashes.styles].join(" ");
      return withoutNonce;
    })
    .join(";");
}

/** The response made shareable: hashes for the nonce, shared Cache-Control, and Vary on the cookie. */
export function shareVisitorPage(headers: Headers, hashes: InlineHashes, seconds: number) {
  const policy = headers.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policyWithHashes(policy, hashes));
  headers.set("Cache-Control", sharedVisitorHtml(seconds));
  const vary = new Set(
    (headers.get("Vary") ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
  vary.add("Accept-Encoding");
  // A cache that honours Vary keeps the cookie-less page apart from everything else.
  vary.add("Cookie");
  headers.set("Vary", [...vary].join(", "));
}

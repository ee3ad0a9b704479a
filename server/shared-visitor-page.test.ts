import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { asksForSharedPage, inlineHashes, policyWithHashes, shareVisitorPage } from "./shared-visitor-page.ts";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const page = (nonce: string) =>
  `<html><head><style nonce="${nonce}">body{color:red}</style>` +
  `<script nonce="${nonce}">window.a=1</script><script src="/assets/x.js"></script>` +
  `<script nonce="${nonce}" type="text/module-after-paint">import "/assets/y.js";</script></head></html>`;

describe("a visitor's page shared by a CDN", () => {
  it("names every inline script and stylesheet by hash, and not scripts loaded from a file", () => {
    expect(inlineHashes(page("n0nce"), "n0nce")).toEqual({
      scripts: [hashOf("window.a=1"), hashOf('import "/assets/y.js";')],
      styles: [hashOf("body{color:red}")],
    });
  });

  it("is not shared when an inline script holds the response's own nonce", () => {
    expect(inlineHashes(`<script nonce="abc">var n="abc"</script>`, "abc")).toBeNull();
  });

  it("replaces the nonce by the hashes in script-src and style-src only", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'; img-src 'self'";
    expect(policyWithHashes(policy, { scripts: ["'sha256-s'"], styles: ["'sha256-c'"] })).toBe(
      "default-src 'self'; script-src 'self' 'sha256-s'; style-src 'self' 'sha256-c'; img-src 'self'",
    );
  });

  it("is offered only for a request with no cookie and no credentials", () => {
    expect(asksForSharedPage("GET", new Headers())).toBe(true);
    expect(asksForSharedPage("GET", new Headers({ Cookie: "analiticas=no" }))).toBe(false);
    expect(asksForSharedPage("GET", new Headers({ Authorization: "Bearer x" }))).toBe(false);
    expect(asksForSharedPage("POST", new Headers())).toBe(false);
  });

  it("marks the response shareable for a while and varies on the cookie", () => {
    const headers = new Headers({ Vary: "Accept-Encoding", "Content-Security-Policy": "script-src 'nonce-a'" });
    shareVisitorPage(headers, { scripts: ["'sha256-s'"], styles: [] }, 30);
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    expect(headers.get("Content-Security-Policy")).toBe("script-src 'sha256-s'");
  });
});

import { Hono } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { siteSecurityHeaders, type SecurityHeaderOptions } from "./security-headers.ts";

async function headersFor(options: SecurityHeaderOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  app.use(siteSecurityHeaders(options));
  app.get("/", (c) => c.text(String(c.get("secureHeadersNonce"))));
  const response = await app.request("/");
  return { headers: response.headers, nonce: await response.text() };
}

describe("security headers", () => {
  it("allow scripts only from our origin and this response's nonce", async () => {
    const { headers, nonce } = await headersFor({ analytics: false, https: false });
    const csp = headers.get("Content-Security-Policy")!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("googletagmanager");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  });

  it("give every response its own nonce", async () => {
    const first = await headersFor({ analytics: false, https: false });
    const second = await headersFor({ analytics: false, https: false });
    expect(first.nonce).not.toBe(second.nonce);
  });

  it("admit the Google Analytics hosts only when analytics is configured", async () => {
    const { headers, nonce } = await headersFor({ analytics: true, https: false });
    expect(headers.get("Content-Security-Policy")).toContain(
      `script-src 'self' 'nonce-${nonce}' https://www.googletagmanager.com;`,
    );
  });

  it("send HSTS only for an https site", async () => {
    expect((await headersFor({ analytics: false, https: false })).headers.has("Strict-Transport-Security")).toBe(false);
    expect((await headersFor({ analytics: false, https: true })).headers.get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

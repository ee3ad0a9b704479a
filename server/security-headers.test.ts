import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.ts";

describe("security headers", () => {
  it("allows scripts only from our origin and this response's nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", analytics: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("googletagmanager");
  });

  it("admits the Google Analytics hosts only when analytics is configured", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", analytics: true, https: false });
    expect(csp).toMatch(/script-src 'self' 'nonce-abc' https:\/\/www\.googletagmanager\.com/);
  });

  it("sends HSTS only for an https site", () => {
    expect(securityHeaders({ nonce: "n", analytics: false, https: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(securityHeaders({ nonce: "n", analytics: false, https: true })["Strict-Transport-Security"]).toContain(
      "max-age=",
    );
  });
});

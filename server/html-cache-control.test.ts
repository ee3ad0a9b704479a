import { describe, expect, it } from "vitest";
import { hasSessionCookie, htmlCacheControl, PERSONAL_HTML, VISITOR_HTML } from "./html-cache-control.ts";

const html = (extra: Record<string, string> = {}) =>
  new Headers({ "Content-Type": "text/html; charset=utf-8", ...extra });

describe("Cache-Control for pages", () => {
  it("lets a visitor's page into the back/forward cache but not a shared cache", () => {
    expect(htmlCacheControl(new Headers(), html())).toBe(VISITOR_HTML);
    expect(VISITOR_HTML).not.toContain("no-store");
    expect(htmlCacheControl(new Headers({ Cookie: "tema=oscuro" }), html())).toBe(VISITOR_HTML);
  });

  it("never stores a page for a browser with a session, on http or https", () => {
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "a=1; better-auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
    ]) {
      expect(hasSessionCookie(cookie), cookie).toBe(true);
      expect(htmlCacheControl(new Headers({ Cookie: cookie }), html()), cookie).toBe(PERSONAL_HTML);
    }
    expect(hasSessionCookie("xbetter-auth.session_tokens=1")).toBe(false);
  });

  it("never stores a page that sets a cookie", () => {
    expect(htmlCacheControl(new Headers(), html({ "Set-Cookie": "better-auth.session_token=x" }))).toBe(PERSONAL_HTML);
  });

  it("leaves other responses and a route's own choice alone", () => {
    expect(htmlCacheControl(new Headers(), new Headers({ "Content-Type": "application/json" }))).toBeNull();
    expect(htmlCacheControl(new Headers(), html({ "Cache-Control": "public, max-age=60" }))).toBeNull();
  });
});

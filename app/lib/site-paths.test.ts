import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath, isLoginPath, loginHref } from "./site-paths.ts";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/eventos", "/eventos"],
    ["/eventos/", "/eventos"],
    ["/login//", "/login"],
    ["//", "/"],
    ["//evil.example/", "/evil.example"],
    ["/adminpanel/qr/", "/adminpanel/qr"],
  ])("%j → %j", (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });
});

describe("loginHref", () => {
  it.each([
    ["/", "/login"],
    ["/login", "/login"],
    ["/login/", "/login"],
    ["/login/?redirectTo=%2Flogin%2F", "/login"],
    ["/login?modo=registro", "/login"],
    ["/login/cualquier-cosa", "/login"],
    ["/eventos", "/login?redirectTo=%2Feventos"],
    ["/eventos/", "/login?redirectTo=%2Feventos"],
    ["/?book", "/login?redirectTo=%2F%3Fbook"],
    ["/personajes?personaje=choc", "/login?redirectTo=%2Fpersonajes%3Fpersonaje%3Dchoc"],
  ])("%j → %j", (back, expected) => {
    expect(loginHref(back)).toBe(expected);
  });

  it("never nests a login address: following the link from where it leads changes nothing", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const first = loginHref(`${path || "/"}${query ? `?${query}` : ""}`);
        expect(loginHref(first)).toBe("/login");
        const back = new URL(first, "http://site.invalid").searchParams.get("redirectTo");
        if (back !== null) expect(isLoginPath(back.split(/[?#]/)[0]!)).toBe(false);
      }),
    );
  });
});

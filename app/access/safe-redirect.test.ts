import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./session.server.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/eventos", "/eventos"],
    ["/capitulos?x=1#y", "/capitulos?x=1#y"],
    ["/personajes/ñandú", "/personajes/%C3%B1and%C3%BA"],
    ["/a/../eventos", "/eventos"],
  ])("keeps the site path %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/\u0000/evil.example",
    " /evil",
    "evil.example",
    "/login?redirectTo=/x",
    "/api/auth/sign-out",
    "",
  ])("sends %j home instead", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });

  it("always answers plain ASCII, which a Location header can carry", () => {
    for (const target of ["/\u202eevil", "/é?q=ü#ß", "/\ud800"])
      expect(safeRedirectPath(target)).toMatch(/^[\x21-\x7e]+$/);
  });
});

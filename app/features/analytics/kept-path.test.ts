import { describe, expect, it } from "vitest";
import { WELCOME_KEYS } from "../../lib/site-query-keys.ts";
import { KEPT_QUERY_KEYS, keptPath } from "./kept-path.ts";
import { parsePageView } from "./page-views.server.ts";

describe("page views keep the path and only the site's own query keys", () => {
  it.each([
    ["/", "", "/"],
    ["/", "?book", "/?book"],
    ["/eventos", "?taquito", "/eventos?taquito"],
    ["/eventos", "?Taquito=1&utm_source=cartel", "/eventos?taquito"],
    ["/personajes", "?buscar=Sof%C3%ADa+Garc%C3%ADa", "/personajes"],
    ["/recuperar-contrasena/nueva", "?token=abc123", "/recuperar-contrasena/nueva"],
    ["/el-libro", "?ref=qr&book&book", "/el-libro?book"],
  ])("%s%s → %s", (pathname, search, expected) => {
    expect(keptPath(pathname, search)).toBe(expected);
  });

  it("keeps every key the site reads: /?book and all of /eventos' welcome keys", () => {
    expect(KEPT_QUERY_KEYS).toContain("book");
    for (const key of WELCOME_KEYS) expect(keptPath("/eventos", `?${key}`)).toBe(`/eventos?${key}`);
  });

  it("drops any other query on the server too, whatever the browser sent", () => {
    expect(parsePageView(JSON.stringify({ path: "/personajes?q=Luc%C3%ADa+P%C3%A9rez&taquito", title: "t" }))).toEqual({
      path: "/personajes?taquito",
      title: "t",
    });
    expect(
      parsePageView(JSON.stringify({ path: "/recuperar-contrasena/nueva?token=secreto#x?y", title: "t" })),
    ).toEqual({ path: "/recuperar-contrasena/nueva", title: "t" });
  });
});

/**
 * The whole public site as a link checker sees it (linkinator, recursive, same origin): every
 * link answers, every fragment it names exists, and no address grows without end. A checker once
 * found 8,664 distinct /login addresses: on /login/ the 'Ingresar' link put the login address
 * itself into redirectTo, once more on every visit, up to a 431 (decision 024).
 */
import { LinkChecker, LinkState, type LinkResult } from "linkinator";
import { isLoginPath } from "../../app/lib/site-paths.ts";
import { expect, test } from "./support.ts";

/** Longer than any address the site makes (the longest is ~100 characters). */
const MAX_URL_LENGTH = 300;
/** Far more than the site's ~150 addresses: a crawl past it is one that never ends. */
const MAX_ADDRESSES = 1500;

/** The pages of the sitemap, and the login page, as someone might link them: with a slash. */
const SLASHED_ENTRY_POINTS = ["/login/", "/eventos/", "/personajes/", "/capitulos/", "/el-libro/", "/contact/"];

/** The return address a login link carries (nested ones included), decoded: each should be a plain page. */
function returnAddresses(url: URL): string[] {
  const found: string[] = [];
  let current: URL | null = url;
  while (current) {
    const back = current.searchParams.get("redirectTo");
    if (back === null) break;
    found.push(back);
    current = URL.parse(back, url.origin);
  }
  return found;
}

test("the public site's links all answer, and no address grows without end", async ({ baseURL }) => {
  // ~150 addresses, each a server render; slow on a busy 2-core machine.
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const tooLong: string[] = [];
  const sameOrigin = new Set<string>();
  const checker = new LinkChecker();
  const { links } = await checker.check({
    path: [`${origin}/`, ...SLASHED_ENTRY_POINTS.map((path) => `${origin}${path}`)],
    recurse: true,
    checkFragments: true,
    concurrency: 4,
    timeout: 20_000,
    // Only this site: other hosts are not reachable from the test machine (and not ours).
    linksToSkip: async (link) => {
      if (!link.startsWith(`${origin}/`)) return true;
      if (link.length > MAX_URL_LENGTH) {
        tooLong.push(link);
        return true;
      }
      sameOrigin.add(link);
      return sameOrigin.size > MAX_ADDRESSES;
    },
  });

  const describe = (link: LinkResult) => `${link.status ?? "-"} ${link.url} (linked from ${link.parent ?? "start"})`;
  const checked = links.filter((link) => link.state !== LinkState.SKIPPED);
  // Every link answers: no 4xx or 5xx, no missing fragment. The pages SPEC.md links that are
  // not routed (/section1, /section2) are not linked any more (decision 015): no exception here.
  expect(checked.filter((link) => link.state === LinkState.BROKEN).map(describe)).toEqual([]);
  expect(tooLong).toEqual([]);
  expect(sameOrigin.size).toBeLessThanOrEqual(MAX_ADDRESSES);
  // A sign-in never leads back to the login page: no login address inside another.
  const loginInLogin = checked.filter((link) =>
    returnAddresses(new URL(link.url)).some((back) => isLoginPath(back.split(/[?#]/)[0]!)),
  );
  expect(loginInLogin.map(describe)).toEqual([]);
  // One address per page: the site links every page without a trailing slash.
  const slashed = checked.filter((link) => {
    const { pathname } = new URL(link.url);
    return link.parent && pathname !== "/" && pathname.endsWith("/");
  });
  expect(slashed.map(describe)).toEqual([]);
  // It did crawl the site (~100 pages and files): the navbar's pages and the login page at least.
  expect(checked.length).toBeGreaterThan(80);
  const pages = new Set(checked.map((link) => new URL(link.url).pathname));
  for (const path of ["/personajes", "/capitulos", "/el-libro", "/eventos", "/login", "/contact"])
    expect(pages).toContain(path);
});

test("a page asked for with a trailing slash moves permanently to its one address, query kept", async ({
  request,
  baseURL,
}) => {
  for (const [asked, canonical] of [
    ["/login/", "/login"],
    ["/login/?redirectTo=%2Flogin%2F", "/login?redirectTo=%2Flogin%2F"],
    ["/eventos/?taquito", "/eventos?taquito"],
    ["/personajes//", "/personajes"],
    ["/section1/", "/section1"],
    ["//evil.example/", "/evil.example"],
  ] as const) {
    // Whole addresses: "//evil.example/" alone would name another host.
    const response = await request.get(`${baseURL}${asked}`, { maxRedirects: 0 });
    expect(response.status(), asked).toBe(301);
    expect(response.headers().location, asked).toBe(canonical);
  }
  // Followed, the login page's 'Ingresar' link carries no return address: it is the login page.
  const login = await request.get("/login/?redirectTo=%2Flogin%2F");
  expect(login.url()).toMatch(/\/login\?redirectTo=%2Flogin%2F$/);
  const html = await login.text();
  expect(html).toContain('href="/login"');
  expect(html).not.toMatch(/href="[^"]*redirectTo=%2Flogin/);
});

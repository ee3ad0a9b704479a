/**
 * One address per page (decision 024): a path without trailing slashes, and login links whose
 * return address is never a login page. Shared by the server's canonical redirect, the pages
 * that link to /login and the lookups that take a path.
 */

export const LOGIN_PATH = "/login";

/**
 * The canonical form of a path: no trailing slash ("/eventos/" → "/eventos"), and one leading
 * slash ("//evil.example/" would read as another host in a Location header).
 */
export function canonicalPath(pathname: string): string {
  return `/${pathname.replace(/^\/+/, "").replace(/\/+$/, "")}`;
}

/** The login page itself, in any form it is asked for (/login, /login/, /login/anything). */
export const isLoginPath = (pathname: string) => {
  const path = canonicalPath(pathname);
  return path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`);
};

/**
 * The login page, bringing the reader back to `back` (a path with its query) after signing in.
 * The home page and the login page itself are not worth a return address: /login alone, so a
 * login address never nests inside another one.
 */
export function loginHref(back: string): string {
  const cut = back.search(/[?#]/);
  const path = canonicalPath(cut === -1 ? back : back.slice(0, cut));
  const rest = cut === -1 ? "" : back.slice(cut);
  if (isLoginPath(path) || (path === "/" && !rest)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirectTo=${encodeURIComponent(path + rest)}`;
}

/**
 * The pages whose address carries a credential (a login card, a guardian's link), as the
 * browser's router reaches them: any case, escapes decoded once, slashes repeated. Our own
 * server redacts every spelling before a view is stored (app/lib/secret-paths.ts); this short
 * copy runs in Google's part only (loaded where GA_MEASUREMENT_ID is set), so no page's first
 * load carries it.
 */
const SECRET_PAGE = /^\/(entrar|permiso-familiar)\/./i;

function decodedOnce(path: string): string {
  try {
    return decodeURIComponent(path).replace(/[/\\]+/g, "/");
  } catch {
    return path;
  }
}

/** The path Google is sent: a page view's path, with a credential in it reduced to "/entrar/…". */
export function pathForGoogle(path: string): string {
  const secret = SECRET_PAGE.exec(decodedOnce(path.split(/[?#]/, 1)[0]!));
  return secret ? `/${secret[1]!.toLowerCase()}/…` : path;
}

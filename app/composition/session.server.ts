import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isAdmin } from "../features/admins/admins.server.ts";
import { services } from "./context.server.ts";

export type SessionUser = { id: string; email: string; name: string };

type Context = Readonly<RouterContextProvider>;

const sessionContext = createContext<() => Promise<SessionUser | null>>();

/** Root middleware: the session is looked up at most once per request, and only when asked for. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  let pending: Promise<SessionUser | null> | undefined;
  context.set(sessionContext, () => {
    pending ??= services(context)
      .auth.api.getSession({ headers: request.headers })
      .then((session) =>
        session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null,
      );
    return pending;
  });
};

export const getUser = (context: Context) => context.get(sessionContext)();

const SITE = "http://site.invalid";

/**
 * Only paths on this site, so `redirectTo` can never send a reader elsewhere. Browsers drop
 * tabs and line breaks from addresses and read a backslash as a slash, so "/\t/evil.example" or
 * "/\\evil.example" would lead off the site: those are removed or turned first, then the path is
 * resolved as a browser would and must still be on this site.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  const cleaned = (target ?? "").replace(/[\u0000-\u001f\u007f]/g, "").replace(/\\/g, "/");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return fallback;
  const resolved = URL.parse(cleaned, SITE);
  if (!resolved || resolved.origin !== SITE) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (path.startsWith("//") || path.startsWith("/login") || path.startsWith("/api/")) return fallback;
  return path;
}

/** First line of a protected loader or action: a visitor goes to /login and comes back after. */
export async function requireUser({ url, context }: { url: URL; context: Context }): Promise<SessionUser> {
  const user = await getUser(context);
  if (!user) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** First line of an admin loader or action: visitors go to /login, readers get a 403 page. */
export async function requireAdmin(args: { url: URL; context: Context }): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!(await isAdmin(services(args.context).db, user.id))) {
    throw data("Esta página es solo para administradores.", { status: 403 });
  }
  return user;
}

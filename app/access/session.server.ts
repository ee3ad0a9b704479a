import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isAdmin } from "../features/admins/admins.server.ts";
import { childReaderKind } from "../features/families/child-readers.server.ts";
import { getProfile } from "../features/profiles/profiles.server.ts";
import { commentAudiencesOf } from "../features/classes/classes.server.ts";
import { unlockedCharacterIds } from "../features/unlocks/unlocks.server.ts";
import { consentRecord } from "../features/guardians/guardian-consent.server.ts";
import { loginHref } from "../lib/site-paths.ts";
import { cookieValue, type SessionCache } from "../lib/session-cache.server.ts";
import { services } from "../runtime/context.server.ts";
import type { CachedReader, ReaderFacts, SessionRecord, SessionUser } from "./reader.ts";

export type { ReaderFacts, SessionRecord, SessionUser };

type Context = Readonly<RouterContextProvider>;

/**
 * The instance's kept readers. The services create and empty the cache (on the database's
 * notices) without knowing what it holds; what it holds is this layer's: the one place that
 * says so, so the services never import the access layer back.
 */
const readerCache = (context: Context) => services(context).sessionCache as SessionCache<CachedReader>;

const sessionContext = createContext<() => Promise<SessionUser | null>>();

const sessionRecordContext = createContext<() => Promise<SessionRecord | null>>();

const readerContext = createContext<() => Promise<ReaderFacts | null>>();

const READS = new Set(["GET", "HEAD"]);

/**
 * Posts that change nothing about their reader: the page-view beacon every page sends (it stores
 * a path and a title, no account) would otherwise drop the reader's kept copy after every page
 * view, and the next page would ask the database again (decision 041).
 */
const KEEPS_READER = new Set(["/api/page-view"]);

/**
 * Root middleware: the session, and the reader's profile and role, are looked up at most once
 * per request, and only when asked for (the age step, the layout and the page all ask).
 *
 * A read (GET, HEAD) takes them from the instance's session cache when this cookie was seen in
 * the last seconds (docs/decisions/039: five queries, the cookie's signature and better-auth's
 * own work were a third of a signed-in page's cost). Whatever changes them in the database drops
 * the kept copy on every instance (db/migrations/0021_change_notices.sql); a form's action, which may change them
 * itself, always asks the database and drops this cookie's copy once it has run, so the page
 * it leads to reads them afresh even before the database's notice arrives.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { auth, db } = services(context);
  const sessionCache = readerCache(context);
  // Null without a session cookie, and when it was sent twice (a browser keeps one per path or
  // domain): which copy better-auth reads is its business, so such a request skips the cache.
  const cookie = cookieValue(request.headers.get("cookie"), (await auth.$context).authCookies.sessionToken.name);
  const reads = READS.has(request.method);

  const findSession = () => auth.api.getSession({ headers: request.headers });
  const asUser = (found: Awaited<ReturnType<typeof findSession>>): SessionUser | null =>
    found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
  const asRecord = (found: Awaited<ReturnType<typeof findSession>>): SessionRecord | null =>
    found ? { id: found.session.id, expiresAt: new Date(found.session.expiresAt) } : null;
  const factsOf = async (userId: string): Promise<ReaderFacts> => {
    const [profile, admin, child, consent, audiences, unlockedCharacters] = await Promise.all([
      getProfile(db, userId),
      isAdmin(db, userId),
      childReaderKind(db, userId),
      consentRecord(db, userId),
      commentAudiencesOf(db, userId),
      unlockedCharacterIds(db, userId),
    ]);
    return {
      profile,
      isAdmin: admin,
      childReader: child,
      consent,
      audiences,
      unlockedCharacterIds: unlockedCharacters,
    };
  };

  if (reads && cookie) {
    let pending: Promise<CachedReader | null> | undefined;
    const reader = () =>
      (pending ??= (async () => {
        const kept = sessionCache.get(cookie);
        if (kept) return kept;
        const lookup = sessionCache.startLookup();
        const found = await findSession();
        const user = asUser(found);
        if (!found || !user) return null;
        const fresh = { user, record: asRecord(found)!, facts: await factsOf(user.id) };
        sessionCache.set(cookie, user.id, fresh, { lookup, sessionExpiresAt: new Date(found.session.expiresAt) });
        return fresh;
      })());
    context.set(sessionContext, () => reader().then((found) => found?.user ?? null));
    context.set(sessionRecordContext, () => reader().then((found) => found?.record ?? null));
    context.set(readerContext, () => reader().then((found) => found?.facts ?? null));
    return next();
  }

  let record: SessionRecord | null = null;
  let pending: Promise<SessionUser | null> | undefined;
  const session = () =>
    (pending ??= findSession().then((found) => {
      record = asRecord(found);
      return asUser(found);
    }));
  context.set(sessionContext, session);
  context.set(sessionRecordContext, () => session().then(() => record));
  const lookUp = () => session().then((user) => (user ? factsOf(user.id) : null));
  // A form's action may change them before the loaders run in the same request: only a read
  // keeps the first answer.
  let facts: Promise<ReaderFacts | null> | undefined;
  context.set(readerContext, () => (reads ? (facts ??= lookUp()) : lookUp()));
  if (reads || !cookie || KEEPS_READER.has(new URL(request.url).pathname)) return next();
  try {
    return await next();
  } finally {
    sessionCache.forget(cookie);
  }
};

export const getUser = (context: Context) => context.get(sessionContext)();

/** Everything kept about the signed-in reader (null for a visitor): see ReaderFacts. */
export const getReaderFacts = (context: Context) => context.get(readerContext)();

/**
 * After a read that wrote something about its own reader (a visit that unlocked): this cookie's
 * kept copy goes, so the next page reads afresh even before the database's notice arrives.
 */
export async function forgetReaderCopy(request: Request, context: Context) {
  const { auth } = services(context);
  const sessionCache = readerCache(context);
  const cookie = cookieValue(request.headers.get("cookie"), (await auth.$context).authCookies.sessionToken.name);
  if (cookie) sessionCache.forget(cookie);
}

export const getSessionRecord = (context: Context) => context.get(sessionRecordContext)();

/** The signed-in reader's profile (null for a visitor, or an account without one yet). */
export const getReaderProfile = async (context: Context) => (await context.get(readerContext)())?.profile ?? null;

/** Whether the signed-in reader is a family's child reader (false for a visitor). */
export const readerIsChild = async (context: Context) => Boolean((await context.get(readerContext)())?.childReader);

/** Whether the signed-in reader is a class's student (a child reader on a shared device). */
export const readerIsStudent = async (context: Context) =>
  (await context.get(readerContext)())?.childReader === "class";

/** Whether the signed-in reader is an admin (false for a visitor). */
export const readerIsAdmin = async (context: Context) => (await context.get(readerContext)())?.isAdmin ?? false;

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
    throw redirect(loginHref(`${url.pathname}${url.search}`));
  }
  return user;
}

/** First line of an admin loader or action: visitors go to /login, readers get a 403 page. */
export async function requireAdmin(args: { url: URL; context: Context }): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!(await readerIsAdmin(args.context))) {
    throw data("Esta página es solo para administradores.", { status: 403 });
  }
  return user;
}

/** Where an account that has not answered the age question (a Google sign-up) must go first. */
export const AGE_STEP_PATH = "/tu-edad";

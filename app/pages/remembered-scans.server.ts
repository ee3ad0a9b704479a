import { createCookie } from "react-router";
import { resolveQrCodes } from "../features/qr/qr.server.ts";
import { QR_CODE_MAX, QR_CODE_MIN, QR_CODE_PATTERN } from "../features/qr/qr-code.schema.ts";
import { type Celebration, unlockPathsFor } from "../features/unlocks/unlocks.server.ts";
import type { Db } from "../lib/db.server.ts";
import { services } from "../runtime/context.server.ts";
import { getUser } from "../access/session.server.ts";

/**
 * The codes a visitor scanned before having an account (decision 025). A scan while signed out
 * unlocks nothing, since there is nobody to unlock it for; the codes are kept for two hours in an
 * httpOnly cookie, and the reader's first page view once signed in (or up) unlocks what they open,
 * with its celebration. The cookie names codes, never the paths they lead to, and each code is
 * resolved again when used, so an expired or deactivated one opens nothing.
 *
 * Signed (with AUTH_SECRET), and read with care (issue 37): unsigned, a forged cookie of 1,500
 * codes (14.7 KB) cost one query per code on every signed-in page until it expired, 4-6 s a
 * page. Now only a cookie this server wrote counts; of it, at most the latest five codes, each
 * shaped as a QR code is, all looked up in one query. (A code in it grants nothing scanning it
 * would not; the server writes only codes it found, so looking them up counts no miss.)
 */
const REMEMBER_SECONDS = 2 * 60 * 60;
/** The latest scans kept (a reader may scan a few codes before signing up). */
export const REMEMBERED_CODES = 5;

const scansCookie = (context: Context) => {
  const { env, auth } = services(context);
  return createCookie("codigos-escaneados", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: REMEMBER_SECONDS,
    secure: env.siteUrl.startsWith("https:"),
    secrets: [auth.options.secret ?? ""],
  });
};

/** A code as /qr/{code} remembers it: lower case, the studio's alphabet and length. */
const isCode = (code: unknown): code is string =>
  typeof code === "string" && code.length >= QR_CODE_MIN && code.length <= QR_CODE_MAX && QR_CODE_PATTERN.test(code);

async function rememberedCodes(context: Context, cookieHeader: string | null): Promise<string[]> {
  // Null for a cookie this server did not sign (forged, or from before it was signed).
  const value: unknown = await scansCookie(context).parse(cookieHeader);
  return Array.isArray(value) ? value.slice(-REMEMBERED_CODES).filter(isCode) : [];
}

type Context = Parameters<typeof services>[0];
type Args = { request: Request; context: Context };

/**
 * Headers for the redirect of a scanned code: a visitor's scan is remembered; a signed-in
 * reader's is unlocked by the page it leads to, as before.
 */
export async function rememberScanOfVisitor({ request, context }: Args, code: string): Promise<Headers> {
  const headers = new Headers();
  if (await getUser(context)) return headers;
  const earlier = await rememberedCodes(context, request.headers.get("Cookie"));
  const scanned = code.toLowerCase();
  const codes = [...earlier.filter((kept) => kept !== scanned), scanned].slice(-REMEMBERED_CODES);
  headers.append("Set-Cookie", await scansCookie(context).serialize(codes));
  return headers;
}

/**
 * For a signed-in reader's page view: the paths their remembered scans lead to (codes still
 * valid), and the header that forgets them. Null when nothing is remembered.
 */
export async function takeRememberedScans({ request, context }: Args): Promise<{
  paths: string[];
  forget: HeadersInit;
} | null> {
  const codes = await rememberedCodes(context, request.headers.get("Cookie"));
  if (codes.length === 0) return null;
  return {
    paths: await targetsOf(services(context).db, codes),
    forget: { "Set-Cookie": await scansCookie(context).serialize([], { maxAge: 0 }) },
  };
}

/**
 * What a view's unlock celebrates: null when nothing is new; marked `scannedBeforeSignIn` when the
 * reader's remembered scans counted in it, so that it goes on with them past the page it is shown
 * on (decision 050).
 */
export function celebrationOfView(
  unlocked: Celebration | null,
  remembered: { paths: string[] } | null,
): Celebration | null {
  if (!unlocked?.cards.length) return null;
  return { ...unlocked, scannedBeforeSignIn: Boolean(remembered?.paths.length) };
}

async function targetsOf(db: Db, codes: string[]): Promise<string[]> {
  const found = await resolveQrCodes(db, codes);
  const targets: string[] = [];
  for (const code of codes) {
    const target = found.has(code) ? URL.parse(found.get(code)!, "http://site.invalid") : null;
    if (target) targets.push(...unlockPathsFor(target.pathname, target.search));
  }
  return targets;
}

import { createCookie } from "react-router";
import { lookUpQrCode } from "../features/qr/qr.server.ts";
import { type Celebration, unlockPathsFor } from "../features/unlocks/unlocks.server.ts";
import type { Db } from "../lib/db.server.ts";
import { clientIp } from "../lib/request.server.ts";
import { services } from "../services/context.server.ts";
import { getUser } from "../access/session.server.ts";

/**
 * The codes a visitor scanned before having an account (decision 025). A scan while signed out
 * unlocks nothing, since there is nobody to unlock it for; the codes are kept for two hours in an
 * httpOnly cookie, and the reader's first page view once signed in (or up) unlocks what they open,
 * with its celebration. The cookie names codes, never the paths they lead to, and each code is
 * resolved again when used, so an expired or deactivated one opens nothing. It needs no
 * signature: a code in it grants nothing that scanning the same code would not, and it is looked
 * up as a scan is, under the same per-address limit of unknown codes, so a forged cookie is no
 * faster way to guess codes than typing them.
 */
const REMEMBER_SECONDS = 2 * 60 * 60;
/** The latest scans kept (a reader may scan a few codes before signing up). */
const REMEMBERED_CODES = 5;

const scansCookie = (siteUrl: string) =>
  createCookie("codigos-escaneados", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: REMEMBER_SECONDS,
    secure: siteUrl.startsWith("https:"),
  });

async function rememberedCodes(siteUrl: string, cookieHeader: string | null): Promise<string[]> {
  const value: unknown = await scansCookie(siteUrl).parse(cookieHeader);
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

type Args = { request: Request; context: Parameters<typeof services>[0] };

/**
 * Headers for the redirect of a scanned code: a visitor's scan is remembered; a signed-in
 * reader's is unlocked by the page it leads to, as before.
 */
export async function rememberScanOfVisitor({ request, context }: Args, code: string): Promise<Headers> {
  const headers = new Headers();
  if (await getUser(context)) return headers;
  const { siteUrl } = services(context).env;
  const earlier = await rememberedCodes(siteUrl, request.headers.get("Cookie"));
  const codes = [...earlier.filter((kept) => kept !== code), code.toLowerCase()].slice(-REMEMBERED_CODES);
  headers.append("Set-Cookie", await scansCookie(siteUrl).serialize(codes));
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
  const { db, env } = services(context);
  const codes = await rememberedCodes(env.siteUrl, request.headers.get("Cookie"));
  if (codes.length === 0) return null;
  return {
    paths: await targetsOf(db, codes, clientIp(request)),
    forget: { "Set-Cookie": await scansCookie(env.siteUrl).serialize([], { maxAge: 0 }) },
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

async function targetsOf(db: Db, codes: string[], address: string): Promise<string[]> {
  const targets: string[] = [];
  for (const code of codes) {
    const resolution = await lookUpQrCode(db, code, address);
    if (resolution.state !== "valid") continue;
    const target = URL.parse(resolution.target, "http://site.invalid");
    if (!target) continue;
    targets.push(...unlockPathsFor(target.pathname, target.search));
  }
  return targets;
}

import { createCookie, data, type RouterContextProvider } from "react-router";
import { familyGuardianOf, isChildReader } from "../features/families/child-readers.server.ts";
import { FAMILY_MESSAGES } from "../features/families/family-messages.ts";
import { services } from "../runtime/context.server.ts";
import { getUser, requireUser, type SessionUser } from "./session.server.ts";
import type { ChildReaderKind } from "../lib/db-schema.ts";
import { STUDENT_IDLE_SECONDS } from "./class-session.server.ts";
import { FAMILY_DEVICE_COOKIE, hasFamilyDeviceCookie } from "../lib/family-device-cookie.ts";

type Context = Readonly<RouterContextProvider>;

/** First line of a family loader or action: a signed-in account that is not a child reader. */
export async function requireAdultReader(args: { url: URL; context: Context }): Promise<SessionUser> {
  const user = await requireUser(args);
  if (await isChildReader(services(args.context).db, user.id)) throw data(FAMILY_MESSAGES.childOnly, { status: 403 });
  return user;
}

/**
 * The family a device belongs to, so the reader chooser can show its pictures after a sign-out.
 * Signed (with AUTH_SECRET): it names an adult's account, which only this server can vouch for.
 * It holds no session: choosing a picture still needs the child's PIN.
 */
const familyDeviceCookie = (context: Context) => {
  const { env, auth } = services(context);
  return createCookie(FAMILY_DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    secure: env.siteUrl.startsWith("https:"),
    secrets: [auth.options.secret ?? ""],
  });
};

export async function rememberFamilyDevice(context: Context, guardianId: string): Promise<string> {
  return familyDeviceCookie(context).serialize(guardianId);
}

/** The family this device remembers (its signed cookie), without asking the database. */
async function rememberedFamily(request: Request, context: Context): Promise<string | null> {
  const remembered: unknown = await familyDeviceCookie(context).parse(request.headers.get("Cookie"));
  return typeof remembered === "string" && remembered ? remembered : null;
}

/**
 * Whether this device remembers a family: every page then offers '¿Quién lee?' one tap away
 * (DESIGN.md, fourth round). Only the cookie is read (a check of its signature, no query), so it
 * costs every page next to nothing; the chooser itself looks the family up.
 */
export async function deviceRemembersFamily(request: Request, context: Context): Promise<boolean> {
  return hasFamilyDeviceCookie(request.headers.get("Cookie")) && (await rememberedFamily(request, context)) !== null;
}

/** The family of the reader signed in on this device, else the one the device remembers. */
export async function familyOfDevice(request: Request, context: Context): Promise<string | null> {
  const user = await getUser(context);
  if (user) {
    const family = await familyGuardianOf(services(context).db, user.id);
    if (family) return family;
  }
  return rememberedFamily(request, context);
}

/**
 * Starts a session for a reader the caller has already vouched for (PIN, card, or their adult),
 * through better-auth (the same session and cookie as any sign-in), replacing this browser's
 * session. Returns the headers that set the cookies, the family device's included.
 */
export async function startChildSession(
  request: Request,
  context: Context,
  child: { id: string; guardianId: string; kind: ChildReaderKind },
): Promise<Headers> {
  const { auth } = services(context);
  // A class's student is on a shared device: the session ends after a while without use.
  const idleSeconds = child.kind === "class" ? STUDENT_IDLE_SECONDS : undefined;
  const { headers: sessionHeaders } = await auth.api.startReaderSession({
    body: { userId: child.id, idleSeconds },
    headers: request.headers,
    returnHeaders: true,
  });
  const headers = new Headers();
  for (const cookie of sessionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  // Only a family's device remembers its family (a school tablet is nobody's family).
  if (child.kind === "family") headers.append("Set-Cookie", await rememberFamilyDevice(context, child.guardianId));
  return headers;
}

import { createHash } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { NO_READER, parseTravelCookie, TRAVEL_COOKIE, TRAVEL_OWNER_HEADER } from "../lib/travel-copy.ts";
import { getUser } from "./session.server.ts";

/** A reader's opaque key for the trip's copy: stable for the reader, and not their id. */
export const travelOwnerKey = (userId: string) =>
  createHash("sha256").update(`viaje\0${userId}`).digest("hex").slice(0, 16);

const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/;

/**
 * Root middleware (decision 075): every answer the app renders, a page or a client-side visit's
 * `.data`, names whose it is. The service worker compares it with its saved copy's owner and
 * deletes the copy before the answer reaches the page when they differ: signing out, another
 * child on the family tablet, a class session that ended. A `viaje` cookie left by another
 * reader is removed here for the same reason.
 */
export const travelOwnerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const cookieHeader = request.headers.get("Cookie");
  // A visitor's request asks nothing of better-auth.
  const user = SESSION_COOKIE.test(cookieHeader ?? "") ? await getUser(context).catch(() => null) : null;
  const owner = user ? travelOwnerKey(user.id) : NO_READER;
  try {
    response.headers.set(TRAVEL_OWNER_HEADER, owner);
    const saved = parseTravelCookie(cookieHeader);
    if (saved && saved.owner !== owner)
      response.headers.append("Set-Cookie", `${TRAVEL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  } catch {
    // An immutable response (a static one passed through): it names no reader.
  }
  return response;
};

import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import {
  accountLockSeconds,
  accountLockedMessage,
  clearSignInFailures,
  recordSignInFailure,
} from "./account-guard.server.ts";
import type { Db } from "./db.server.ts";
import { personalWordsOf, weakPasswordReason } from "./password-strength.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE, type RateLimitRule } from "./rate-limit.server.ts";
import { INTERNAL_HEADERS } from "./request.server.ts";

/**
 * Limits per client address. A school's readers share one public address: a class of 30 must
 * be able to create accounts together (with retries) and sign in at once, while a script is
 * stopped within minutes and kept to a trickle over a day. Guessing at one account from many
 * addresses is stopped per account (account-guard.server.ts).
 */
export const AUTH_RATE_LIMITS = {
  signIn: { max: 60, windowSeconds: 10 * 60 },
  signInDaily: { max: 300, windowSeconds: 24 * 60 * 60 },
  signUp: { max: 60, windowSeconds: 10 * 60 },
  signUpDaily: { max: 200, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

type Body = { email?: unknown; password?: unknown } | undefined;
type AddressLimit = keyof typeof AUTH_RATE_LIMITS;

/** The counter of one limit for one client address (tests fill it to reach the limit quickly). */
export const addressLimitKey = (limit: AddressLimit, address: string) => `auth-${limit}:${address}`;

async function limitAddress(db: Db, headers: Headers | undefined, limits: AddressLimit[]) {
  const address = headers?.get(INTERNAL_HEADERS.clientIp) ?? "unknown";
  for (const name of limits) {
    const limit = await hitRateLimit(db, addressLimitKey(name, address), AUTH_RATE_LIMITS[name]);
    if (!limit.allowed) {
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE },
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    }
  }
}

/** better-auth hooks: refuse before the endpoint runs, and learn from what it answered. */
export function authGuardHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as Body;
      const email = typeof body?.email === "string" ? body.email : "";
      if (ctx.path === "/sign-up/email") {
        // Checked before counting, so a child who picks a weak password first loses no try.
        if (typeof body?.password === "string") {
          const weak = weakPasswordReason(body.password, personalWordsOf(email));
          if (weak) throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: weak });
        }
        await limitAddress(db, ctx.headers, ["signUp", "signUpDaily"]);
      }
      if (ctx.path === "/sign-in/email") {
        await limitAddress(db, ctx.headers, ["signIn", "signInDaily"]);
        const seconds = email ? await accountLockSeconds(db, email) : 0;
        if (seconds > 0) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { code: "ACCOUNT_LOCKED", message: accountLockedMessage(seconds) },
            { "Retry-After": String(seconds) },
          );
        }
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/sign-in/email") return;
      const email = (ctx.body as Body)?.email;
      if (typeof email !== "string") return;
      const returned = ctx.context.returned;
      if (isAPIError(returned)) {
        if (returned.statusCode === 401) await recordSignInFailure(db, email);
      } else if (ctx.context.newSession) {
        await clearSignInFailures(db, email);
      }
    }),
  };
}

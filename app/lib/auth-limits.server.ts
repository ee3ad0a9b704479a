import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import {
  accountLockSeconds,
  accountLockedMessage,
  clearSignInFailures,
  recordSignInFailure,
} from "./sign-in-lockout.server.ts";
import type { Db } from "./db.server.ts";
import { personalWordsOf, weakPasswordReason } from "./password-strength.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE, type RateLimitRule } from "./rate-limit.server.ts";
import { INTERNAL_HEADERS } from "./request.server.ts";

/**
 * Limits per client address. A school's readers share one public address: a class of 30 must
 * be able to create accounts together (with retries) and sign in at once, while a script is
 * stopped within minutes and kept to a trickle over a day. Guessing at one account from many
 * addresses is stopped per account (sign-in-lockout.server.ts).
 */
export const AUTH_RATE_LIMITS = {
  signIn: { max: 60, windowSeconds: 10 * 60 },
  signInDaily: { max: 300, windowSeconds: 24 * 60 * 60 },
  signUp: { max: 60, windowSeconds: 10 * 60 },
  signUpDaily: { max: 200, windowSeconds: 24 * 60 * 60 },
  // A class that forgot its passwords together still fits; a script mailing strangers does not.
  passwordReset: { max: 30, windowSeconds: 10 * 60 },
  passwordResetDaily: { max: 100, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Reset mails to one address, whoever asks: enough for a lost mail and a retry, too few to
 * flood a mailbox. Beyond it the answer stays the same and no mail is sent, so the limit says
 * nothing about whether the address has an account.
 */
export const PASSWORD_RESET_PER_EMAIL: RateLimitRule = { max: 3, windowSeconds: 60 * 60 };

/** The answer to every reset request, account or not (better-auth's own words, kept). */
export const PASSWORD_RESET_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
} as const;

/** The per-address counter of reset mails; it ends with the address, so deleting an account finds it. */
export const resetEmailLimitKey = (email: string) => `auth-resetEmail:${email.trim().toLowerCase()}`;

type Body =
  | {
      email?: unknown;
      password?: unknown;
      newPassword?: unknown;
      token?: unknown;
      birthYear?: unknown;
      guardianEmail?: unknown;
    }
  | undefined;
type AddressLimit = keyof typeof AUTH_RATE_LIMITS;

/** The age question's answer in an e-mail sign-up's body, as sent. */
export type SignUpAnswer = { birthYear: unknown; guardianEmail: unknown };

/**
 * The age rule (it lives in a feature, which app/lib cannot import: the composition root hands
 * it in). Null when the answer is acceptable, else the refusal's code and Spanish message.
 */
export type SignUpAnswerCheck = (answer: SignUpAnswer, ownEmail: string) => { code: string; message: string } | null;

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
export function authGuardHooks(db: Db, checkSignUpAnswer: SignUpAnswerCheck) {
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
        // The age question comes before the account exists, on every path into sign-up.
        const refusal = checkSignUpAnswer({ birthYear: body?.birthYear, guardianEmail: body?.guardianEmail }, email);
        if (refusal) throw new APIError("BAD_REQUEST", refusal);
        await limitAddress(db, ctx.headers, ["signUp", "signUpDaily"]);
      }
      if (ctx.path === "/request-password-reset") {
        await limitAddress(db, ctx.headers, ["passwordReset", "passwordResetDaily"]);
        if (email && !(await hitRateLimit(db, resetEmailLimitKey(email), PASSWORD_RESET_PER_EMAIL)).allowed)
          return ctx.json(PASSWORD_RESET_ANSWER);
      }
      if (ctx.path === "/reset-password" && typeof body?.newPassword === "string") {
        // The same strength rule as sign-up, with the account's own e-mail counted as easy.
        const token = typeof body.token === "string" ? body.token : "";
        const verification = token
          ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
          : null;
        const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
        const weak = weakPasswordReason(body.newPassword, personalWordsOf(user?.email ?? ""));
        if (weak) throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: weak });
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

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { clearSignInFailures } from "./sign-in-lockout.server.ts";
import { confirmAccountMail, existingAccountMail, VERIFY_LINK_HOURS } from "./account-mail.ts";
import { authGuardHooks, type SignUpAnswer, type SignUpAnswerCheck } from "./auth-limits.server.ts";
import type { Db } from "./db.server.ts";
import type { Env } from "./env.server.ts";
import { log } from "./log.server.ts";
import { mailOutcomesAwaited, noteMailOutcome, redactAddress, type Mail, type Mailer } from "./mail.server.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server.ts";
import { hashSecret, verifySecret } from "./password-hashing.server.ts";
import { PASSWORD_RESET_LINK_MINUTES } from "./password-reset-timing.ts";
import { readerSessions } from "./reader-sessions.server.ts";
import { INTERNAL_HEADERS } from "./request.server.ts";

/** AUTH_SECRET, or one generated once and kept (readable by the owner only) in DATA_DIR. */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dir = resolve(env.DATA_DIR);
  const path = join(dir, "auth-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

export type GoogleConfig = { clientId: string; clientSecret: string; issuer: string | null } | null;

export function googleConfig(env: Env): GoogleConfig {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER ?? null };
}

/** Confirmation e-mails per account and hour, the sign-up's included: a sign-in cannot flood a mailbox. */
export const CONFIRMATION_MAIL_LIMIT: RateLimitRule = { max: 3, windowSeconds: 60 * 60 };

/** A session ends after this many days without use. */
export const SESSION_DAYS = 30;

export type NewUser = {
  id: string;
  email: string;
  name: string;
  /** The age question's answer as an e-mail sign-up sent it (checked by `checkSignUpAnswer`); null for Google. */
  signUpAnswer: SignUpAnswer | null;
};

type AuthOptions = {
  env: Env;
  db: Db;
  secret: string;
  /**
   * Called in the same request that creates an account, to give it a profile. An e-mail
   * sign-up carries the age question's answer (checked by authGuardHooks); Google's does not.
   */
  onUserCreated(user: NewUser): Promise<void>;
  /** The age rule, which app/lib does not know: refuses an e-mail sign-up's answer before the account exists. */
  checkSignUpAnswer: SignUpAnswerCheck;
  /** Mail to readers; with it, e-mail sign-ups are confirmed by a link (see emailAndPassword). */
  mailer: Mailer;
  /** Called when a reader opens the confirmation link of their address. */
  onEmailVerified(user: { id: string; email: string }): Promise<void>;
  /** The password reset mail to `email` for the link `url`. */
  passwordResetMail(email: string, url: string): Mail;
};

export function createAuth({
  env,
  db,
  secret,
  onUserCreated,
  checkSignUpAnswer,
  mailer,
  onEmailVerified,
  passwordResetMail,
}: AuthOptions) {
  const google = googleConfig(env);
  const https = env.siteUrl.startsWith("https:");
  const mail = accountMailSending(mailer);
  // Sign-up never tells whether an address has an account (docs/decisions/011): it answers
  // 'check your e-mail' to both, and the e-mail says which. Without a mail server no address
  // can be confirmed, so sign-up then signs in at once (docs/operations.md: SMTP_URL).
  const confirmByMail = mailer.enabled;
  return betterAuth({
    appName: "Valentina y Taquito",
    // better-auth's own lines (an invalid callback URL, a provider's failure) are lines of the
    // site's log: one JSON object each, and an address they name loses its credential there
    // (app/lib/log.server.ts) instead of going to the console whole.
    logger: { log: betterAuthLine },
    baseURL: env.siteUrl,
    secret,
    trustedOrigins: [env.siteUrl],
    database: { db, type: "postgres" },
    emailAndPassword: emailAndPasswordOptions({ env, db, mailer, passwordResetMail, confirmByMail, mail }),
    // Reset tokens are stored hashed: a copy of the database holds no working reset link.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    emailVerification: emailVerificationOptions({ db, confirmByMail, mail, onEmailVerified }),
    // Production Google, or (GOOGLE_ISSUER) any OpenID Connect server under the id "google":
    // the sign-in and callback URLs are the same either way.
    socialProviders:
      google && !google.issuer ? { google: { clientId: google.clientId, clientSecret: google.clientSecret } } : {},
    plugins: [
      // Sessions for readers without a password (child readers): server-only, see the module.
      readerSessions(),
      ...googleOpenIdPlugins(google),
    ],
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100 * env.RATE_LIMIT_MULTIPLIER,
      // Sign-in and sign-up are limited by authGuardHooks (shared with the login page).
      customRules: {
        "/sign-in/email": false,
        "/sign-up/email": false,
        "/sign-in/social": { window: 60, max: 20 * env.RATE_LIMIT_MULTIPLIER },
      },
    },
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
      // Our HTTP server writes the socket's address here and drops any client-sent copy.
      ipAddress: { ipAddressHeaders: [INTERNAL_HEADERS.clientIp] },
    },
    databaseHooks: { user: { create: newUserHooks(confirmByMail, onUserCreated) } },
    // Our limits per address and per account, and the password check, on every path into
    // sign-in and sign-up: direct calls to /api/auth and the login page's calls through auth.api.
    hooks: authGuardHooks(db, checkSignUpAnswer),
    telemetry: { enabled: false },
  });
}

type AccountMailSending = ReturnType<typeof accountMailSending>;

/** How account mail leaves: in the background, or awaited when a page says whether it left. */
function accountMailSending(mailer: Mailer) {
  // A failure is logged and counted by the mailer (app/runtime: countedMail).
  const sendInBackground = (mail: Mail) => {
    void mailer.send(mail).catch(() => {});
  };
  // Sign-up's mail (a confirmation for a new address, a note for a known one) and sign-in's new
  // confirmation: when a page waits for the answer (withMailOutcomes), awaited, so that the page
  // says whether it left (issue 41). Both sign-up paths wait on the mail server alike, so a new
  // address and a known one still take the same time (the password is hashed on both).
  const sendAccountMail = async (mail: Mail) => {
    if (!mailOutcomesAwaited()) return sendInBackground(mail);
    try {
      await mailer.send(mail);
      noteMailOutcome({ kind: mail.kind, outcome: "sent" });
    } catch {
      noteMailOutcome({ kind: mail.kind, outcome: "failed" });
    }
  };
  return { sendInBackground, sendAccountMail };
}

/** Sign-up and sign-in with an address and a password, and the password reset. */
function emailAndPasswordOptions({
  env,
  db,
  mailer,
  passwordResetMail,
  confirmByMail,
  mail,
}: Pick<AuthOptions, "env" | "db" | "mailer" | "passwordResetMail"> & {
  confirmByMail: boolean;
  mail: AccountMailSending;
}) {
  return {
    enabled: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    // better-auth's own scrypt, except in the test harness's processes (password-hashing.server.ts).
    password: { hash: hashSecret, verify: verifySecret },
    autoSignIn: true,
    resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
    // A new password ends every session of the account: whoever knew the old one is out.
    revokeSessionsOnPasswordReset: true,
    // Not awaited, so asking for an address with an account takes as long as one without.
    sendResetPassword: async ({ user, url }) => {
      if (!mailer.enabled) log.warn("password reset asked for, but SMTP_URL is not set: no mail sent");
      else mail.sendInBackground(passwordResetMail(user.email, url));
    },
    // The owner proved they read the account's mail: earlier failed sign-ins no longer count.
    onPasswordReset: async ({ user }) => {
      await clearSignInFailures(db, user.email);
    },
    requireEmailVerification: confirmByMail,
    onExistingUserSignUp: async ({ user }) => mail.sendAccountMail(existingAccountMail(user.email, env.siteUrl)),
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/** The confirmation link of a new address: sent on sign-up and on each unconfirmed sign-in, within a limit. */
function emailVerificationOptions({
  db,
  confirmByMail,
  mail,
  onEmailVerified,
}: Pick<AuthOptions, "db" | "onEmailVerified"> & { confirmByMail: boolean; mail: AccountMailSending }) {
  return {
    sendOnSignUp: confirmByMail,
    sendOnSignIn: confirmByMail,
    autoSignInAfterVerification: true,
    expiresIn: VERIFY_LINK_HOURS * 60 * 60,
    // Sent on sign-up and on each sign-in of an unconfirmed account: at most
    // CONFIRMATION_MAIL_LIMIT an hour per account, the first included (docs/operations.md, "Limits").
    sendVerificationEmail: async ({ user, url }) => {
      const limit = await hitRateLimit(db, `confirmation-mail:${user.id}`, CONFIRMATION_MAIL_LIMIT);
      if (!limit.allowed) {
        noteMailOutcome({ kind: "confirmation", outcome: "limited" });
        log.info("confirmation mail held back: limit reached", {
          kind: "confirmation",
          to: redactAddress(user.email),
        });
        return;
      }
      await mail.sendAccountMail(confirmAccountMail(user.email, url));
    },
    afterEmailVerification: async (user) => onEmailVerified({ id: user.id, email: user.email }),
  } satisfies BetterAuthOptions["emailVerification"];
}

/** With GOOGLE_ISSUER, Google sign-in through that OpenID Connect server (none otherwise). */
function googleOpenIdPlugins(google: GoogleConfig) {
  return google && google.issuer
    ? [
        genericOAuth({
          config: [
            {
              providerId: "google",
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              discoveryUrl: `${google.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
              scopes: ["openid", "email", "profile"],
              pkce: true,
            },
          ],
        }),
      ]
    : [];
}

/** A new account: confirmed at once without a mail server, and given its profile. */
function newUserHooks(confirmByMail: boolean, onUserCreated: AuthOptions["onUserCreated"]) {
  return {
    // Without a mail server no address can be confirmed, and none is asked for: the account
    // counts as confirmed, so it keeps working when SMTP_URL is set later (issue 41;
    // migration 0031 does the same for accounts made before this rule).
    before: async (user) => (confirmByMail ? undefined : { data: { ...user, emailVerified: true } }),
    after: async (user, ctx) => {
      const body = (ctx?.path === "/sign-up/email" ? ctx.body : null) as {
        birthYear?: unknown;
        guardianEmail?: unknown;
      } | null;
      await onUserCreated({
        id: user.id,
        email: user.email,
        name: user.name,
        signUpAnswer: body ? { birthYear: body.birthYear, guardianEmail: body.guardianEmail } : null,
      });
    },
  } satisfies NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["user"]>["create"];
}

export type Auth = ReturnType<typeof createAuth>;

/** One of better-auth's log calls as a line of the site's log: its message, its error, the rest as details. */
function betterAuthLine(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) {
  const error = args.find((arg) => arg instanceof Error);
  const details = args.filter((arg) => !(arg instanceof Error));
  log[level](`better-auth: ${message.trim()}`, {
    ...(error ? { error } : {}),
    ...(details.length ? { details } : {}),
  });
}

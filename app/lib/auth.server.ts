import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { authGuardHooks } from "./auth-guards.server.ts";
import type { Db } from "./db.server.ts";
import type { Env } from "./env.server.ts";
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

type AuthOptions = {
  env: Env;
  db: Db;
  secret: string;
  /** Called in the same request that creates an account, to give it a profile. */
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
};

export function createAuth({ env, db, secret, onUserCreated }: AuthOptions) {
  const google = googleConfig(env);
  const https = env.siteUrl.startsWith("https:");
  return betterAuth({
    appName: "Valentina y Taquito",
    baseURL: env.siteUrl,
    secret,
    trustedOrigins: [env.siteUrl],
    database: { db, type: "postgres" },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    // Production Google, or (GOOGLE_ISSUER) any OpenID Connect server under the id "google":
    // the sign-in and callback URLs are the same either way.
    socialProviders:
      google && !google.issuer ? { google: { clientId: google.clientId, clientSecret: google.clientSecret } } : {},
    plugins:
      google && google.issuer
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
        : [],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
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
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
    // Our limits per address and per account, and the password check, on every path into
    // sign-in and sign-up: direct calls to /api/auth and the login page's calls through auth.api.
    hooks: authGuardHooks(db),
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

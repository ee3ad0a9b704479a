import { data, redirect } from "react-router";
import { AUTH_RATE_LIMITS, googleConfig, type Auth } from "../../lib/auth.server.ts";
import type { Db } from "../../lib/db.server.ts";
import type { Env } from "../../lib/env.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import { authErrorMessage, forwardCookies } from "./auth-responses.server.ts";
import { parseCredentials } from "./credentials.schema.ts";
import type { LoginActionResult, LoginMode } from "./login-request.ts";

/** Sends the reader to Google; better-auth brings them back to `redirectTo` (a safe path). */
export async function startGoogleSignIn(
  { auth, env }: { auth: Auth; env: Env },
  { headers, redirectTo }: { headers: Headers; redirectTo: string },
) {
  if (!googleConfig(env))
    return data<LoginActionResult>({ error: "El acceso con Google no está disponible por ahora." }, { status: 400 });
  const response = await auth.api.signInSocial({
    body: {
      provider: "google",
      callbackURL: `${env.siteUrl}${redirectTo}`,
      errorCallbackURL: `${env.siteUrl}/login?error=google`,
    },
    headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url)
    return data<LoginActionResult>({ error: await authErrorMessage(response) }, { status: 502 });
  return redirect(body.url, { headers: forwardCookies(response) });
}

type EmailSignIn = {
  mode: LoginMode;
  email: unknown;
  password: unknown;
  headers: Headers;
  clientIp: string;
  /** A safe path on this site. */
  redirectTo: string;
};

/** Signs in or signs up with e-mail and password; on success, to `redirectTo` with the session cookie. */
export async function signInWithEmail(
  { auth, db }: { auth: Auth; db: Db },
  { mode, email: rawEmail, password: rawPassword, headers, clientIp, redirectTo }: EmailSignIn,
) {
  const parsed = parseCredentials({ email: rawEmail, password: rawPassword }, mode);
  const email = typeof rawEmail === "string" ? rawEmail : "";
  if (!parsed.ok) return data<LoginActionResult>({ fieldErrors: parsed.errors, email }, { status: 400 });

  // Counted per client address (the socket's, set by our server), shared by every instance.
  const limit = await hitRateLimit(
    db,
    `${mode}:${clientIp}`,
    mode === "signup" ? AUTH_RATE_LIMITS.signUp : AUTH_RATE_LIMITS.signIn,
  );
  if (!limit.allowed) {
    return data<LoginActionResult>(
      { error: RATE_LIMIT_MESSAGE, email },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const { email: cleanEmail, password } = parsed.data;
  const response =
    mode === "signup"
      ? await auth.api.signUpEmail({
          body: { email: cleanEmail, password, name: cleanEmail.split("@")[0] ?? cleanEmail },
          headers,
          asResponse: true,
        })
      : await auth.api.signInEmail({
          body: { email: cleanEmail, password },
          headers,
          asResponse: true,
        });
  if (!response.ok) {
    const status = response.status === 401 || response.status === 422 ? response.status : 400;
    return data<LoginActionResult>({ error: await authErrorMessage(response), email }, { status });
  }
  return redirect(redirectTo, { headers: forwardCookies(response) });
}

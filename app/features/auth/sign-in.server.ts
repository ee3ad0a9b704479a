import { data, redirect } from "react-router";
import { googleConfig, type Auth } from "../../lib/auth.server.ts";
import type { Env } from "../../lib/env.server.ts";
import { personalWordsOf, weakPasswordReason } from "../../lib/password-strength.server.ts";
import { authErrorMessage, authResponse, forwardCookies } from "./auth-responses.server.ts";
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
  /** A safe path on this site. */
  redirectTo: string;
};

/** Signs in or signs up with e-mail and password; on success, to `redirectTo` with the session cookie. */
export async function signInWithEmail(
  { auth }: { auth: Auth },
  { mode, email: rawEmail, password: rawPassword, headers, redirectTo }: EmailSignIn,
) {
  const parsed = parseCredentials({ email: rawEmail, password: rawPassword }, mode);
  const email = typeof rawEmail === "string" ? rawEmail : "";
  if (!parsed.ok) return data<LoginActionResult>({ fieldErrors: parsed.errors, email }, { status: 400 });

  // Limits per address and per account, and the password check, run inside better-auth
  // (app/lib/auth-guards.server.ts), so direct calls to /api/auth meet them too.
  const { email: cleanEmail, password } = parsed.data;
  // Shown beside the field, before better-auth (whose hook refuses the same for direct calls).
  const weak = mode === "signup" ? weakPasswordReason(password, personalWordsOf(cleanEmail)) : null;
  if (weak) return data<LoginActionResult>({ fieldErrors: { password: weak }, email }, { status: 400 });
  const response = await authResponse(() =>
    mode === "signup"
      ? auth.api.signUpEmail({
          body: { email: cleanEmail, password, name: cleanEmail.split("@")[0] ?? cleanEmail },
          headers,
          asResponse: true,
        })
      : auth.api.signInEmail({ body: { email: cleanEmail, password }, headers, asResponse: true }),
  );
  if (!response.ok) {
    const status = [401, 422, 429].includes(response.status) ? response.status : 400;
    const retryAfter = response.headers.get("Retry-After");
    return data<LoginActionResult>(
      { error: await authErrorMessage(response), email },
      { status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  return redirect(redirectTo, { headers: forwardCookies(response) });
}

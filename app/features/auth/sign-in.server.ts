import { data, redirect } from "react-router";
import { googleConfig, type Auth } from "../../lib/auth.server.ts";
import type { Env } from "../../lib/env.server.ts";
import type { BirthYearErrors } from "../../ui/birth-year-fields.tsx";
import { personalWordsOf, weakPasswordReason } from "../../lib/password-strength.server.ts";
import { withMailOutcomes } from "../../lib/mail.server.ts";
import {
  authErrorMessage,
  authResponse,
  forwardCookies,
  SIGN_UP_MAIL_NOT_SENT,
  UNCONFIRMED_SIGN_IN,
} from "./auth-responses.server.ts";
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
  /** Sign-up only: the age question, and a child's guardian, as sent. */
  birthYear?: unknown;
  guardianEmail?: unknown;
  /**
   * Sign-up only: what the age rule (app/features/age, asked by the route) found wrong with the
   * answer, shown beside its fields. better-auth's hook asks the same rule for direct calls.
   */
  ageErrors?: BirthYearErrors | null;
  headers: Headers;
  /** A safe path on this site. */
  redirectTo: string;
  /**
   * Sign-up only: where a new account lands instead of `redirectTo` (signed in at once), and
   * where the confirmation e-mail's link lands; `redirectTo` when not given.
   */
  signUpLanding?: { now: string; confirmed: string };
};

/** Signs in or signs up with e-mail and password; on success, to `redirectTo` with the session cookie. */
export async function signInWithEmail(
  { auth }: { auth: Auth },
  { mode, email: rawEmail, password: rawPassword, headers, redirectTo, ageErrors, signUpLanding, ...age }: EmailSignIn,
) {
  const parsed = parseCredentials({ email: rawEmail, password: rawPassword }, mode);
  const email = typeof rawEmail === "string" ? rawEmail : "";
  const sent = {
    email,
    birthYear: typeof age.birthYear === "string" ? age.birthYear : undefined,
    guardianEmail: typeof age.guardianEmail === "string" ? age.guardianEmail : undefined,
  };
  // Shown beside the field, before better-auth (whose hook refuses the same for direct calls).
  const weak =
    mode === "signup" && parsed.ok
      ? weakPasswordReason(parsed.data.password, personalWordsOf(parsed.data.email))
      : null;
  const ageRefused = mode === "signup" && ageErrors && Object.keys(ageErrors).length > 0;
  if (!parsed.ok || ageRefused || weak)
    return data<LoginActionResult>(
      {
        fieldErrors: {
          ...(parsed.ok ? {} : parsed.errors),
          ...(weak ? { password: weak } : {}),
          ...(ageRefused ? ageErrors : {}),
        },
        ...sent,
      },
      { status: 400 },
    );

  // Limits per address and per account, and the password check, run inside better-auth
  // (app/lib/auth-limits.server.ts), so direct calls to /api/auth meet them too.
  const { email: cleanEmail, password } = parsed.data;
  // Awaited with what became of the mail it asked for: the page says only what happened.
  const { result: response, mails } = await withMailOutcomes(() =>
    authResponse(() =>
      mode === "signup"
        ? auth.api.signUpEmail({
            body: {
              email: cleanEmail,
              password,
              name: cleanEmail.split("@")[0] ?? cleanEmail,
              // Where the confirmation link lands, signed in.
              callbackURL: signUpLanding?.confirmed ?? redirectTo,
              // The answer as sent: the age rule reads it again in better-auth's hook and when the
              // account is created, so a direct call to /api/auth meets the same rule.
              ...{ birthYear: sent.birthYear, guardianEmail: sent.guardianEmail },
            },
            headers,
            asResponse: true,
          })
        : auth.api.signInEmail({
            body: { email: cleanEmail, password, callbackURL: redirectTo },
            headers,
            asResponse: true,
          }),
    ),
  );
  const confirmation = mails.find((mail) => mail.kind === "confirmation")?.outcome;
  if (!response.ok) {
    const status = [401, 422, 429].includes(response.status) ? response.status : 400;
    const retryAfter = response.headers.get("Retry-After");
    const error = await authErrorMessage(response);
    return data<LoginActionResult>(
      {
        error: confirmation ? UNCONFIRMED_SIGN_IN[confirmation] : error,
        ...(confirmation === "failed" ? { mailNotSent: true } : {}),
        ...sent,
      },
      { status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  // A sign-up confirmed by e-mail gives no session yet: the same answer whether or not the
  // address already had an account (better-auth's generic response; the e-mail says which).
  // When that e-mail did not leave (the mail server refused it), the page says so, the same way
  // for both; nothing else tells the two apart.
  if (mode === "signup" && response.headers.getSetCookie().length === 0)
    return mails.some((mail) => mail.outcome === "failed")
      ? data<LoginActionResult>({ checkEmail: cleanEmail, mailNotSent: true, mailNotice: SIGN_UP_MAIL_NOT_SENT })
      : data<LoginActionResult>({ checkEmail: cleanEmail });
  const landing = mode === "signup" ? (signUpLanding?.now ?? redirectTo) : redirectTo;
  return redirect(landing, { headers: forwardCookies(response) });
}

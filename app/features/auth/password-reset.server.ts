import { data, redirect } from "react-router";
import type { Auth } from "../../lib/auth.server.ts";
import type { Env } from "../../lib/env.server.ts";
import type { Mail } from "../../lib/mail.server.ts";
import { PASSWORD_RESET_LINK_MINUTES } from "../../lib/password-reset-timing.ts";
import { RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import { authResponse } from "./auth-responses.server.ts";
import { CREDENTIAL_MESSAGES, MIN_PASSWORD_LENGTH, parseCredentials } from "./credentials.schema.ts";
import { PASSWORD_RESET_MESSAGES } from "./password-reset-messages.ts";

/** Where the link in the e-mail finally lands (better-auth checks the token, then redirects here). */
export const NEW_PASSWORD_PATH = "/recuperar-contrasena/nueva";
export const PASSWORD_CHANGED_PATH = "/login?contrasena=cambiada";

/** The reset e-mail, in plain Spanish a child and a parent can both follow. */
export function passwordResetMail(email: string, url: string): Mail {
  return {
    kind: "password-reset",
    to: email,
    subject: "Elige una contraseña nueva para Valentina y Taquito",
    text: [
      "¡Hola!",
      "",
      `Alguien pidió cambiar la contraseña de la cuenta ${email} en el sitio de Valentina y Taquito.`,
      "Si fuiste tú, abre este enlace para elegir una contraseña nueva:",
      "",
      url,
      "",
      `El enlace sirve una sola vez y solo durante ${PASSWORD_RESET_LINK_MINUTES} minutos.`,
      "Si no lo pediste, no hagas nada: tu contraseña sigue igual.",
      "Si eres menor de edad y no entiendes este correo, enséñaselo a una persona adulta de tu familia.",
      "",
      "Valentina y Taquito",
    ].join("\n"),
  };
}

export type ResetRequestResult = { sent?: true; error?: string; fieldErrors?: { email?: string }; email?: string };

/**
 * '¿Olvidaste tu contraseña?': asks better-auth to mail a link. The reader always reads the same
 * answer (an account or not, over the per-address limit of mails or not); only the limit per
 * client address is told, since it says nothing about any account.
 */
export async function requestPasswordReset(
  { auth, env }: { auth: Auth; env: Env },
  { email: rawEmail, headers }: { email: unknown; headers: Headers },
) {
  const email = typeof rawEmail === "string" ? rawEmail : "";
  const parsed = parseCredentials({ email: rawEmail, password: "-" }, "login");
  if (!parsed.ok && parsed.errors.email)
    return data<ResetRequestResult>({ fieldErrors: { email: parsed.errors.email }, email }, { status: 400 });
  const cleanEmail = email.trim().toLowerCase();
  const response = await authResponse(() =>
    auth.api.requestPasswordReset({
      body: { email: cleanEmail, redirectTo: `${env.siteUrl}${NEW_PASSWORD_PATH}` },
      headers,
      asResponse: true,
    }),
  );
  if (response.status === 429) {
    const retryAfter = response.headers.get("Retry-After");
    return data<ResetRequestResult>(
      { error: RATE_LIMIT_MESSAGE, email },
      { status: 429, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  if (!response.ok) return data<ResetRequestResult>({ error: PASSWORD_RESET_MESSAGES.failed, email }, { status: 400 });
  return { sent: true } satisfies ResetRequestResult;
}

export type NewPasswordResult = {
  invalidLink?: true;
  error?: string;
  fieldErrors?: { password?: string; repeat?: string };
};

/** Sets the new password with the link's token; better-auth spends the token and ends every session. */
export async function resetPassword(
  { auth }: { auth: Auth },
  { token, password, repeat, headers }: { token: unknown; password: unknown; repeat: unknown; headers: Headers },
) {
  if (typeof token !== "string" || !token) return data<NewPasswordResult>({ invalidLink: true }, { status: 400 });
  const newPassword = typeof password === "string" ? password : "";
  const fieldErrors: NonNullable<NewPasswordResult["fieldErrors"]> = {};
  if (!newPassword) fieldErrors.password = CREDENTIAL_MESSAGES.passwordRequired;
  else if (newPassword.length < MIN_PASSWORD_LENGTH) fieldErrors.password = CREDENTIAL_MESSAGES.passwordTooShort;
  else if (newPassword.length > 128) fieldErrors.password = CREDENTIAL_MESSAGES.passwordTooLong;
  else if (repeat !== newPassword) fieldErrors.repeat = PASSWORD_RESET_MESSAGES.mismatch;
  if (Object.keys(fieldErrors).length) return data<NewPasswordResult>({ fieldErrors }, { status: 400 });

  // The strength check runs inside better-auth (app/lib/auth-limits.server.ts), with the
  // account's own e-mail counted as easy, for this page and direct calls alike.
  const response = await authResponse(() =>
    auth.api.resetPassword({ body: { newPassword, token }, headers, asResponse: true }),
  );
  if (response.ok) return redirect(PASSWORD_CHANGED_PATH);
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code === "PASSWORD_TOO_WEAK" && body.message)
    return data<NewPasswordResult>({ fieldErrors: { password: body.message } }, { status: 400 });
  if (body?.code === "INVALID_TOKEN" || body?.code === "USER_NOT_FOUND")
    return data<NewPasswordResult>({ invalidLink: true }, { status: 400 });
  if (response.status === 429) return data<NewPasswordResult>({ error: RATE_LIMIT_MESSAGE }, { status: 429 });
  return data<NewPasswordResult>({ error: PASSWORD_RESET_MESSAGES.failed }, { status: 400 });
}

import { isAPIError } from "better-auth/api";
import type { MailNotice } from "./login-request.ts";

/** The Set-Cookie headers of a better-auth response, to send along with our own redirect. */
export function forwardCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

const SPANISH_AUTH_ERRORS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Correo o contraseña incorrectos.",
  USER_ALREADY_EXISTS: "Ya existe una cuenta con ese correo. Intenta ingresar.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Ya existe una cuenta con ese correo. Intenta ingresar.",
  PASSWORD_TOO_SHORT: "La contraseña debe tener al menos 8 caracteres.",
  PASSWORD_TOO_LONG: "La contraseña es demasiado larga.",
  INVALID_EMAIL: "Escribe un correo electrónico válido.",
  FAILED_TO_CREATE_USER: "No pudimos crear la cuenta. Intenta de nuevo.",
  EMAIL_NOT_VERIFIED: "Primero confirma tu correo: te enviamos un enlace para hacerlo.",
  RATE_LIMITED: "Demasiados intentos seguidos. Espera un momento y vuelve a intentarlo.",
};

/**
 * Sign-in of an account whose address is not confirmed yet: what became of the new link, said as
 * it happened (issue 41), with a way on. Without a mail outcome, better-auth's own answer stands.
 */
export const UNCONFIRMED_SIGN_IN = {
  sent: SPANISH_AUTH_ERRORS.EMAIL_NOT_VERIFIED!,
  failed:
    "Primero hay que confirmar tu correo, pero no pudimos enviarte el enlace: el servidor de correo no lo aceptó. Revisa que el correo esté bien escrito e inténtalo otra vez en un rato; si sigue sin llegar, escríbenos desde Contacto.",
  limited:
    "Primero confirma tu correo con el enlace que ya te enviamos (mira también en la carpeta de correo no deseado). Ya enviamos varios en la última hora: podrás pedir otro más tarde.",
} as const;

/** After a sign-up whose e-mail the mail server refused: the same for a new and a known address. */
export const SIGN_UP_MAIL_NOT_SENT: MailNotice = {
  title: "No pudimos enviarte el correo",
  text: "El servidor de correo no aceptó el mensaje para esa dirección, así que no te llegará. Puedes:",
  links: [
    { to: "/login?modo=registro", label: "Crear la cuenta con otra dirección, si esta está mal escrita" },
    { to: "/login", label: "Ingresar con tu correo y tu contraseña en un rato: te enviaremos el enlace otra vez" },
    { to: "/contact", label: "Escribirnos, si sigue sin llegar" },
  ],
};

/** Our own refusals (app/lib/auth.server.ts hooks): their message is already written in Spanish. */
const OWN_CODES = new Set(["ACCOUNT_LOCKED", "PASSWORD_TOO_WEAK", "BIRTH_YEAR_REQUIRED", "GUARDIAN_EMAIL_INVALID"]);

/** The provider's message for a failed sign-in or sign-up, in the readers' language. */
export async function authErrorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code && OWN_CODES.has(body.code) && body.message) return body.message;
  return (body?.code && SPANISH_AUTH_ERRORS[body.code]) || "No pudimos completar la solicitud. Intenta de nuevo.";
}

/**
 * Runs a better-auth call made with `asResponse: true` and always gets a Response: a refusal
 * thrown by our hooks (limits, account lock, weak password) becomes one too.
 */
export async function authResponse(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const headers = new Headers(error.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(error.body ?? {}), { status: error.statusCode, headers });
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The JSON without a `token` at its top, in its `session`, or in a list of sessions. */
function stripTokens(body: Json): Json {
  if (Array.isArray(body)) return body.map(stripTokens);
  if (body === null || typeof body !== "object") return body;
  const { token: _token, session, ...rest } = body;
  return session === undefined ? rest : { ...rest, session: stripTokens(session) };
}

/**
 * better-auth's JSON answers (get-session, list-sessions, sign-in, sign-up) carry the session
 * token that the HttpOnly cookie exists to keep away from page scripts; no page of ours needs
 * it, so a script injected into a page could only use it to steal the session. It is removed.
 */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.headers.get("Content-Type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify(stripTokens(body)), { status: response.status, headers });
}

import type { BirthYearErrors } from "../../ui/birth-year-fields.tsx";
import type { CredentialErrors } from "./credential-messages.ts";

/** /login shows the sign-in form, or with `?modo=registro` the sign-up form. */
export type LoginMode = "login" | "signup";

export const loginModeOf = (url: URL): LoginMode => (url.searchParams.get("modo") === "registro" ? "signup" : "login");

/**
 * Where to go after signing in: `redirectTo`, else the page of this site that sent the reader
 * here, else null. Unchecked: the caller keeps it on this site (safeRedirectPath).
 */
export function requestedReturnPath(url: URL, referer: string | null, siteUrl: string): string | null {
  const explicit = url.searchParams.get("redirectTo");
  if (explicit) return explicit;
  if (referer?.startsWith(siteUrl + "/")) {
    const from = new URL(referer);
    return from.pathname + from.search;
  }
  return null;
}

/** A page's words about an e-mail that did not leave, and the ways on. */
export type MailNotice = { title: string; text: string; links: { to: string; label: string }[] };

export type LoginActionResult = {
  error?: string;
  fieldErrors?: CredentialErrors & BirthYearErrors;
  email?: string;
  /** The age answers sent, shown again after a refusal. */
  birthYear?: string;
  guardianEmail?: string;
  /** A sign-up waiting for its e-mail confirmation (new address or not: the page is the same). */
  checkEmail?: string;
  /** The e-mail the page would have promised did not leave: the mail server refused it (issue 41). */
  mailNotSent?: boolean;
  /** After a sign-up whose e-mail did not leave: what to show instead of 'Revisa tu correo'. */
  mailNotice?: MailNotice;
};

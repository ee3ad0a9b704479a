import * as z from "zod/mini";
import {
  CREDENTIAL_MESSAGES,
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_ADVICE,
  type CredentialErrors,
} from "./credential-messages.ts";

export { CREDENTIAL_MESSAGES, MIN_PASSWORD_LENGTH, NEW_PASSWORD_ADVICE, type CredentialErrors };

const emailSchema = z.email(CREDENTIAL_MESSAGES.emailInvalid);

/** SPEC.md §5: e-mail and password required, the e-mail in e-mail format; new passwords 8+. */
export function parseCredentials(form: { email: unknown; password: unknown }, mode: "login" | "signup") {
  const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
  const password = typeof form.password === "string" ? form.password : "";
  const errors: CredentialErrors = {};
  if (!email) errors.email = CREDENTIAL_MESSAGES.emailRequired;
  else if (!emailSchema.safeParse(email).success) errors.email = CREDENTIAL_MESSAGES.emailInvalid;
  if (!password) errors.password = CREDENTIAL_MESSAGES.passwordRequired;
  else if (mode === "signup" && password.length < MIN_PASSWORD_LENGTH)
    errors.password = CREDENTIAL_MESSAGES.passwordTooShort;
  else if (password.length > 128) errors.password = CREDENTIAL_MESSAGES.passwordTooLong;
  return Object.keys(errors).length ? { ok: false as const, errors } : { ok: true as const, data: { email, password } };
}

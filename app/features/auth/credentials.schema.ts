import * as z from "zod/mini";

export const CREDENTIAL_MESSAGES = {
  emailRequired: "Escribe tu correo electrónico.",
  emailInvalid: "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
  passwordRequired: "Escribe tu contraseña.",
  passwordTooShort: "La contraseña debe tener al menos 8 caracteres.",
  passwordTooLong: "La contraseña puede tener hasta 128 caracteres.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/**
 * What makes a good password, shown under every new-password field before the first try (in
 * words a ten-year-old reads). The server's check (app/lib/password-strength.server.ts) refuses
 * what this advice warns against: short passwords, common words and sequences, the e-mail's own words.
 */
export const NEW_PASSWORD_ADVICE =
  "Usa al menos 8 letras o números. Lo mejor es juntar tres o cuatro palabras que nadie pondría juntas. No uses tu nombre, tu correo ni cosas fáciles de adivinar como «12345678» o «contraseña».";

export type CredentialErrors = Partial<Record<"email" | "password", string>>;

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

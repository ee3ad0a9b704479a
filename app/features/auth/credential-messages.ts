/**
 * The sign-in and sign-up fields' rules and messages, apart from the schema (credentials.schema.ts)
 * so that the forms in the browser show them without loading a validation library (decision 028).
 */
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

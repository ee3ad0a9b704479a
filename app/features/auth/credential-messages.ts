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

export type CredentialErrors = Partial<Record<"email" | "password", string>>;

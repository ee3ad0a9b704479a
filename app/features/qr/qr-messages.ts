/** SPEC.md §2 and §8, letter for letter. */
export const QR_MESSAGES = {
  verifying: "Verifying QR code...",
  invalid: "Invalid Code",
  expired: "Expired Code",
} as const;

/** An address past the limit of unknown codes (429). */
export const QR_GUESSING_MESSAGES = {
  title: "Demasiados códigos desconocidos",
  text: "Desde esta conexión se han probado muchos códigos que no existen. Espera unos minutos y vuelve a escanear el código del libro.",
} as const;

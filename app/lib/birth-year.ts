/**
 * The neutral age question ('Año de nacimiento') and the line of LOPDGDD art. 7: below 14 a
 * parent or guardian must consent for the child. Shared by the sign-up form, the auth hooks
 * (direct calls to /api/auth meet the same rule) and the age step of Google sign-ups.
 */
export const GUARDIAN_CONSENT_AGE = 14;

/** The oldest year offered; the list runs from last year back to here (no year pre-selected). */
const OLDEST_OFFERED = 110;

export const AGE_MESSAGES = {
  birthYearRequired: "Elige tu año de nacimiento.",
  guardianEmailRequired: "Escribe el correo de tu mamá, papá o tutor.",
  guardianEmailInvalid: "Escribe un correo válido, como nombre@ejemplo.com.",
  guardianEmailSameAsYours: "El correo de tu familia debe ser distinto del tuyo.",
} as const;

export const currentYear = (now = new Date()) => now.getFullYear();

/** Every year a reader may pick, newest first: the same list for everyone, with no hint of a line. */
export function birthYearOptions(now = new Date()): number[] {
  const newest = currentYear(now) - 1;
  return Array.from({ length: OLDEST_OFFERED }, (_, index) => newest - index);
}

/** A year from the list, or null. */
export function parseBirthYear(value: unknown, now = new Date()): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  const newest = currentYear(now) - 1;
  return year <= newest && year > newest - OLDEST_OFFERED ? year : null;
}

/** The age the reader has or reaches this year: what the profile shows. */
export const ageFromBirthYear = (year: number, now = new Date()) => currentYear(now) - year;

/**
 * A year alone cannot tell a 13-year-old from a 14-year-old born the same year, so a reader who
 * may still be 13 is treated as a child: the guardian is asked rather than the law broken.
 */
export const isChildBirthYear = (year: number, now = new Date()) => ageFromBirthYear(year, now) <= GUARDIAN_CONSENT_AGE;

/** An age typed in /tu-perfil (a whole number): below 14 makes the account a child's. */
export const isChildAge = (age: number) => age < GUARDIAN_CONSENT_AGE;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The guardian's e-mail a child gives: required, an e-mail, and not the child's own (the link
 * must reach someone else). Returns the cleaned address or the Spanish reason.
 */
export function parseGuardianEmail(
  value: unknown,
  ownEmail: string,
): { ok: true; email: string } | { ok: false; error: string } {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!email) return { ok: false, error: AGE_MESSAGES.guardianEmailRequired };
  if (email.length > 254 || !EMAIL.test(email)) return { ok: false, error: AGE_MESSAGES.guardianEmailInvalid };
  if (email === ownEmail.trim().toLowerCase()) return { ok: false, error: AGE_MESSAGES.guardianEmailSameAsYours };
  return { ok: true, email };
}

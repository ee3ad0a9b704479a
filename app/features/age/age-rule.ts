import type { AgeQuestion } from "../../ui/birth-year-fields.tsx";

/**
 * The one home of the age and consent rule (docs/decisions/031-one-age-rule.md). Spain's
 * LOPDGDD (art. 7) lets a reader consent from 14; below that a mother, father or guardian must.
 * Every way into an account asks this module, and nothing else in the app knows the line:
 * e-mail sign-up (the login page and better-auth's hook for direct calls), the age step after a
 * Google sign-up (/tu-edad), the age typed in /tu-perfil, and an adult adding a child at /familia.
 * Plain TypeScript with no server import: the forms use it too.
 */
const GUARDIAN_CONSENT_AGE = 14;

/** The oldest year offered; the list runs from last year back to here (no year pre-selected). */
const OLDEST_OFFERED = 110;

export const AGE_MESSAGES = {
  birthYearRequired: "Elige tu año de nacimiento.",
  guardianEmailRequired: "Escribe el correo de tu mamá, papá o tutor.",
  guardianEmailInvalid: "Escribe un correo válido, como nombre@ejemplo.com.",
  guardianEmailSameAsYours: "El correo de tu familia debe ser distinto del tuyo.",
} as const;

export type AgeFieldErrors = { birthYear?: string; guardianEmail?: string };

/**
 * How a guardian can be asked from where the answer is given: by an e-mail with a link (the
 * site can send mail), or only through the family path, where an adult signs in and adds the
 * child at /familia (the site cannot send mail, or the adult is the one answering).
 */
export type GuardianReach = "mail" | "family";

/**
 * What a reader answered: a year from 'Año de nacimiento' as the form or the API sent it (this
 * module parses it), with a child's guardian e-mail; or the whole age typed in /tu-perfil (a
 * number already checked by the profile form), whose guardian e-mail is asked for next.
 */
export type AgeAnswer = { birthYear: unknown; guardianEmail?: unknown } | { age: number };

export type GuardianConsentPath =
  /** An e-mail with a link to the guardian; null: the child has not given the address yet. */
  | { path: "guardian-email"; guardianEmail: string | null }
  /** No e-mail can be sent: an adult of the family signs in and adds the child at /familia. */
  | { path: "family" };

/** The rule's verdict; `birthYear` is a number for a year's answer, null for a typed age. */
export type AgeDecision<BirthYear extends number | null = number | null> =
  | { kind: "on-their-own"; birthYear: BirthYear; age: number }
  | { kind: "needs-guardian"; birthYear: BirthYear; age: number; consent: GuardianConsentPath }
  | { kind: "invalid"; errors: AgeFieldErrors };

export type AgeRuleContext = {
  /** How a guardian can be asked from here. */
  reach: GuardianReach;
  /** The reader's own e-mail, when they have one: a guardian's must be someone else's. */
  ownEmail?: string | null;
  now?: Date;
};

export const currentYear = (now = new Date()) => now.getFullYear();

/** Every year a reader may pick, newest first: the same list for everyone, with no hint of a line. */
export function birthYearOptions(now = new Date()): number[] {
  const newest = currentYear(now) - 1;
  return Array.from({ length: OLDEST_OFFERED }, (_, index) => newest - index);
}

/** The one parser of a birth year: a year from the list, or null. */
export function parseBirthYear(value: unknown, now = new Date()): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  const newest = currentYear(now) - 1;
  return year <= newest && year > newest - OLDEST_OFFERED ? year : null;
}

/** The age the reader has or reaches this year: what the profile shows. */
const ageFromBirthYear = (year: number, now: Date) => currentYear(now) - year;

/**
 * A year alone cannot tell a 13-year-old from a 14-year-old born the same year, so a reader who
 * may still be 13 is treated as a child: the family is asked rather than the law broken. A typed
 * age is exact.
 */
const isChild = (person: { birthYear: number | null; age: number }, now: Date) =>
  person.birthYear !== null
    ? ageFromBirthYear(person.birthYear, now) <= GUARDIAN_CONSENT_AGE
    : person.age < GUARDIAN_CONSENT_AGE;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The guardian's e-mail a child gives: required, an e-mail, and not the child's own (the link
 * must reach someone else). Returns the cleaned address or the Spanish reason.
 */
export function parseGuardianEmail(
  value: unknown,
  ownEmail: string | null | undefined,
): { ok: true; email: string } | { ok: false; error: string } {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!email) return { ok: false, error: AGE_MESSAGES.guardianEmailRequired };
  if (email.length > 254 || !EMAIL.test(email)) return { ok: false, error: AGE_MESSAGES.guardianEmailInvalid };
  if (ownEmail && email === ownEmail.trim().toLowerCase())
    return { ok: false, error: AGE_MESSAGES.guardianEmailSameAsYours };
  return { ok: true, email };
}

/**
 * THE rule: may this reader use the site on their own, or does a guardian have to consent (and
 * how can they be asked), or is the answer unusable (Spanish messages per field)?
 */
export function decideAge(
  answer: { birthYear: unknown; guardianEmail?: unknown },
  context: AgeRuleContext,
): AgeDecision<number>;
export function decideAge(answer: { age: number }, context: AgeRuleContext): AgeDecision<null>;
export function decideAge(answer: AgeAnswer, context: AgeRuleContext): AgeDecision;
export function decideAge(
  answer: AgeAnswer,
  { reach, ownEmail = null, now = new Date() }: AgeRuleContext,
): AgeDecision {
  let person: { birthYear: number | null; age: number };
  if ("age" in answer) {
    person = { birthYear: null, age: answer.age };
  } else {
    const birthYear = parseBirthYear(answer.birthYear, now);
    if (birthYear === null) return { kind: "invalid", errors: { birthYear: AGE_MESSAGES.birthYearRequired } };
    person = { birthYear, age: ageFromBirthYear(birthYear, now) };
  }
  if (!isChild(person, now)) return { kind: "on-their-own", ...person };
  if (reach === "family") return { kind: "needs-guardian", ...person, consent: { path: "family" } };
  // A typed age in /tu-perfil: the waiting notice asks for the guardian's e-mail next.
  if ("age" in answer)
    return { kind: "needs-guardian", ...person, consent: { path: "guardian-email", guardianEmail: null } };
  const guardian = parseGuardianEmail(answer.guardianEmail, ownEmail);
  if (!guardian.ok) return { kind: "invalid", errors: { guardianEmail: guardian.error } };
  return { kind: "needs-guardian", ...person, consent: { path: "guardian-email", guardianEmail: guardian.email } };
}

/**
 * Whether a person may act as a child's guardian (at /familia): their own age is known and says
 * 14 or over, and their account was never a child's (`childAccount`: a row in guardian_consents,
 * which raising the age never removes).
 */
export function mayActAsGuardian(
  person: { birthYear?: number | null; age?: number | null; childAccount?: boolean },
  now = new Date(),
): boolean {
  if (person.childAccount) return false;
  const birthYear = person.birthYear ?? null;
  if (birthYear === null && (person.age ?? null) === null) return false;
  if (birthYear !== null && isChild({ birthYear, age: ageFromBirthYear(birthYear, now) }, now)) return false;
  if (person.age != null && isChild({ birthYear: null, age: person.age }, now)) return false;
  return true;
}

/** What the age question of a form needs: the years, which of them make a child, and how a guardian is asked. */
export function ageQuestion(reach: GuardianReach, now = new Date()): AgeQuestion {
  const years = birthYearOptions(now);
  return {
    years,
    guardianYears: years.filter((year) => isChild({ birthYear: year, age: ageFromBirthYear(year, now) }, now)),
    guardianReach: reach,
  };
}

/**
 * The site's age rule as families need it. It lives in the age feature (decision 031), and
 * features do not import each other (decision 006): the route hands it in
 * (app/pages/family-age.server.ts builds it from `decideAge` and `mayActAsGuardian`).
 */
export type FamilyAgeRule = {
  /** Whether a reader born in `birthYear` needs a guardian's consent (LOPDGDD art. 7). */
  needsGuardian(birthYear: number): boolean;
  /** The age a year of birth gives, as profiles show it. */
  ageOf(birthYear: number): number;
  /** Whether an adult with this year of birth may answer for a child. */
  mayActAsGuardian(birthYear: number | null): boolean;
};

/** The youngest a reader brought in by a family may be (the book is read from about 8). */
const YOUNGEST = 4;

/** Years a child reader may be born in: old enough to read, young enough to need a guardian. */
export function childBirthYearOptions(rule: FamilyAgeRule, now = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear() - YOUNGEST; rule.needsGuardian(year); year--) years.push(year);
  return years;
}

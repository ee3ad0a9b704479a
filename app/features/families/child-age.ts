import { currentYear, isChildBirthYear } from "../../lib/birth-year.ts";

/**
 * The one place where families ask "is this reader under the age of consent?" (LOPDGDD art. 7).
 * It calls the site's shared rule; when that rule moves into its own feature, only this file
 * changes.
 */
export function childAgeDecision(birthYear: number, now = new Date()): { needsGuardian: boolean } {
  return { needsGuardian: isChildBirthYear(birthYear, now) };
}

/** The youngest a reader brought in by a family may be (the book is read from about 8). */
const YOUNGEST = 4;

/** Years a child reader may be born in: old enough to read, young enough to need a guardian. */
export function childBirthYearOptions(now = new Date()): number[] {
  const years: number[] = [];
  for (let year = currentYear(now) - YOUNGEST; childAgeDecision(year, now).needsGuardian; year--) years.push(year);
  return years;
}

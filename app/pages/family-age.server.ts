import { decideAge, mayActAsGuardian } from "../features/age/age-rule.ts";
import type { FamilyAgeRule } from "../features/families/child-age.ts";

/**
 * The one age rule (app/features/age) as the families feature asks it: an adult answers for the
 * child at /familia, so the guardian is reached through the family, never by e-mail.
 */
export const familyAgeRule: FamilyAgeRule = {
  needsGuardian: (birthYear) => decideAge({ birthYear }, { reach: "family" }).kind === "needs-guardian",
  ageOf(birthYear) {
    const decision = decideAge({ birthYear }, { reach: "family" });
    if (decision.kind === "invalid") throw new Error(`not a year of birth: ${birthYear}`);
    return decision.age;
  },
  mayActAsGuardian: (birthYear) => mayActAsGuardian({ birthYear }),
};

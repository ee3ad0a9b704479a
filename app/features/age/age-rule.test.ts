import { describe, expect, it } from "vitest";
import {
  AGE_MESSAGES,
  ageQuestion,
  birthYearOptions,
  decideAge,
  mayActAsGuardian,
  parseBirthYear,
} from "./age-rule.ts";

// A fixed day, so the line does not move with the year the tests run in.
const now = new Date("2026-11-25T12:00:00Z");
const bornYearsAgo = (years: number) => 2026 - years;
const own = "lectora@example.com";

describe("the age rule", () => {
  it("a reader who may still be 13 needs a guardian; one who is surely 14 or over does not", () => {
    for (const years of [1, 10, 13, 14]) {
      const decision = decideAge(
        { birthYear: String(bornYearsAgo(years)), guardianEmail: "familia@example.com" },
        { reach: "mail", ownEmail: own, now },
      );
      expect(decision, `${years}`).toMatchObject({ kind: "needs-guardian", age: years });
    }
    for (const years of [15, 30, 109]) {
      const decision = decideAge({ birthYear: bornYearsAgo(years) }, { reach: "mail", ownEmail: own, now });
      expect(decision, `${years}`).toEqual({ kind: "on-their-own", birthYear: bornYearsAgo(years), age: years });
    }
  });

  it("a typed age is exact: 13 needs a guardian, 14 does not", () => {
    expect(decideAge({ age: 13 }, { reach: "mail", now })).toEqual({
      kind: "needs-guardian",
      birthYear: null,
      age: 13,
      consent: { path: "guardian-email", guardianEmail: null },
    });
    expect(decideAge({ age: 14 }, { reach: "mail", now })).toEqual({ kind: "on-their-own", birthYear: null, age: 14 });
  });

  it("a child with mail asks the guardian by e-mail: required, valid, not their own", () => {
    const child = String(bornYearsAgo(13));
    expect(decideAge({ birthYear: child }, { reach: "mail", ownEmail: own, now })).toEqual({
      kind: "invalid",
      errors: { guardianEmail: AGE_MESSAGES.guardianEmailRequired },
    });
    expect(
      decideAge({ birthYear: child, guardianEmail: "no-es-correo" }, { reach: "mail", ownEmail: own, now }),
    ).toEqual({
      kind: "invalid",
      errors: { guardianEmail: AGE_MESSAGES.guardianEmailInvalid },
    });
    expect(
      decideAge({ birthYear: child, guardianEmail: " Lectora@Example.com " }, { reach: "mail", ownEmail: own, now }),
    ).toEqual({ kind: "invalid", errors: { guardianEmail: AGE_MESSAGES.guardianEmailSameAsYours } });
    expect(
      decideAge({ birthYear: child, guardianEmail: " Mama@Example.com " }, { reach: "mail", ownEmail: own, now }),
    ).toEqual({
      kind: "needs-guardian",
      birthYear: bornYearsAgo(13),
      age: 13,
      consent: { path: "guardian-email", guardianEmail: "mama@example.com" },
    });
  });

  it("without mail a child goes the family path, and no guardian's e-mail is asked or kept", () => {
    expect(
      decideAge({ birthYear: String(bornYearsAgo(10)), guardianEmail: "mama@example.com" }, { reach: "family", now }),
    ).toEqual({ kind: "needs-guardian", birthYear: bornYearsAgo(10), age: 10, consent: { path: "family" } });
    expect(decideAge({ age: 9 }, { reach: "family", now })).toMatchObject({ consent: { path: "family" } });
    expect(decideAge({ birthYear: bornYearsAgo(30) }, { reach: "family", now })).toMatchObject({
      kind: "on-their-own",
    });
  });

  it("parses the year once: only a year of the list, as a number or its four digits", () => {
    expect(parseBirthYear(" 2016 ", now)).toBe(2016);
    expect(parseBirthYear(2016, now)).toBe(2016);
    for (const bad of ["", "2026", "1915", "20 16", "2016.0", "dos mil", null, undefined, {}, 2016.5])
      expect(parseBirthYear(bad, now), String(bad)).toBeNull();
    expect(parseBirthYear("1916", now)).toBe(1916);
    expect(decideAge({ birthYear: "" }, { reach: "mail", now })).toEqual({
      kind: "invalid",
      errors: { birthYear: AGE_MESSAGES.birthYearRequired },
    });
    expect(birthYearOptions(now)).toHaveLength(110);
    expect(birthYearOptions(now)[0]).toBe(2025);
  });

  it("the form's question marks exactly the years the rule treats as a child's", () => {
    const question = ageQuestion("mail", now);
    expect(question.guardianReach).toBe("mail");
    for (const year of question.years) {
      const decision = decideAge({ birthYear: year, guardianEmail: "mama@example.com" }, { reach: "mail", now });
      expect(question.guardianYears.includes(year), String(year)).toBe(decision.kind === "needs-guardian");
    }
    expect(question.guardianYears).toEqual(Array.from({ length: 14 }, (_, index) => 2025 - index));
  });

  it("only a person known to be 14 or over, never a child's account, may act as a guardian", () => {
    expect(mayActAsGuardian({ birthYear: bornYearsAgo(30) }, now)).toBe(true);
    expect(mayActAsGuardian({ age: 40 }, now)).toBe(true);
    expect(mayActAsGuardian({ birthYear: bornYearsAgo(15), age: 15 }, now)).toBe(true);
    expect(mayActAsGuardian({ birthYear: bornYearsAgo(14) }, now)).toBe(false);
    expect(mayActAsGuardian({ age: 13 }, now)).toBe(false);
    expect(mayActAsGuardian({ birthYear: bornYearsAgo(30), age: 12 }, now)).toBe(false);
    expect(mayActAsGuardian({}, now)).toBe(false);
    expect(mayActAsGuardian({ birthYear: null, age: null }, now)).toBe(false);
    // Raising the age never undoes a child's account.
    expect(mayActAsGuardian({ birthYear: bornYearsAgo(30), childAccount: true }, now)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES, parseProfileForm } from "./profile.schema.ts";

describe("profile form rules", () => {
  it("accepts a trimmed name, an age from 1 to 120 or none, and a clan 0–4", () => {
    expect(parseProfileForm({ displayName: "  Vale  ", age: "10", clan: "3" })).toEqual({
      ok: true,
      data: { displayName: "Vale", age: 10, clan: 3 },
    });
    expect(parseProfileForm({ displayName: "Vale", age: "", clan: "0" })).toEqual({
      ok: true,
      data: { displayName: "Vale", age: null, clan: 0 },
    });
  });

  it("requires a display name of at most 60 characters", () => {
    expect(parseProfileForm({ displayName: "   ", age: "", clan: "0" })).toEqual({
      ok: false,
      errors: { displayName: PROFILE_MESSAGES.displayNameRequired },
    });
    expect(parseProfileForm({ displayName: "x".repeat(61), age: "", clan: "0" })).toMatchObject({
      errors: { displayName: PROFILE_MESSAGES.displayNameTooLong },
    });
  });

  it("refuses ages outside 1–120, decimals and words", () => {
    for (const age of ["0", "121", "7.5", "diez", "-3"]) {
      expect(parseProfileForm({ displayName: "Vale", age, clan: "0" })).toEqual({
        ok: false,
        errors: { age: PROFILE_MESSAGES.ageInvalid },
      });
    }
  });

  it("refuses a clan outside 0–4", () => {
    expect(parseProfileForm({ displayName: "Vale", age: "", clan: "5" })).toMatchObject({
      errors: { clan: PROFILE_MESSAGES.clanInvalid },
    });
  });
});

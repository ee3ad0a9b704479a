import { describe, expect, it } from "vitest";
import { personalWordsOf, weakPasswordReason, WEAK_PASSWORD_MESSAGE } from "./password-strength.server.ts";

describe("password strength", () => {
  it.each(["12345678", "        ", "qwertyui", "contraseña", "valentina2015", "abcdefgh"])(
    "refuses %j with a Spanish reason",
    (password) => {
      const reason = weakPasswordReason(password);
      expect(reason).not.toBeNull();
      expect(reason).toMatch(new RegExp(`^${WEAK_PASSWORD_MESSAGE}`));
    },
  );

  it.each(["cempasuchil-2025", "Taquito perro 7", "xolo-valiente-27", "correcto caballo bateria"])(
    "accepts %j",
    (password) => {
      expect(weakPasswordReason(password)).toBeNull();
    },
  );

  it("counts the account's own e-mail words as easy to guess", () => {
    const email = "xolotl.garcia@example.com";
    expect(personalWordsOf(email)).toEqual(["xolotl", "garcia"]);
    expect(weakPasswordReason("xolotlgarcia")).toBeNull();
    expect(weakPasswordReason("xolotlgarcia", personalWordsOf(email))).not.toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./contact-mailer.server.ts";
import { CONTACT_MESSAGES } from "./contact-messages.ts";
import { parseContactForm } from "./contact.schema.ts";

const VALID = { name: "Valeria", email: "valeria@example.com", comment: "Hola" };

describe("contact form rules", () => {
  it("requires name, email and comment, each with its own Spanish message", () => {
    expect(parseContactForm({ name: "", email: "", comment: "" })).toEqual({
      ok: false,
      errors: {
        name: CONTACT_MESSAGES.nameRequired,
        email: CONTACT_MESSAGES.emailRequired,
        comment: CONTACT_MESSAGES.commentRequired,
      },
    });
    expect(parseContactForm({ name: null, email: undefined, comment: 42 })).toMatchObject({ ok: false });
  });

  it("wants the e-mail in e-mail format", () => {
    for (const email of ["valeria", "valeria@", "@example.com", "valeria@example", "va leria@example.com"]) {
      expect(parseContactForm({ ...VALID, email }), email).toEqual({
        ok: false,
        errors: { email: CONTACT_MESSAGES.emailInvalid },
      });
    }
    expect(parseContactForm({ ...VALID, email: "  va.le+libro@correo.example.mx " })).toMatchObject({
      ok: true,
      data: { email: "va.le+libro@correo.example.mx" },
    });
  });

  it("allows a comment of up to 5000 characters and a name of up to 100", () => {
    expect(parseContactForm({ ...VALID, comment: "a".repeat(5000) }).ok).toBe(true);
    expect(parseContactForm({ ...VALID, comment: "a".repeat(5001) })).toEqual({
      ok: false,
      errors: { comment: CONTACT_MESSAGES.commentTooLong },
    });
    expect(parseContactForm({ ...VALID, name: "n".repeat(100) }).ok).toBe(true);
    expect(parseContactForm({ ...VALID, name: "n".repeat(101) })).toEqual({
      ok: false,
      errors: { name: CONTACT_MESSAGES.nameTooLong },
    });
  });

  it("keeps the name on one line and trims the comment", () => {
    expect(
      parseContactForm({ ...VALID, name: " Ana\r\nBcc: otro@example.com ", comment: "\n hola\r\n adiós \n" }),
    ).toMatchObject({
      ok: true,
      data: { name: "Ana Bcc: otro@example.com", comment: "hola\n adiós" },
    });
  });

  it("marks a filled trap as spam without refusing it", () => {
    expect(parseContactForm({ ...VALID, website: "http://spam.example" })).toMatchObject({ ok: true, isSpam: true });
    expect(parseContactForm({ ...VALID, website: "" })).toMatchObject({ ok: true, isSpam: false });
    expect(parseContactForm(VALID)).toMatchObject({ ok: true, isSpam: false });
  });
});

describe("contact mail retry delays", () => {
  it("double after each failure, from the base up to the maximum", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(retryDelayMs(500, 1000, 60_000)).toBe(60_000);
    expect(retryDelayMs(1)).toBe(30_000);
  });
});

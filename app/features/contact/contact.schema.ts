import * as z from "zod/mini";
import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactField, type ContactFieldErrors } from "./contact-messages.ts";
import { firstErrorPerField } from "../../lib/form-errors.ts";

export { CONTACT_LIMITS, type ContactField, type ContactFieldErrors };

/** Shared by the /contact form (checked before sending) and POST /api/send-email.php. */
const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.minLength(1, CONTACT_MESSAGES.nameRequired),
      z.maxLength(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
    ),
  email: z
    .string()
    .check(
      z.minLength(1, CONTACT_MESSAGES.emailRequired),
      z.maxLength(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid),
      z.email(CONTACT_MESSAGES.emailInvalid),
    ),
  comment: z
    .string()
    .check(
      z.minLength(1, CONTACT_MESSAGES.commentRequired),
      z.maxLength(CONTACT_LIMITS.comment, CONTACT_MESSAGES.commentTooLong),
    ),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactParseResult =
  { ok: true; data: ContactInput; isSpam: boolean } | { ok: false; errors: ContactFieldErrors };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * SPEC.md §5: name, email and comment required, the e-mail in e-mail format. The name is kept
 * on one line (it goes into the mail's subject). A filled `website` trap marks the message as
 * spam; it is not an error, so a bot learns nothing.
 */
export function parseContactForm(form: {
  name: unknown;
  email: unknown;
  comment: unknown;
  website?: unknown;
}): ContactParseResult {
  const result = contactSchema.safeParse({
    name: text(form.name).replace(/\s+/g, " ").trim(),
    email: text(form.email).trim(),
    comment: text(form.comment).replace(/\r\n?/g, "\n").trim(),
  });
  if (result.success) {
    const website = text(form.website);
    return { ok: true, data: result.data, isSpam: website.trim().length > 0 };
  }
  return { ok: false, errors: firstErrorPerField<ContactField>(result.error.issues) };
}

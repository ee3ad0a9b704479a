import { CONTACT_MESSAGES, type ContactField, type ContactFieldErrors } from "./contact-messages.ts";

const FIELDS: ContactField[] = ["name", "email", "comment"];
/** The browser accepts `ana@correo` (a local host name); the server, and mail, want a domain with a dot. */
const DOMAIN_WITH_A_DOT = /@[^@\s]+\.[^@\s.]+$/;

/**
 * The contact form's check in the browser, before anything is sent: the same messages as the
 * server's (contact.schema.ts), which stays the rule. The e-mail's format is the browser's own
 * check of an `<input type="email">` (its `validity`) plus a dot in the domain, so the page needs no validation library
 * (decision 028: the schema library was 6.9 KB of the page's 15 KB); lengths are held by each
 * field's `maxLength`.
 */
export function contactFormErrors(form: HTMLFormElement): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const name of FIELDS) {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!field || !field.value.trim()) errors[name] = CONTACT_MESSAGES[`${name}Required`];
    else if (name === "email" && (field.validity.typeMismatch || !DOMAIN_WITH_A_DOT.test(field.value.trim())))
      errors[name] = CONTACT_MESSAGES.emailInvalid;
  }
  return errors;
}

import { useRef, useState } from "react";
import { FormField } from "../../../ui/form-field.tsx";
import { contactFormErrors } from "../contact-form-check.ts";
import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactField, type ContactFieldErrors } from "../contact-messages.ts";

/** SPEC.md §7: the form posts here, and success is an OK response whose body is exactly this. */
export const CONTACT_ENDPOINT = "/api/send-email.php";
const SUCCESS_BODY = "success";

type Status = "idle" | "sending" | "sent" | "error";

/** POSTs the form as multipart; true only for an OK response with the body `success`. */
async function sendContactForm(
  form: HTMLFormElement,
): Promise<{ ok: true } | { ok: false; fieldErrors?: ContactFieldErrors }> {
  const body = new FormData(form);
  // SPEC.md §5: the trap is sent only if filled.
  if (!String(body.get("website") ?? "")) body.delete("website");
  try {
    const response = await fetch(CONTACT_ENDPOINT, {
      method: "POST",
      body,
      headers: { Accept: "application/json, text/plain" },
    });
    const text = await response.text();
    if (response.ok && text === SUCCESS_BODY) return { ok: true };
    if (response.status === 400 && response.headers.get("Content-Type")?.includes("application/json")) {
      const parsed = JSON.parse(text) as { fieldErrors?: ContactFieldErrors };
      return { ok: false, fieldErrors: parsed.fieldErrors };
    }
  } catch {
    // network failure or an unreadable answer: a failure like any other
  }
  return { ok: false };
}

const FIELDS: { name: ContactField; label: string; type?: string; autoComplete: string }[] = [
  { name: "name", label: "Nombre", autoComplete: "name" },
  { name: "email", label: "Correo electrónico", type: "email", autoComplete: "email" },
];

export function ContactForm() {
  const [status, setStatus] = useState<Status>("idle");
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = (fieldErrors: ContactFieldErrors) => {
    const first = (["name", "email", "comment"] as const).find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "sending") return;
    const form = event.currentTarget;
    const invalid = contactFormErrors(form);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      setStatus("idle");
      focusFirstInvalid(invalid);
      return;
    }
    setErrors({});
    setStatus("sending");
    const result = await sendContactForm(form);
    if (result.ok) {
      form.reset();
      setStatus("sent");
    } else {
      setErrors(result.fieldErrors ?? {});
      setStatus("error");
      if (result.fieldErrors) focusFirstInvalid(result.fieldErrors);
    }
  };

  return (
    <form
      ref={formRef}
      className="contact-form"
      style={{ maxWidth: 500 }}
      noValidate
      onSubmit={onSubmit}
      aria-busy={status === "sending"}
    >
      {FIELDS.map((field) => (
        <FormField key={field.name} id={`contact-${field.name}`} label={field.label} error={errors[field.name]}>
          {(control) => (
            <input
              {...control}
              name={field.name}
              type={field.type ?? "text"}
              required
              maxLength={CONTACT_LIMITS[field.name]}
              autoComplete={field.autoComplete}
            />
          )}
        </FormField>
      ))}
      <FormField id="contact-comment" label="Comentario" error={errors.comment}>
        {(control) => <textarea {...control} name="comment" rows={4} required maxLength={CONTACT_LIMITS.comment} />}
      </FormField>
      {/* Spam trap: people never see it or reach it; bots that fill every field do. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Sitio web</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={status === "sending"}>
        Enviar
      </button>
      <div role="status" aria-live="polite" className="mt-3" data-testid="contact-status">
        {status === "sending" && <p className="mb-0">{CONTACT_MESSAGES.sending}</p>}
        {status === "sent" && <p className="text-success fw-bold mb-0">{CONTACT_MESSAGES.sent}</p>}
        {status === "error" && <p className="text-danger fw-bold mb-0">{CONTACT_MESSAGES.failed}</p>}
      </div>
    </form>
  );
}

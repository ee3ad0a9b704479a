import { useFetcher } from "react-router";
import { FormField } from "../../../ui/form-field.tsx";
import { GUARDIAN_MESSAGES } from "../guardian-messages.ts";

export type GuardianResendResult = { ok: true } | { ok: false; error: string; fieldError?: string };

/** Where the waiting notice sends its form. */
export const GUARDIAN_RESEND_PATH = "/tu-perfil/permiso";

/**
 * What a child waiting for their family sees (in /tu-perfil and where they would comment): why
 * they must wait, and a button to send the e-mail again (with the address, to correct it).
 */
export function WaitingNotice({
  guardianEmail,
  idPrefix = "guardian",
}: {
  guardianEmail: string | null;
  idPrefix?: string;
}) {
  const fetcher = useFetcher<GuardianResendResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  const titleId = `${idPrefix}-title`;
  return (
    <section className="alert alert-warning" aria-labelledby={titleId}>
      <h2 id={titleId} className="h5">
        {GUARDIAN_MESSAGES.waitingTitle}
      </h2>
      <p>{guardianEmail ? GUARDIAN_MESSAGES.waitingText : GUARDIAN_MESSAGES.askEmailText}</p>
      <fetcher.Form method="post" action={GUARDIAN_RESEND_PATH}>
        <FormField
          id={`${idPrefix}-email`}
          label={GUARDIAN_MESSAGES.guardianEmailLabel}
          error={result && !result.ok ? result.fieldError : undefined}
        >
          {(control) => (
            <input {...control} name="guardianEmail" type="email" required defaultValue={guardianEmail ?? ""} />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {guardianEmail ? GUARDIAN_MESSAGES.resend : GUARDIAN_MESSAGES.send}
        </button>
        <div aria-live="polite" className="mt-2">
          {result?.ok && <p className="mb-0 fw-bold">{GUARDIAN_MESSAGES.sent}</p>}
          {result && !result.ok && !result.fieldError && (
            <p className="mb-0 text-danger fw-bold" role="alert">
              {result.error}
            </p>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}

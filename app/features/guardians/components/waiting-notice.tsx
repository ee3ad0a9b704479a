import { useFetcher } from "react-router";
import { FamilyPathNote } from "../../../ui/family-path.tsx";
import { FormField } from "../../../ui/form-field.tsx";
import { GUARDIAN_MESSAGES, type GuardianMailStatus } from "../guardian-messages.ts";

export type GuardianResendResult = { ok: true } | { ok: false; error: string; fieldError?: string };

/** Where the waiting notice sends its form. */
export const GUARDIAN_RESEND_PATH = "/tu-perfil/permiso";

const STATUS_TEXT: Record<GuardianMailStatus, string> = {
  sent: GUARDIAN_MESSAGES.waitingText,
  "not-sent-yet": GUARDIAN_MESSAGES.notSentYetText,
  "no-address": GUARDIAN_MESSAGES.askEmailText,
  "not-configured": GUARDIAN_MESSAGES.notConfiguredText,
  "send-failed": GUARDIAN_MESSAGES.sendFailedText,
};

/**
 * What a child waiting for their family sees (in /tu-perfil and where they would comment): why
 * they must wait and what really happened to the e-mail to their family (decision 031). When it
 * did not leave, the family path too (an adult adds the child at /familia); when the site can
 * send mail, a button to send it (again), with the address to correct it.
 */
export function WaitingNotice({
  guardianEmail,
  mail,
  idPrefix = "guardian",
}: {
  guardianEmail: string | null;
  mail: GuardianMailStatus;
  idPrefix?: string;
}) {
  const fetcher = useFetcher<GuardianResendResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const sending = fetcher.state !== "idle";
  const titleId = `${idPrefix}-title`;
  const notSent = mail === "not-configured" || mail === "send-failed" || (result && !result.ok && !result.fieldError);
  return (
    <section className="alert alert-warning" aria-labelledby={titleId}>
      <h2 id={titleId} className="h5">
        {GUARDIAN_MESSAGES.waitingTitle}
      </h2>
      <p>{STATUS_TEXT[mail]}</p>
      {mail !== "not-configured" && (
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
            {mail === "sent" || mail === "send-failed" ? GUARDIAN_MESSAGES.resend : GUARDIAN_MESSAGES.send}
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
      )}
      {notSent && <FamilyPathNote className="mt-2 mb-0" />}
    </section>
  );
}

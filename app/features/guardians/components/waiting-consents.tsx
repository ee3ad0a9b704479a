import { WAITING_REASON_LABELS, type GuardianMailStatus } from "../guardian-messages.ts";

/** The order admins read the reasons in: what they can act on first. */
const ORDER: GuardianMailStatus[] = ["not-configured", "send-failed", "no-address", "not-sent-yet", "sent"];

/**
 * For admins: how many children wait for their family's consent, and why (decision 031), so a
 * site without mail, or a mail server that refuses, is noticed instead of leaving children stuck.
 */
export function WaitingConsents({ counts }: { counts: Record<GuardianMailStatus, number> }) {
  const total = ORDER.reduce((sum, status) => sum + counts[status], 0);
  return (
    <section className="card card-body mb-4" aria-labelledby="waiting-consents-title" data-testid="waiting-consents">
      <h2 id="waiting-consents-title" className="h5">
        Permisos de familia pendientes: {total}
      </h2>
      {total === 0 ? (
        <p className="mb-0">Ningún menor de 14 años espera el permiso de su familia.</p>
      ) : (
        <ul className="mb-0">
          {ORDER.filter((status) => counts[status] > 0).map((status) => (
            <li key={status} data-reason={status}>
              {WAITING_REASON_LABELS[status]}: <strong>{counts[status]}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

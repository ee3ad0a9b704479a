import { useId } from "react";
import { RECEIPT_LABELS, type ReceiptMailOutcome } from "../lib/consent-receipt.ts";

/** A receipt as the page shows it: its facts already in words (receiptFacts), and what became of its e-mail. */
export type ReceiptView = { facts: { label: string; value: string }[]; mail: ReceiptMailOutcome; to: string };

/**
 * The receipt of a consent just given, on the page after it (issue 39): the same lines as its
 * e-mail, and whether that e-mail left, so with mail off the page itself is the receipt.
 */
export function ConsentReceiptView({ receipt }: { receipt: ReceiptView }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="consent-receipt card my-3" data-testid="consent-receipt">
      <div className="card-body">
        <h2 id={headingId} className="h5">
          {RECEIPT_LABELS.heading}
        </h2>
        <p>
          {receipt.mail === "sent"
            ? RECEIPT_LABELS.sentTo(receipt.to)
            : receipt.mail === "not-configured"
              ? RECEIPT_LABELS.notConfigured
              : RECEIPT_LABELS.sendFailed}
        </p>
        <dl className="summary-facts mb-0">
          {receipt.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd className="text-break">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

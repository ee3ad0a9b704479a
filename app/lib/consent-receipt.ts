import { formatDateTime } from "./dates.ts";
import type { Mail } from "./mail.server.ts";

/**
 * The receipt of a guardian's consent (issue 39): for which child, who gave it, when and how,
 * the words accepted, and how to take it back. One shape for a consent given through the mailed
 * link (guardians) and one given in /familia (families): each feature fills it in, and the mail
 * and the page after consenting say the same lines.
 */
export type ConsentReceipt = {
  /** The child as the adult knows them: an apodo, or the child's own e-mail. */
  child: string;
  /** The adult's address the consent was given from. */
  givenBy: string;
  givenAt: Date | string;
  /** How it was given: "con el enlace del correo…", "al añadirle en Tu familia…". */
  how: string;
  /** The words accepted, as stored. */
  text: string;
  /** How to withdraw it, in a sentence or two. */
  withdraw: string;
};

/** What became of the receipt's e-mail: it left, there is no mail server, or the server refused it. */
export type ReceiptMailOutcome = "sent" | "not-configured" | "send-failed";

export const RECEIPT_LABELS = {
  heading: "Tu recibo",
  intro: "Guarda este recibo del permiso que diste en el sitio del libro «Valentina y Taquito».",
  child: "Para quién",
  givenBy: "Quién lo dio",
  givenAt: "Cuándo",
  how: "Cómo",
  text: "Lo que aceptaste, palabra por palabra",
  withdraw: "Cómo retirar el permiso",
  sentTo: (to: string) => `Te enviamos una copia a ${to}.`,
  notConfigured:
    "No te enviamos ningún correo: este sitio no puede enviar correos por ahora. Guarda o imprime esta página como recibo.",
  sendFailed:
    "No te enviamos ningún correo: el servidor de correo no lo aceptó. Guarda o imprime esta página como recibo.",
} as const;

/** "Diste tu permiso el 27 de noviembre de 2026, 14:05 (hora de la Ciudad de México)." */
export const givenAtLine = (at: Date | string) =>
  `Diste tu permiso el ${formatDateTime(at)} (hora de la Ciudad de México).`;

/** The receipt's facts, label and value, in the order the mail and the page show them. */
export function receiptFacts(receipt: ConsentReceipt): { label: string; value: string }[] {
  return [
    { label: RECEIPT_LABELS.child, value: receipt.child },
    { label: RECEIPT_LABELS.givenBy, value: receipt.givenBy },
    { label: RECEIPT_LABELS.givenAt, value: givenAtLine(receipt.givenAt) },
    { label: RECEIPT_LABELS.how, value: receipt.how },
    { label: RECEIPT_LABELS.text, value: `«${receipt.text}»` },
    { label: RECEIPT_LABELS.withdraw, value: receipt.withdraw },
  ];
}

/** The receipt as an e-mail to the adult who consented, in plain Spanish. */
export function consentReceiptMail(receipt: ConsentReceipt): Mail {
  return {
    kind: "consent-receipt",
    to: receipt.givenBy,
    subject: `Recibo de tu permiso para ${receipt.child} en Valentina y Taquito`,
    text: [
      "Hola:",
      "",
      RECEIPT_LABELS.intro,
      "",
      ...receiptFacts(receipt).flatMap((fact) => [`${fact.label}:`, fact.value, ""]),
      "Valentina y Taquito",
    ].join("\n"),
  };
}

/** The receipt's mail, sent or not, and what happened to it: never a promise of an e-mail that did not leave. */
export async function sendConsentReceipt(
  mailer: { enabled: boolean; send(mail: Mail): Promise<void> },
  receipt: ConsentReceipt,
  onError: (error: unknown) => void,
): Promise<ReceiptMailOutcome> {
  if (!mailer.enabled) return "not-configured";
  try {
    await mailer.send(consentReceiptMail(receipt));
    return "sent";
  } catch (error) {
    onError(error);
    return "send-failed";
  }
}

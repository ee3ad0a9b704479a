import { AsyncLocalStorage } from "node:async_hooks";
import { createTransport } from "nodemailer";
import { log } from "./log.server.ts";

/**
 * What a mail is for: the closed set of `kind` labels of site_mail_sent_total and of the log line
 * of a failure (docs/operations.md, "Metrics"), so an operator sees which readers a mail outage stops.
 */
export const MAIL_KINDS = [
  "confirmation",
  "existing-account",
  "password-reset",
  "guardian",
  "consent-receipt",
  "booking",
  "contact",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type Mail = { kind: MailKind; to: string; subject: string; text: string };

/** An address as a log line may carry it: its first letter and its domain (`v…@example.com`). */
export function redactAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "…";
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

/** What became of one mail a request asked for: sent, refused (failed), or held back by a limit. */
export type MailOutcome = { kind: MailKind; outcome: "sent" | "failed" | "limited" };

const outcomes = new AsyncLocalStorage<MailOutcome[]>();

/**
 * Runs `work` (a better-auth call made by a page's action) and gives back, with its result,
 * what became of every mail it asked for, so that the page says only what happened. Inside it,
 * account mail is awaited instead of sent in the background (app/lib/auth.server.ts).
 */
export async function withMailOutcomes<T>(work: () => Promise<T>): Promise<{ result: T; mails: MailOutcome[] }> {
  const mails: MailOutcome[] = [];
  const result = await outcomes.run(mails, work);
  return { result, mails };
}

/** Whether a page waits for this request's mail (withMailOutcomes). */
export const mailOutcomesAwaited = () => outcomes.getStore() !== undefined;

/** Notes what became of a mail for the page that waits for it, if one does. */
export function noteMailOutcome(outcome: MailOutcome) {
  outcomes.getStore()?.push(outcome);
}

/** An address in the RFC 2606 `.invalid` domain: it names an account, never a mailbox. */
export const isUndeliverable = (to: string) => /\.invalid>?$/i.test(to.trim());

export type Mailer = {
  /** False without SMTP_URL: nothing can be sent (logged once at start). */
  readonly enabled: boolean;
  /** Sends one message; throws when the server refuses it. */
  send(mail: Mail): Promise<void>;
  close(): void;
};

type Options = { smtpUrl: string | undefined; from: string | undefined; siteUrl: string; smtpTimeoutMs?: number };

/**
 * Mail to readers and their families over the site's SMTP server (SMTP_URL, as contact mail),
 * From the contact address (the relay accepts its own mailbox) or no-responder@ the site's host.
 */
export function createMailer({ smtpUrl, from, siteUrl, smtpTimeoutMs = 30_000 }: Options): Mailer {
  if (!smtpUrl) {
    log.info("reader mail not configured: sign-ups are not confirmed by e-mail and guardians cannot be asked");
    return {
      enabled: false,
      async send() {
        throw new Error("SMTP_URL is not set");
      },
      close() {},
    };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  const address = from ?? `no-responder@${new URL(siteUrl).hostname || "localhost"}`;
  return {
    enabled: true,
    async send({ to, subject, text }) {
      // RFC 2606: `.invalid` is never deliverable. Child readers' accounts carry such an address
      // in better-auth's required column (issue 22); whatever path asks, nothing is mailed there.
      if (isUndeliverable(to)) return;
      await transport.sendMail({ from: { name: "Valentina y Taquito", address }, to, subject, text });
    },
    close() {
      transport.close();
    },
  };
}

import { createTransport } from "nodemailer";
import { log } from "./log.server.ts";

export type Mail = { to: string; subject: string; text: string };

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

/**
 * A local SMTP server for tests: it accepts (or, when told, refuses) mail and keeps what it
 * accepted, decoded enough to read the headers and the text of the single-part messages the
 * site sends.
 */
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** SMTP envelope. */
  from: string;
  to: string[];
  /** Header names in lower case, values decoded (RFC 2047 encoded words). */
  headers: Record<string, string>;
  /** The decoded text body. */
  text: string;
  receivedAt: string;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Messages offered, accepted or not. */
  offered: number;
  /**
   * The next `count` messages are refused: with a temporary failure (451) unless told another
   * code, such as 550 (mailbox unavailable: a server that refuses for good).
   */
  refuseNext(count: number, code?: number): void;
  close(): Promise<void>;
};

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=(\s+(?==\?))?/g,
    (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, "");
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Headers and text of a single-part message. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

/** The end-to-end server's mailbox file (a JSON array of ReceivedMail), beside its state file. */
export const mailboxPath = (stateDir: string, port: number | string) =>
  join(stateDir, `mictlan-e2e-${port}-mailbox.json`);

export async function startSmtpServer(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtpServer> {
  let refusals = 0;
  let refusalCode = 451;
  const state: Pick<TestSmtpServer, "received" | "offered"> = { received: [], offered: 0 };
  const server = new SMTPServer({
    // Plain local SMTP, no authentication: the site's SMTP_URL is smtp://127.0.0.1:PORT.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        state.offered++;
        if (refusals > 0) {
          refusals--;
          callback(
            Object.assign(
              new Error(
                refusalCode === 451 ? "Servicio no disponible por ahora, intenta más tarde" : "Buzón no disponible",
              ),
              { responseCode: refusalCode },
            ),
          );
          return;
        }
        const { headers, text } = parseMail(Buffer.concat(chunks).toString("utf8"));
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          headers,
          text,
          receivedAt: new Date().toISOString(),
        };
        state.received.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get offered() {
      return state.offered;
    },
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp-server.ts";
import { createMailer } from "./mail.server.ts";

describe("the mailer", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("never mails an RFC 2606 .invalid address (a child reader's account), whoever asks", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: "libro@example.com", siteUrl: "http://localhost" });
    await mailer.send({
      kind: "confirmation",
      to: "lector-123@lectores.invalid",
      subject: "Restablece tu contraseña",
      text: "…",
    });
    await mailer.send({ kind: "confirmation", to: "madre@example.com", subject: "Hola", text: "…" });
    await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes("madre@example.com"))).toBe(true));
    expect(smtp.received.filter((mail) => mail.to.includes("lectores.invalid"))).toEqual([]);
    mailer.close();
  });
});

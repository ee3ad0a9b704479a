/**
 * Issue 41 §3: after a mail outage, contact messages wait with growing delays (up to an hour);
 * 'Reintentar ahora' on /adminpanel/mensajes sends them at once and says what happened. Every
 * delivery attempt counts in site_mail_sent_total{kind="contact"}.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as inboxAction, loader as inboxLoader } from "../../routes/adminpanel.mensajes.tsx";
import {
  answerOf,
  createTestServices,
  routeArgs,
  settle,
  signUpReader,
  type TestServices,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { CONTACT_MESSAGES } from "./contact-messages.ts";
import { storeContactMessage } from "./contact.server.ts";

const CONTACT_TO = "autores@example.com";

const contactMetric = async (services: TestServices, outcome: "sent" | "failed") => {
  const line = (await services.metrics.text())
    .split("\n")
    .find((row) => row.startsWith(`site_mail_sent_total{kind="contact",outcome="${outcome}"}`));
  return Number(line?.split(" ").at(-1));
};

describe.each(ROUTE_TEST_DATABASE_KINDS)("'Reintentar ahora' (%s)", (kind) => {
  let smtp: TestSmtpServer;
  let services: TestServices;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    services = await createTestServices(kind, { env: { SMTP_URL: smtp.url, CONTACT_TO } });
  });
  afterAll(async () => {
    await services.dispose();
    await smtp.close();
  });

  it("sends the messages an outage left waiting at once, and says so", async () => {
    const admin = `admin.${Date.now()}@example.com`;
    const { cookie } = await signUpReader(services, admin);
    await grantAdminByEmail(services.db, admin, async () => {});
    // Its confirmation e-mail leaves in the background: let it, so it is not the one refused.
    await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(admin))).toBe(true));
    expect(await contactMetric(services, "failed")).toBe(0);

    // The mail server refuses: the message waits, its next try 30 s away.
    smtp.refuseNext(1, 550);
    const id = await storeContactMessage(
      services.db,
      { name: "Lucía", email: "lucia@example.com", comment: "¿Cuándo sale el segundo libro?" },
      { isSpam: false },
    );
    services.contactMailer.wake();
    await vi.waitFor(async () => {
      const row = await services.db
        .selectFrom("contact_messages")
        .select("last_error")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.last_error).toMatch(/550/);
    }, 10_000);
    expect(await contactMetric(services, "failed")).toBe(1);
    const before = answerOf<{ waiting: number }>(
      await settle(async () => inboxLoader(await routeArgs(services, "/adminpanel/mensajes", { cookie }))),
    );
    expect(before.body.waiting).toBe(1);

    const retried = answerOf<{ ok: boolean; message: string }>(
      await settle(async () =>
        inboxAction(
          await routeArgs(services, "/adminpanel/mensajes", { method: "POST", cookie, form: { intent: "retry" } }),
        ),
      ),
    );
    expect(retried.body).toEqual({ ok: true, message: CONTACT_MESSAGES.inboxRetried(1, 0) });
    expect(smtp.received.filter((mail) => mail.headers["x-contact-message-id"] === id)).toHaveLength(1);
    expect(await contactMetric(services, "sent")).toBe(1);
    const after = answerOf<{ waiting: number }>(
      await settle(async () => inboxLoader(await routeArgs(services, "/adminpanel/mensajes", { cookie }))),
    );
    expect(after.body.waiting).toBe(0);
  });

  it("is refused to a reader who is not an admin", async () => {
    const { cookie } = await signUpReader(services, `lector.${Date.now()}@example.com`);
    const answer = await settle(async () =>
      inboxAction(
        await routeArgs(services, "/adminpanel/mensajes", { method: "POST", cookie, form: { intent: "retry" } }),
      ),
    );
    expect(answerOf(answer).status).toBe(403);
  });
});

/**
 * A promise the site keeps (decision 031): a child is told an e-mail went to their family only
 * when it did. Without mail, or when the mail server refuses, the child reads what happened and
 * the family path, 'Enviar el correo otra vez' says so too, and admins see the count and why.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as statsLoader } from "../../routes/adminpanel.estadisticas.tsx";
import { action as ageStepAction } from "../../routes/tu-edad.tsx";
import { loader as profileLoader } from "../../routes/tu-perfil.tsx";
import { action as resendAction } from "../../routes/tu-perfil.permiso.ts";
import {
  answerOf,
  createTestServices,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  type TestServices,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import {
  createTestDatabase,
  DATABASE_KINDS,
  insertUsers,
  ROUTE_TEST_DATABASE_KINDS,
} from "../../../tests/support/test-database.ts";
import { currentYear } from "../age/age-rule.ts";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { markChildAccount, recordGuardianMail, waitingConsentCounts } from "./guardian-consent.server.ts";
import { GUARDIAN_MESSAGES } from "./guardian-messages.ts";

const CHILD_YEAR = currentYear() - 10;
let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;
const noPublish = async () => {};

describe.each(ROUTE_TEST_DATABASE_KINDS)("never promise an e-mail that was not sent (%s)", (kind) => {
  /** An admin's cookie, to read the waiting counts as /adminpanel/estadisticas shows them. */
  async function adminOf(services: TestServices, smtp?: TestSmtpServer) {
    const address = email("admin");
    const { cookie } = await signUpReader(services, address);
    // Its confirmation e-mail leaves in the background: let it, so it is not the one a test refuses.
    if (smtp) await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(address))).toBe(true));
    await grantAdminByEmail(services.db, address, noPublish);
    return async () =>
      answerOf<{ waitingConsents: Record<string, number> }>(
        await statsLoader(await routeArgs(services, "/adminpanel/estadisticas", { cookie })),
      ).body.waitingConsents;
  }

  const profileOf = async (services: TestServices, cookie: string) =>
    answerOf<{ consent: Record<string, unknown> }>(
      await profileLoader(await routeArgs(services, "/tu-perfil", { cookie })),
    ).body.consent;

  const resend = async (services: TestServices, cookie: string, guardianEmail: string) =>
    answerOf<{ ok: boolean; error?: string }>(
      await settle(async () =>
        resendAction(
          await routeArgs(services, "/tu-perfil/permiso", { method: "POST", cookie, form: { guardianEmail } }),
        ),
      ),
    );

  describe("a site without mail", () => {
    let services: TestServices;
    beforeAll(async () => {
      services = await createTestServices(kind);
    });
    afterAll(async () => {
      await services.dispose();
    });

    it("a child's sign-up is told no e-mail left, and admins count it as mail not configured", async () => {
      const counts = await adminOf(services);
      const before = await counts();
      // No guardian's e-mail is asked: nothing could be sent to it.
      const { cookie, userId } = await signUpReader(services, email("nina"), undefined, { birthYear: CHILD_YEAR });
      expect(await profileOf(services, cookie)).toMatchObject({ kind: "waiting", mail: "not-configured" });
      const row = await services.db
        .selectFrom("guardian_consents")
        .select(["guardian_email", "mailed_at", "mail_problem"])
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ guardian_email: null, mailed_at: null, mail_problem: "not-configured" });

      // 'Enviar el correo otra vez', sent anyway (the page does not offer it): the truth, not a promise.
      const answer = await resend(services, cookie, email("familia"));
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ ok: false, error: GUARDIAN_MESSAGES.mailNotConfigured });
      expect(await profileOf(services, cookie)).toMatchObject({ kind: "waiting", mail: "not-configured" });

      const after = await counts();
      expect(after["not-configured"]).toBe(before["not-configured"]! + 1);
      expect(after.sent).toBe(before.sent);
    });
  });

  describe("a mail server that refuses", () => {
    let smtp: TestSmtpServer;
    let services: TestServices;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      services = await createTestServices(kind, { env: { SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await services.dispose();
      await smtp.close();
    });

    it("records the failure, says it, and a later e-mail that leaves clears it", async () => {
      const counts = await adminOf(services, smtp);
      const before = await counts();
      // A Google reader answers the age step: the guardian is written to at once, and it fails.
      const reader = email("google");
      const { cookie, userId } = await signUpReader(services, reader);
      // The sign-ups' confirmation e-mails leave in the background: let them, before refusing one.
      await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(reader))).toBe(true));
      await vi.waitFor(() => expect(smtp.offered).toBe(smtp.received.length));
      await services.db.updateTable("profiles").set({ birth_year: null }).where("user_id", "=", userId).execute();
      const guardian = email("familia");
      smtp.refuseNext(1);
      const answered = await settle(async () =>
        ageStepAction(
          await routeArgs(services, "/tu-edad", {
            method: "POST",
            cookie,
            form: { birthYear: String(CHILD_YEAR), guardianEmail: guardian, redirectTo: "/" },
          }),
        ),
      );
      expect(statusOf(answered)).toBe(302);
      expect(smtp.received.some((mail) => mail.to.includes(guardian))).toBe(false);
      expect(await profileOf(services, cookie)).toMatchObject({ kind: "waiting", mail: "send-failed", mailedAt: null });
      expect((await counts())["send-failed"]).toBe(before["send-failed"]! + 1);

      smtp.refuseNext(1);
      const refused = await resend(services, cookie, guardian);
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ ok: false, error: GUARDIAN_MESSAGES.sendFailed });

      const sent = await resend(services, cookie, guardian);
      expect(sent.body).toEqual({ ok: true });
      expect(smtp.received.some((mail) => mail.to.includes(guardian))).toBe(true);
      expect(await profileOf(services, cookie)).toMatchObject({ kind: "waiting", mail: "sent" });
      const after = await counts();
      expect(after["send-failed"]).toBe(before["send-failed"]);
      expect(after.sent).toBe(before.sent! + 1);
    });
  });
});

describe.each(DATABASE_KINDS)("the waiting counts on %s", (kind) => {
  it("count each waiting child once, by where the e-mail stands, as the site can send mail now", async () => {
    const database = await createTestDatabase(kind);
    try {
      const db = database.db;
      await insertUsers(db, "sent", "failed", "nomail", "noaddress", "pending", "allowed", "adult");
      for (const id of ["sent", "failed", "pending", "allowed"])
        await markChildAccount(db, id, `${id}.familia@example.com`);
      for (const id of ["nomail", "noaddress"]) await markChildAccount(db, id, null);
      await recordGuardianMail(db, "sent", "sent");
      await recordGuardianMail(db, "failed", "send-failed");
      await recordGuardianMail(db, "nomail", "not-configured");
      await recordGuardianMail(db, "allowed", "sent");
      await db
        .updateTable("guardian_consents")
        .set({ allowed_at: new Date() })
        .where("user_id", "=", "allowed")
        .execute();
      expect(await waitingConsentCounts(db, { mailAvailable: true })).toEqual({
        sent: 1,
        "send-failed": 1,
        // Mail configured since: these two can now be sent, once the child gives an address.
        "no-address": 2,
        "not-sent-yet": 1,
        "not-configured": 0,
      });
      // Without mail, everything not already sent is waiting for a mail server.
      expect(await waitingConsentCounts(db, { mailAvailable: false })).toEqual({
        sent: 1,
        "send-failed": 0,
        "no-address": 0,
        "not-sent-yet": 0,
        "not-configured": 4,
      });
    } finally {
      await database.dispose();
    }
  });
});

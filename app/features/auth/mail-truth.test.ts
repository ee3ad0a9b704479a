/**
 * Issue 41 §3: mail cannot lock readers out in silence. A reader who signed up while the site had
 * no mail server still signs in once SMTP_URL is set (new accounts, and those from before, by
 * migration 0031); confirmations sent again are limited; when the mail server refuses (550), the
 * sign-up and sign-in pages say that nothing left and how to go on, and the failure is counted
 * by kind.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "../../routes/login.tsx";
import { parseEnv } from "../../lib/env.server.ts";
import { servicesOn, type Services } from "../../runtime/services.server.ts";
import {
  ADULT_BIRTH_YEAR,
  answerOf,
  createTestServices,
  routeArgs,
  settle,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { insertUsers, ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { SIGN_UP_MAIL_NOT_SENT, UNCONFIRMED_SIGN_IN } from "./auth-responses.server.ts";

const PASSWORD = "cempasuchil-2025";
let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;

async function submit(services: Services, mode: "login" | "signup", address: string) {
  const result = await settle(async () =>
    loginAction(
      await routeArgs(services, mode === "signup" ? "/login?modo=registro" : "/login", {
        method: "POST",
        form: {
          email: address,
          password: PASSWORD,
          redirectTo: "/capitulos",
          ...(mode === "signup" ? { birthYear: String(ADULT_BIRTH_YEAR) } : {}),
        },
      }),
    ),
  );
  const answer = answerOf<{ error?: string; checkEmail?: string; mailNotSent?: boolean }>(result);
  return { ...answer, signedIn: answer.status === 302 && answer.headers.getSetCookie().length > 0 };
}

/** The same database, as the site runs it after a restart with `env` (e.g. SMTP_URL now set). */
async function restartedWith(database: TestServices["testDatabase"], env: Record<string, string>) {
  const services = await servicesOn(
    parseEnv({
      AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
      SITE_URL: TEST_SITE_URL,
      LOG_LEVEL: "silent",
      ...env,
    }),
    database,
  );
  return {
    services,
    async close() {
      clearInterval(services.maintenance);
      await services.contactMailer.stop();
      services.mailer.close();
      await services.live.close();
    },
  };
}

const mailMetric = async (services: Services, kind: string, outcome: string) => {
  const line = (await services.metrics.text())
    .split("\n")
    .find((row) => row.startsWith(`site_mail_sent_total{kind="${kind}",outcome="${outcome}"}`));
  return line === undefined ? null : Number(line.split(" ").at(-1));
};

describe.each(ROUTE_TEST_DATABASE_KINDS)("mail that cannot lock readers out (%s)", (kind) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  describe("a site that had no mail server", () => {
    let withoutMail: TestServices;
    beforeAll(async () => {
      withoutMail = await createTestServices(kind);
    });
    afterAll(async () => {
      await withoutMail.dispose();
    });

    it("a reader who signed up without mail still signs in once SMTP_URL is set, and is sent nothing", async () => {
      const reader = email("antes");
      expect((await submit(withoutMail, "signup", reader)).signedIn).toBe(true);
      const later = await restartedWith(withoutMail.testDatabase, { SMTP_URL: smtp.url });
      try {
        const signIn = await submit(later.services, "login", reader);
        expect(signIn.body).toEqual(expect.not.objectContaining({ error: expect.anything() }));
        expect(signIn.signedIn).toBe(true);
        expect(mailsTo(reader)).toEqual([]);
      } finally {
        await later.close();
      }
    }, 90_000);

    it("migration 0031 confirms the accounts that were used before mail, and only those", async () => {
      const db = withoutMail.db;
      const [used, commented, pending, google] = await insertUsers(
        db,
        `used-${serial}`,
        `commented-${serial}`,
        `pending-${serial}`,
        `google-${serial}`,
      );
      const now = new Date();
      for (const [id, provider] of [
        [used, "credential"],
        [commented, "credential"],
        [pending, "credential"],
        [google, "google"],
      ] as const)
        await sql`insert into "account" ("id", "accountId", "providerId", "userId", "createdAt", "updatedAt")
          values (${`acc-${id}`}, ${id}, ${provider}, ${id}, ${now}, ${now})`.execute(db);
      await db
        .insertInto("session")
        .values({ id: `s-${used}`, token: `t-${used}`, userId: used!, expiresAt: now, createdAt: now, updatedAt: now })
        .execute();
      await db
        .insertInto("comments")
        .values({ section_id: "section-1", user_id: commented!, user_name: "Ana", text: "¡Qué bonito!" })
        .execute();
      const migration = readFileSync(
        join(import.meta.dirname, "../../../db/migrations/0031_accounts_from_before_mail.sql"),
        "utf8",
      );
      await sql.raw(migration).execute(db);
      const rows = await db
        .selectFrom("user")
        .select(["id", "emailVerified"])
        .where("id", "in", [used!, commented!, pending!, google!])
        .orderBy("id")
        .execute();
      expect(Object.fromEntries(rows.map((row) => [row.id, row.emailVerified]))).toEqual({
        [used!]: true,
        [commented!]: true,
        // Made with mail and never confirmed: it still has to confirm.
        [pending!]: false,
        // Not an e-mail account: the rule is not about it.
        [google!]: false,
      });
    });
  });

  describe("with a mail server", () => {
    let services: TestServices;
    beforeAll(async () => {
      services = await createTestServices(kind, { env: { SMTP_URL: smtp.url } });
    });
    afterAll(async () => {
      await services.dispose();
    });

    it("sends confirmations again on sign-in at most three an hour, the sign-up's included, and says so", async () => {
      const reader = email("sinconfirmar");
      expect((await submit(services, "signup", reader)).body).toMatchObject({ checkEmail: reader });
      for (let attempt = 0; attempt < 2; attempt++) {
        const signIn = await submit(services, "login", reader);
        expect(signIn.signedIn).toBe(false);
        expect(signIn.body.error).toBe(UNCONFIRMED_SIGN_IN.sent);
      }
      const limited = await submit(services, "login", reader);
      expect(limited.body.error).toBe(UNCONFIRMED_SIGN_IN.limited);
      expect(limited.body.error).not.toMatch(/te enviamos un enlace/);
      expect(mailsTo(reader)).toHaveLength(3);
    });

    it("a refusing mail server (550): sign-up and sign-in say nothing left, the same for a known address, and count it", async () => {
      const failedBefore = await mailMetric(services, "confirmation", "failed");
      expect(failedBefore).toBe(0);
      const reader = email("rechazo");
      smtp.refuseNext(1, 550);
      const signUp = await submit(services, "signup", reader);
      expect(signUp.status).toBe(200);
      expect(signUp.body).toEqual({ checkEmail: reader, mailNotSent: true, mailNotice: SIGN_UP_MAIL_NOT_SENT });
      expect(JSON.stringify(signUp.body)).not.toMatch(/Revisa tu correo|te enviamos/);
      expect(mailsTo(reader)).toEqual([]);
      expect(await mailMetric(services, "confirmation", "failed")).toBe(1);

      // Someone else signs up with the now known address: the page is the same.
      smtp.refuseNext(1, 550);
      const again = await submit(services, "signup", reader);
      expect(again.body).toEqual(signUp.body);
      expect(await mailMetric(services, "existing-account", "failed")).toBe(1);

      smtp.refuseNext(1, 550);
      const signIn = await submit(services, "login", reader);
      expect(signIn.signedIn).toBe(false);
      expect(signIn.body).toMatchObject({ error: UNCONFIRMED_SIGN_IN.failed, mailNotSent: true });
      expect(signIn.body.error).not.toMatch(/te enviamos/);

      // The mail server takes mail again: the next sign-in sends the link, and says so.
      const retried = await submit(services, "login", reader);
      expect(retried.body.error).toBe(UNCONFIRMED_SIGN_IN.sent);
      await vi.waitFor(() => expect(mailsTo(reader)).toHaveLength(1));
      expect(await mailMetric(services, "confirmation", "sent")).toBeGreaterThan(0);
    });
  });
});

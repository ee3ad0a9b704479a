import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as section3Action } from "../../routes/section3.tsx";
import { action as profileAction } from "../../routes/tu-perfil.tsx";
import { action as resendAction } from "../../routes/tu-perfil.permiso.ts";
import { action as ageStepAction } from "../../routes/tu-edad.tsx";
import { action as guardianAction, loader as guardianLoader } from "../../routes/permiso-familiar.tsx";
import { passAccess } from "../../../tests/support/route-access.ts";
import { currentYear } from "../age/age-rule.ts";
import {
  createTestServices,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  type TestServices,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { GUARDIAN_LINK_DAYS, GUARDIAN_MAIL_LIMIT, consentState } from "./guardian-consent.server.ts";
import { GUARDIAN_MESSAGES } from "./guardian-messages.ts";

const CHILD_YEAR = currentYear() - 10;
const ADULT_YEAR = currentYear() - 30;
let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;

describe.each(ROUTE_TEST_DATABASE_KINDS)("guardian consent (%s)", (kind) => {
  let smtp: TestSmtpServer;
  // One site for the block: every test signs up readers of its own (unique addresses) and looks
  // only at their rows and mails, so none depends on the ones before (also run shuffled).
  let services: TestServices;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeAll(async () => {
    services = await createTestServices(kind, { env: { SMTP_URL: smtp.url, CONTACT_TO: "autores@example.com" } });
  });
  afterAll(async () => {
    await services.dispose();
  });

  /** The token of the latest guardian e-mail sent to `to` (waits for it to arrive). */
  async function linkTokenFor(to: string, after = 0): Promise<string> {
    return vi.waitFor(
      () => {
        const mails = smtp.received.filter((mail) => mail.to.includes(to));
        const mail = mails[mails.length - 1];
        if (!mail || mails.length <= after) throw new Error(`no new e-mail to ${to} yet`);
        return /\/permiso-familiar\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      },
      { timeout: 5000, interval: 20 },
    );
  }

  async function signUpChild() {
    const guardian = email("familia");
    const child = await signUpReader(services, email("nina"), undefined, {
      birthYear: CHILD_YEAR,
      guardianEmail: guardian,
    });
    const token = await linkTokenFor(guardian);
    return { ...child, guardian, token };
  }

  const comment = async (cookie: string, text = "¡Me encantó Taquito!") =>
    statusOf(
      await settle(async () =>
        section3Action(
          await routeArgs(services, "/section3", { method: "POST", cookie, form: { intent: "comment", text } }),
        ),
      ),
    );

  const answer = async (token: string, intent: "allow" | "refuse") =>
    statusOf(
      await settle(async () =>
        guardianAction({
          ...((await routeArgs(services, `/permiso-familiar/${token}`, {
            method: "POST",
            form: { intent },
          })) as object),
          params: { token },
        } as never),
      ),
    );

  it("an adult's sign-up sets the age from the year and needs no guardian", async () => {
    const { userId } = await signUpReader(services, email("adulta"), undefined, { birthYear: ADULT_YEAR });
    const profile = await services.db
      .selectFrom("profiles")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(profile.birth_year).toBe(ADULT_YEAR);
    expect(profile.age).toBe(30);
    expect(await consentState(services.db, userId, { mailAvailable: true })).toEqual({ kind: "adult" });
  });

  it("refuses a sign-up without the year, or a child's without a guardian's e-mail, and creates nothing", async () => {
    const noYear = email("sinano");
    await expect(
      services.auth.api.signUpEmail({ body: { email: noYear, password: "cempasuchil-2025", name: "x" } }),
    ).rejects.toMatchObject({ body: { code: "BIRTH_YEAR_REQUIRED" } });
    const noGuardian = email("sintutor");
    await expect(
      services.auth.api.signUpEmail({
        body: { email: noGuardian, password: "cempasuchil-2025", name: "x", birthYear: CHILD_YEAR } as never,
      }),
    ).rejects.toMatchObject({ body: { code: "GUARDIAN_EMAIL_INVALID" } });
    const users = await services.db
      .selectFrom("user")
      .select("id")
      .where("email", "in", [noYear, noGuardian])
      .execute();
    expect(users).toHaveLength(0);
  });

  it("a child's sign-up mails the guardian a link in Spanish and stores only its hash", async () => {
    const { userId, guardian, token } = await signUpChild();
    const mail = smtp.received.find((received) => received.to.includes(guardian))!;
    expect(mail.headers.subject).toContain("Valentina y Taquito");
    expect(mail.text).toContain(`caduca en ${GUARDIAN_LINK_DAYS} días`);
    const row = await services.db
      .selectFrom("guardian_consents")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.guardian_email).toBe(guardian);
    expect(row.token_hash).not.toContain(token);
    const dump = JSON.stringify(await services.db.selectFrom("guardian_consents").selectAll().execute());
    expect(dump).not.toContain(token);
    const days = (row.token_expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(GUARDIAN_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(GUARDIAN_LINK_DAYS);
  });

  it("a waiting child cannot comment or change their name, and can once the guardian allows", async () => {
    const { cookie, token, userId } = await signUpChild();
    expect(await comment(cookie)).toBe(403);
    expect(await services.db.selectFrom("comments").select("id").where("user_id", "=", userId).execute()).toHaveLength(
      0,
    );

    const post = async (form: Record<string, string>) =>
      statusOf(
        await settle(async () =>
          profileAction(await routeArgs(services, "/tu-perfil", { method: "POST", cookie, form })),
        ),
      );
    // The public name (apodo) stays as it is; the private fields stay the reader's own.
    expect(await post({ intent: "apodo", apodo: "Jaguar Valiente" })).toBe(403);
    expect(await post({ displayName: "Nina", age: "10", clan: "3" })).toBe(200);

    expect(await answer(token, "allow")).toBe(200);
    expect(await comment(cookie)).toBe(200);
    expect(await post({ intent: "apodo", apodo: "Jaguar Valiente" })).toBe(200);
  });

  it("the link works once", async () => {
    const { userId, token } = await signUpChild();
    expect(await answer(token, "allow")).toBe(200);
    expect(await answer(token, "allow")).toBe(410);
    expect(await answer(token, "refuse")).toBe(410);
    expect(await services.db.selectFrom("user").select("id").where("id", "=", userId).execute()).toHaveLength(1);
    const page = await guardianLoader({
      ...((await routeArgs(services, `/permiso-familiar/${token}`)) as object),
      params: { token },
    } as never);
    expect(statusOf(page)).toBe(410);
  });

  it("the link expires after 7 days", async () => {
    const { userId, token, cookie } = await signUpChild();
    // Seven days and a second later, as the database sees it.
    await services.db
      .updateTable("guardian_consents")
      .set({ token_expires_at: sql<Date>`now() - interval '1 second'` })
      .where("user_id", "=", userId)
      .execute();
    expect(await answer(token, "allow")).toBe(410);
    expect(await answer(token, "refuse")).toBe(410);
    expect(await consentState(services.db, userId, { mailAvailable: true })).toMatchObject({ kind: "waiting" });
    expect(await comment(cookie)).toBe(403);
  });

  it("refusing deletes the account and every row of it", async () => {
    const { userId, token, cookie } = await signUpChild();
    await comment(cookie); // counted by the limiter even though refused
    await services.db
      .insertInto("unlocked_chapters")
      .values({ user_id: userId, chapter_id: "x" })
      .execute()
      .catch(() => {});
    expect(await answer(token, "refuse")).toBe(200);
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('user_id', 'userId')`.execute(services.db);
    expect(columns.length).toBeGreaterThan(5);
    for (const { table_name, column_name } of columns) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table_name)} where ${sql.ref(column_name)} = ${userId}`.execute(
        services.db,
      );
      expect(rows[0]!.n, `${table_name}.${column_name}`).toBe(0);
    }
    expect(await services.db.selectFrom("user").select("id").where("id", "=", userId).execute()).toHaveLength(0);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from rate_limits where key like ${`%${userId}%`}`.execute(services.db);
    expect(rows[0]!.n).toBe(0);
  });

  it("sending again makes a new link, ends the old one, and is rate-limited", async () => {
    const { cookie, guardian, token } = await signUpChild();
    const resend = async () =>
      settle(async () =>
        resendAction(
          await routeArgs(services, "/tu-perfil/permiso", {
            method: "POST",
            cookie,
            form: { guardianEmail: guardian },
          }),
        ),
      );
    expect(statusOf(await resend())).toBe(200);
    const fresh = await linkTokenFor(guardian, 1);
    expect(fresh).not.toBe(token);
    expect(await answer(token, "allow")).toBe(410);
    // The sign-up's e-mail counts: GUARDIAN_MAIL_LIMIT.max in all, then a Spanish refusal.
    for (let sent = 2; sent < GUARDIAN_MAIL_LIMIT.max; sent++) expect(statusOf(await resend())).toBe(200);
    const refused = await resend();
    expect(statusOf(refused)).toBe(429);
    expect(JSON.stringify(refused)).toContain(GUARDIAN_MESSAGES.tooMany);
  });

  it("lowering the age below 14 makes a child's account; raising it does not undo that", async () => {
    const { cookie, userId } = await signUpReader(services, email("adulto"));
    const save = async (age: string, displayName = "Lector") =>
      statusOf(
        await settle(async () =>
          profileAction(
            await routeArgs(services, "/tu-perfil", { method: "POST", cookie, form: { displayName, age, clan: "0" } }),
          ),
        ),
      );
    expect(await save("30")).toBe(200);
    expect(await save("13")).toBe(200);
    expect(await consentState(services.db, userId, { mailAvailable: true })).toEqual({
      kind: "waiting",
      guardianEmail: null,
      mailedAt: null,
      mail: "no-address",
    });
    expect(await save("40")).toBe(200);
    expect(await consentState(services.db, userId, { mailAvailable: true })).toMatchObject({ kind: "waiting" });
    expect(await comment(cookie)).toBe(403);
  });

  it("an account without an answer (Google) is held on the age step until it answers", async () => {
    const { cookie, userId } = await signUpReader(services, email("google"));
    await services.db
      .updateTable("profiles")
      .set({ birth_year: null, age: null })
      .where("user_id", "=", userId)
      .execute();
    const gate = async (path: string, method = "GET") =>
      settle(async () => {
        return passAccess(await routeArgs(services, path, { method, cookie }));
      });
    const held = (await gate("/personajes?x=1")) as Response;
    expect(held.status).toBe(302);
    expect(held.headers.get("Location")).toBe("/tu-edad?redirectTo=%2Fpersonajes%3Fx%3D1");
    expect(((await gate("/salida-a-tzintzuntzan.data")) as Response).headers.get("Location")).toContain("/tu-edad");
    expect(statusOf(await gate("/api/unlocks", "POST"))).toBe(403);
    expect(statusOf(await gate("/section3", "POST"))).toBe(302);
    expect(await gate("/tu-edad")).toBe("passed");
    expect(await gate("/logout", "POST")).toBe("passed");
    expect(await gate("/api/live")).toBe("passed");

    const guardian = email("tutor");
    const answered = await settle(async () =>
      ageStepAction(
        await routeArgs(services, "/tu-edad", {
          method: "POST",
          cookie,
          form: { birthYear: String(CHILD_YEAR), guardianEmail: guardian, redirectTo: "/personajes" },
        }),
      ),
    );
    expect((answered as Response).headers.get("Location")).toBe("/personajes");
    expect(await gate("/personajes")).toBe("passed");
    expect(await consentState(services.db, userId, { mailAvailable: true })).toMatchObject({
      kind: "waiting",
      guardianEmail: guardian,
    });
    await linkTokenFor(guardian);
  });

  it("the age step refuses a missing year or a child without a guardian, with the message beside the field", async () => {
    const { cookie, userId } = await signUpReader(services, email("google2"));
    await services.db.updateTable("profiles").set({ birth_year: null }).where("user_id", "=", userId).execute();
    const post = async (form: Record<string, string>) =>
      settle(async () => ageStepAction(await routeArgs(services, "/tu-edad", { method: "POST", cookie, form })));
    const noYear = await post({ birthYear: "" });
    expect(statusOf(noYear)).toBe(400);
    expect(JSON.stringify(noYear)).toContain("Elige tu año de nacimiento.");
    expect(statusOf(await post({ birthYear: String(CHILD_YEAR), guardianEmail: "" }))).toBe(400);
    const row = await services.db
      .selectFrom("profiles")
      .select("birth_year")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.birth_year).toBeNull();
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as requestAction } from "../../routes/recuperar-contrasena.tsx";
import { action as newPasswordAction } from "../../routes/recuperar-contrasena.nueva.tsx";
import { accountLockSeconds, recordSignInFailure } from "../../lib/sign-in-lockout.server.ts";
import { addressLimitKey, AUTH_RATE_LIMITS, PASSWORD_RESET_PER_EMAIL } from "../../lib/auth-limits.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import {
  createTestServices,
  routeArgs,
  settle,
  signUpReader,
  TEST_SITE_URL,
  type TestServices,
  answerOf,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { PASSWORD_RESET_MESSAGES } from "./password-reset-messages.ts";

const asData = (value: unknown) => answerOf<Record<string, unknown> | undefined>(value);
const PASSWORD = "cempasuchil-2025";
const NEW_PASSWORD = "alebrije-de-cobre-77";

describe.each(ROUTE_TEST_DATABASE_KINDS)("password reset by e-mail on %s", (kind) => {
  let services: TestServices;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    services = await createTestServices(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: "hola@example.com" } });
  });
  afterAll(async () => {
    await services.dispose();
    await smtp.close();
  });

  const ask = async (email: string, ip = "192.0.2.10") =>
    requestAction(
      await routeArgs(services, "/recuperar-contrasena", {
        method: "POST",
        headers: { "x-client-ip": ip },
        form: { email },
      }),
    ) as Promise<unknown>;
  const choose = async (token: string, password: string, repeat = password) =>
    settle(async () =>
      newPasswordAction(
        await routeArgs(services, "/recuperar-contrasena/nueva", { method: "POST", form: { token, password, repeat } }),
      ),
    );
  // Reset mails only: a new account's confirmation mail goes to the same address (decision 011).
  const mailsTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email) && /contraseña/.test(String(mail.headers.subject)));
  async function nextMailTo(email: string, already: number): Promise<ReceivedMail> {
    for (let tries = 0; tries < 200 && mailsTo(email).length <= already; tries++)
      await new Promise((done) => setTimeout(done, 25));
    const mail = mailsTo(email)[already];
    if (!mail) throw new Error(`no mail reached ${email}`);
    return mail;
  }
  /** Follows the e-mail's link through better-auth, as the browser does: to our page with the token. */
  async function tokenFrom(mail: ReceivedMail) {
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${TEST_SITE_URL}/api/auth/reset-password/`)).toBe(true);
    const response = await services.auth.handler(new Request(link));
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("Location")!);
    expect(target.pathname).toBe("/recuperar-contrasena/nueva");
    return { token: target.searchParams.get("token")!, link };
  }

  it("mails a Spanish link that sets a new password once, ends every session and respects the strength rule", async () => {
    const email = "olvidadiza@example.com";
    const reader = await signUpReader(services, email);
    for (let index = 0; index < 7; index++) await recordSignInFailure(services.db, email);
    expect(await accountLockSeconds(services.db, email)).toBeGreaterThan(0);

    expect(await ask(email)).toEqual({ sent: true });
    const mail = await nextMailTo(email, 0);
    expect(mail.headers.subject).toBe("Elige una contraseña nueva para Valentina y Taquito");
    expect(mail.headers.from).toContain("hola@example.com");
    expect(mail.text).toContain("El enlace sirve una sola vez y solo durante 60 minutos.");
    const { token, link } = await tokenFrom(mail);
    // Stored hashed: the database holds no working link.
    const stored = await sql<{ identifier: string }>`select identifier from verification`.execute(services.db);
    expect(stored.rows.some((row) => row.identifier.includes(token))).toBe(false);

    const weak = asData(await choose(token, "12345678"));
    expect(weak.status).toBe(400);
    expect((weak.body?.fieldErrors as { password?: string }).password).toMatch(
      /^Esa contraseña es muy fácil de adivinar\./,
    );
    const personal = asData(await choose(token, "olvidadiza"));
    expect(personal.status).toBe(400);
    const mismatch = asData(await choose(token, NEW_PASSWORD, "otra-cosa-distinta"));
    expect((mismatch.body?.fieldErrors as { repeat?: string }).repeat).toBe(PASSWORD_RESET_MESSAGES.mismatch);

    const done = (await choose(token, NEW_PASSWORD)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?contrasena=cambiada");
    // Every session ended; the old password no longer works, the new one does; the lock is lifted.
    expect(await services.auth.api.getSession({ headers: new Headers({ Cookie: reader.cookie }) })).toBeNull();
    expect(await accountLockSeconds(services.db, email)).toBe(0);
    await expect(services.auth.api.signInEmail({ body: { email, password: PASSWORD } })).rejects.toThrow();
    await expect(services.auth.api.signInEmail({ body: { email, password: NEW_PASSWORD } })).resolves.toBeTruthy();

    // One use: the same link again is refused, through the page and through better-auth's redirect.
    expect(asData(await choose(token, "otra-clave-muy-larga-42")).body).toEqual({ invalidLink: true });
    const again = await services.auth.handler(new Request(link));
    expect(new URL(again.headers.get("Location")!).searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("refuses a link once it has expired", async () => {
    const email = "tardona@example.com";
    await signUpReader(services, email);
    await ask(email);
    const { token } = await tokenFrom(await nextMailTo(email, 0));
    await sql`update verification set "expiresAt" = now() - interval '1 second' where value <> ''`.execute(services.db);
    expect(asData(await choose(token, NEW_PASSWORD)).body).toEqual({ invalidLink: true });
  });

  it("answers the same whether or not the address has an account, and mails only accounts", async () => {
    const resetMails = () => smtp.received.filter((mail) => /contraseña/.test(String(mail.headers.subject))).length;
    const before = resetMails();
    expect(await ask("nadie.aqui@example.com")).toEqual({ sent: true });
    await signUpReader(services, "alguien.aqui@example.com");
    expect(await ask("alguien.aqui@example.com")).toEqual({ sent: true });
    await nextMailTo("alguien.aqui@example.com", 0);
    expect(mailsTo("nadie.aqui@example.com")).toEqual([]);
    expect(resetMails()).toBe(before + 1);
  });

  it("mails one address at most a few times an hour, with the same answer after", async () => {
    const email = "insistente@example.com";
    await signUpReader(services, email);
    for (let index = 0; index < PASSWORD_RESET_PER_EMAIL.max + 2; index++)
      expect(await ask(email, `192.0.2.${50 + index}`)).toEqual({ sent: true });
    await nextMailTo(email, PASSWORD_RESET_PER_EMAIL.max - 1);
    // Any mail beyond the limit would have been sent by now, right after the ones before it.
    await new Promise((done) => setTimeout(done, 200));
    expect(mailsTo(email)).toHaveLength(PASSWORD_RESET_PER_EMAIL.max);
  });

  it("stops one address asking for many mails, in Spanish with Retry-After", async () => {
    const ip = "192.0.2.99";
    for (let index = 0; index < AUTH_RATE_LIMITS.passwordReset.max; index++)
      await hitRateLimit(services.db, addressLimitKey("passwordReset", ip), AUTH_RATE_LIMITS.passwordReset);
    const refused = asData(await ask("cualquiera@example.com", ip));
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await ask("cualquiera@example.com", "192.0.2.100")).toEqual({ sent: true });
  });

  it("refuses a malformed e-mail beside the field", async () => {
    const result = asData(await ask("no-es-correo"));
    expect(result.status).toBe(400);
    expect(result.body?.fieldErrors).toEqual({ email: expect.stringMatching(/correo electrónico válido/) });
  });
});

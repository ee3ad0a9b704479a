import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "../../routes/login.tsx";
import {
  ADULT_BIRTH_YEAR,
  createTestServices,
  routeArgs,
  settle,
  type TestServices,
  answerOf,
} from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";

const PASSWORD = "cempasuchil-2025";

describe.each(ROUTE_TEST_DATABASE_KINDS)("sign-up does not tell whether an e-mail has an account (%s)", (kind) => {
  let smtp: TestSmtpServer;
  let services: TestServices;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(async () => {
    services = await createTestServices(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterEach(async () => {
    await services.dispose();
  });

  const signUp = async (email: string, password: string, redirectTo = "/capitulos") => {
    const result = await settle(async () =>
      loginAction(
        await routeArgs(services, "/login?modo=registro", {
          method: "POST",
          form: { email, password, birthYear: String(ADULT_BIRTH_YEAR), redirectTo },
        }),
      ),
    );
    const answer = answerOf(result);
    return {
      status: answer.status,
      body: JSON.stringify(answer.body),
      cookies: answer.headers.getSetCookie(),
    };
  };
  const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

  it("answers a known address exactly as a new one, and the e-mail tells the owner", async () => {
    const fresh = await signUp("nueva@example.com", PASSWORD);
    await vi.waitFor(() => expect(mailsTo("nueva@example.com")).toHaveLength(1));
    // A second sign-up with the same address, by someone who does not know the password.
    const again = await signUp("nueva@example.com", "otra-clave-larga-2025");
    expect(again).toEqual({ ...fresh, body: fresh.body });
    expect(fresh.status).toBe(200);
    expect(fresh.cookies).toEqual([]);
    expect(fresh.body).toContain('"checkEmail":"nueva@example.com"');
    await vi.waitFor(() => expect(mailsTo("nueva@example.com")).toHaveLength(2));
    const [confirm, known] = mailsTo("nueva@example.com");
    expect(confirm!.text).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(known!.headers.subject).toBe("Ya tienes una cuenta en Valentina y Taquito");
    expect(known!.text).not.toMatch(/verify-email/);
    // Still one account, with the first password.
    expect(
      await services.db.selectFrom("user").select("id").where("email", "=", "nueva@example.com").execute(),
    ).toHaveLength(1);
  });

  const confirmationLanding = async (email: string) => {
    const mail = await vi.waitFor(() => {
      const [first] = mailsTo(email);
      if (!first) throw new Error("no e-mail yet");
      return first;
    });
    const link = new URL(/(http\S+verify-email\S+)/.exec(mail.text)![1]!);
    const response = await services.auth.handler(new Request(link));
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(true);
    return response.headers.get("Location");
  };

  it("the confirmation link signs the new reader in and says so, with the page they came from kept (issue 39)", async () => {
    await signUp("lectora@example.com", PASSWORD);
    expect(await confirmationLanding("lectora@example.com")).toBe(
      "/tu-perfil?bienvenida=confirmada&volver=%2Fcapitulos",
    );
  });

  it("a reader sent to sign up for a page of their own lands on it after confirming", async () => {
    await signUp("pasaporte@example.com", PASSWORD, "/pasaporte");
    expect(await confirmationLanding("pasaporte@example.com")).toBe("/pasaporte");
  });

  it("signing in before confirming is refused in Spanish (only with the right password)", async () => {
    await signUp("pendiente@example.com", PASSWORD);
    const signIn = async (password: string) =>
      settle(async () =>
        loginAction(
          await routeArgs(services, "/login", {
            method: "POST",
            form: { email: "pendiente@example.com", password, redirectTo: "/" },
          }),
        ),
      );
    expect(JSON.stringify(await signIn(PASSWORD))).toContain("Primero confirma tu correo");
    expect(JSON.stringify(await signIn("no-es-la-clave-2025"))).toContain("Correo o contraseña incorrectos.");
  });
});

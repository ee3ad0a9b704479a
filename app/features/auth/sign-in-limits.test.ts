import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as loginAction } from "../../routes/login.tsx";
import {
  ADULT_BIRTH_YEAR,
  routeArgs,
  signUpReader,
  statusOf,
  TEST_SITE_URL,
  answerOf,
} from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { ACCOUNT_GUARD } from "../../lib/sign-in-lockout.server.ts";
import { addressLimitKey, AUTH_RATE_LIMITS } from "../../lib/auth-limits.server.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const asData = (value: unknown) =>
  answerOf<{ error?: string; fieldErrors?: Record<string, string> } | undefined>(value);

const PASSWORD = "cempasuchil-2025";

describe.each(ROUTE_TEST_DATABASE_KINDS)("sign-up and sign-in limits on %s", (kind) => {
  const services = useTestServices(kind);

  const post = async (path: string, ip: string, form: Record<string, string>) =>
    loginAction(await routeArgs(services, path, { method: "POST", headers: { "x-client-ip": ip }, form }));
  const signUp = (ip: string, email: string, password = PASSWORD) =>
    post("/login?modo=registro", ip, { email, password, birthYear: String(ADULT_BIRTH_YEAR), redirectTo: "/" });
  const signIn = (ip: string, email: string, password: string) =>
    post("/login", ip, { email, password, redirectTo: "/" });

  it("lets a class of 30 readers behind one school address create their accounts", async () => {
    const statuses: number[] = [];
    for (let child = 1; child <= 30; child++)
      statuses.push(statusOf(await signUp("203.0.113.30", `alumno${child}@escuela.example`)));
    expect(statuses.filter((status) => status === 302)).toHaveLength(30);
  }, 120_000);

  it("stops a script that keeps creating accounts from one address, and not the next address", async () => {
    const ip = "203.0.113.66";
    const { max } = AUTH_RATE_LIMITS.signUp;
    // The script's earlier attempts, counted as the guard counts them; its last two go through the page.
    for (let index = 0; index < max - 1; index++)
      await hitRateLimit(services.db, addressLimitKey("signUp", ip), AUTH_RATE_LIMITS.signUp);
    expect(statusOf(await signUp(ip, "guion.1@example.com"))).toBe(302);
    const refused = asData(await signUp(ip, "guion.2@example.com"));
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toBe(RATE_LIMIT_MESSAGE);
    expect(statusOf(await signUp("203.0.113.67", "guion.2@example.com"))).toBe(302);
  });

  it("keeps a patient script to a trickle over a day", async () => {
    const ip = "203.0.113.68";
    for (let index = 0; index < AUTH_RATE_LIMITS.signUpDaily.max; index++)
      await hitRateLimit(services.db, addressLimitKey("signUpDaily", ip), AUTH_RATE_LIMITS.signUpDaily);
    expect(statusOf(await signUp(ip, "paciente@example.com"))).toBe(429);
  });

  it("refuses a very weak password beside the field, in Spanish, and creates nothing", async () => {
    for (const weak of ["12345678", "        ", "qwertyui"]) {
      const result = asData(await signUp("203.0.113.5", "debil@example.com", weak));
      expect(result.status).toBe(400);
      expect(result.body?.fieldErrors?.password).toMatch(/^Esa contraseña es muy fácil de adivinar\./);
    }
    const users = await services.db.selectFrom("user").select("id").where("email", "=", "debil@example.com").execute();
    expect(users).toHaveLength(0);
  });

  it("refuses a weak password on better-auth's own endpoint too", async () => {
    const response = await services.auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_SITE_URL, "x-client-ip": "203.0.113.6" },
        body: JSON.stringify({
          email: "directa@example.com",
          password: "12345678",
          name: "directa",
          birthYear: ADULT_BIRTH_YEAR,
        }),
      }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("PASSWORD_TOO_WEAK");
  });

  it("stops a guesser aiming at one account from many addresses, the owner included only for a while", async () => {
    const email = "objetivo@example.com";
    await signUpReader(services, email, PASSWORD);
    const statuses: number[] = [];
    // 200 wrong passwords from 20 addresses.
    for (let index = 0; index < 200; index++) {
      statuses.push(statusOf(await signIn(`198.51.100.${index % 20}`, email, `adivina-${index}`)));
    }
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBe(ACCOUNT_GUARD.freeFailures + 1);
    expect(statuses.slice(checked).every((status) => status === 429)).toBe(true);

    // While locked even the right password waits, with a Spanish reason.
    const locked = asData(await signIn("192.0.2.1", email, PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.body?.error).toMatch(/^Hubo demasiados intentos fallidos con esta cuenta\. Por seguridad, espera/);

    // The lock is short: once it has passed, the owner signs in and the count starts again.
    const { rows } = await sql<{ seconds: number }>`
      select extract(epoch from locked_until - now())::float8 as seconds from sign_in_failures where email = ${email}`.execute(
      services.db,
    );
    expect(rows[0]!.seconds).toBeGreaterThan(0);
    expect(rows[0]!.seconds).toBeLessThanOrEqual(ACCOUNT_GUARD.firstLockSeconds);
    await sql`update sign_in_failures set locked_until = now() - interval '1 second' where email = ${email}`.execute(
      services.db,
    );
    expect(statusOf(await signIn("192.0.2.1", email, PASSWORD))).toBe(302);
    const left = await sql`select 1 from sign_in_failures where email = ${email}`.execute(services.db);
    expect(left.rows).toHaveLength(0);
  }, 120_000);

  it("locks longer after each further failure, never beyond the ceiling", async () => {
    const email = "repetida@example.com";
    await signUpReader(services, email, PASSWORD);
    const lockSeconds: number[] = [];
    for (let failure = 1; failure <= ACCOUNT_GUARD.freeFailures + 8; failure++) {
      // Let each attempt through as if the previous lock had passed.
      await sql`update sign_in_failures set locked_until = null where email = ${email}`.execute(services.db);
      expect(statusOf(await signIn(`192.0.2.${failure}`, email, "equivocada"))).toBe(401);
      const { rows } = await sql<{ seconds: number | null }>`
        select round(extract(epoch from locked_until - now()))::int as seconds from sign_in_failures where email = ${email}`.execute(
        services.db,
      );
      lockSeconds.push(rows[0]?.seconds ?? 0);
    }
    const locks = lockSeconds.slice(ACCOUNT_GUARD.freeFailures);
    expect(lockSeconds.slice(0, ACCOUNT_GUARD.freeFailures).every((seconds) => seconds === 0)).toBe(true);
    expect(locks[0]).toBeCloseTo(ACCOUNT_GUARD.firstLockSeconds, -1);
    expect(locks[1]).toBeCloseTo(ACCOUNT_GUARD.firstLockSeconds * 2, -1);
    for (let index = 1; index < locks.length; index++) expect(locks[index]!).toBeGreaterThanOrEqual(locks[index - 1]!);
    expect(Math.max(...locks)).toBeLessThanOrEqual(ACCOUNT_GUARD.maxLockSeconds);
    expect(locks.at(-1)).toBeCloseTo(ACCOUNT_GUARD.maxLockSeconds, -1);
  }, 120_000);
});

/**
 * Every way into an account meets the one age rule (decision 031): a 13-year-old through each
 * entry point ends up waiting for a guardian, a 30-year-old does not, with a mail server and
 * without one. And nothing outside app/features/age draws the line itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../routes/login.tsx";
import { action as ageStepAction } from "../../routes/tu-edad.tsx";
import { action as profileAction } from "../../routes/tu-perfil.tsx";
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
import { consentState } from "../guardians/guardian-consent.server.ts";
import { needsBirthYear } from "../profiles/profiles.server.ts";
import { currentYear } from "./age-rule.ts";

const PASSWORD = "cempasuchil-2025";
const CHILD_YEAR = currentYear() - 13;
const ADULT_YEAR = currentYear() - 30;
let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;

type Mode = { name: string; withMail: boolean };
const MODES: Mode[] = [
  { name: "with a mail server", withMail: true },
  { name: "without mail", withMail: false },
];

describe.each(ROUTE_TEST_DATABASE_KINDS)("every entry point meets the age rule (%s)", (kind) => {
  describe.each(MODES)("$name", ({ withMail }) => {
    let smtp: TestSmtpServer | null = null;
    let services: TestServices;
    beforeAll(async () => {
      if (withMail) smtp = await startSmtpServer();
      services = await createTestServices(kind, { env: smtp ? { SMTP_URL: smtp.url } : {} });
    });
    afterAll(async () => {
      await services.dispose();
      await smtp?.close();
    });

    const userIdOf = async (address: string) =>
      (await services.db.selectFrom("user").select("id").where("email", "=", address).executeTakeFirstOrThrow()).id;
    const consentOf = async (userId: string) => consentState(services.db, userId, { mailAvailable: withMail });
    /** A child's account waits for its family, by e-mail when mail can leave, else by the family path. */
    const expectChild = async (userId: string, guardianEmail: string | null) => {
      const consent = await consentOf(userId);
      expect(consent).toMatchObject({ kind: "waiting" });
      if (withMail) expect(consent).toMatchObject({ guardianEmail });
      else expect(consent).toMatchObject({ guardianEmail: null, mail: "not-configured" });
    };
    const expectAdult = async (userId: string) => expect(await consentOf(userId)).toEqual({ kind: "adult" });

    const signUpThroughLogin = async (address: string, form: Record<string, string>) =>
      settle(async () =>
        loginAction(
          await routeArgs(services, "/login?modo=registro", {
            method: "POST",
            form: { email: address, password: PASSWORD, redirectTo: "/", ...form },
          }),
        ),
      );

    it("the sign-up form: a 13-year-old waits for a guardian, a 30-year-old does not", async () => {
      const guardian = email("familia");
      const child = email("nina");
      const childAnswer = await signUpThroughLogin(child, { birthYear: String(CHILD_YEAR), guardianEmail: guardian });
      expect(statusOf(childAnswer)).toBeLessThan(400);
      await expectChild(await userIdOf(child), guardian);

      const adult = email("adulta");
      expect(statusOf(await signUpThroughLogin(adult, { birthYear: String(ADULT_YEAR) }))).toBeLessThan(400);
      await expectAdult(await userIdOf(adult));

      // With mail, a child without a guardian's e-mail is refused beside the field; without
      // mail none is asked (the family path), and the account waits all the same.
      const noGuardian = email("sintutor");
      const answer = await signUpThroughLogin(noGuardian, { birthYear: String(CHILD_YEAR) });
      if (withMail) {
        expect(statusOf(answer)).toBe(400);
        expect(JSON.stringify(answer)).toContain("Escribe el correo de tu mamá, papá o tutor.");
        expect(await services.db.selectFrom("user").where("email", "=", noGuardian).select("id").execute()).toEqual([]);
      } else {
        expect(statusOf(answer)).toBe(302);
        await expectChild(await userIdOf(noGuardian), null);
      }
    });

    it("a direct call to better-auth's sign-up meets the same rule", async () => {
      const guardian = email("familia");
      const { userId: childId } = await signUpReader(services, email("nino"), PASSWORD, {
        birthYear: CHILD_YEAR,
        guardianEmail: guardian,
      });
      await expectChild(childId, guardian);
      const { userId: adultId } = await signUpReader(services, email("adulto"), PASSWORD, { birthYear: ADULT_YEAR });
      await expectAdult(adultId);
      const profile = await services.db
        .selectFrom("profiles")
        .select(["birth_year", "age"])
        .where("user_id", "=", childId)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({ birth_year: CHILD_YEAR, age: 13 });
      // Without the year nothing is created, on either site.
      await expect(
        services.auth.api.signUpEmail({ body: { email: email("sinano"), password: PASSWORD, name: "x" } }),
      ).rejects.toMatchObject({ body: { code: "BIRTH_YEAR_REQUIRED" } });
      if (withMail)
        await expect(
          services.auth.api.signUpEmail({
            body: { email: email("sintutor"), password: PASSWORD, name: "x", birthYear: CHILD_YEAR } as never,
          }),
        ).rejects.toMatchObject({ body: { code: "GUARDIAN_EMAIL_INVALID" } });
    });

    it("a Google sign-up gets no verdict of its own: the age step (/tu-edad) decides", async () => {
      // An account created without an e-mail sign-up's answer, as Google's callback creates it.
      const context = await services.auth.$context;
      const created = await context.internalAdapter.createUser(
        { email: email("google"), name: "Google", emailVerified: true },
        { method: "oauth", oauth: { providerId: "google" } } as never,
      );
      expect(await needsBirthYear(services.db, created.id)).toBe(true);
      expect(await consentOf(created.id)).toEqual({ kind: "adult" });

      const answerAgeStep = async (form: Record<string, string>) => {
        const { cookie, userId } = await signUpReader(services, email("google"), PASSWORD);
        await services.db
          .updateTable("profiles")
          .set({ birth_year: null, age: null })
          .where("user_id", "=", userId)
          .execute();
        const answer = await settle(async () =>
          ageStepAction(
            await routeArgs(services, "/tu-edad", { method: "POST", cookie, form: { redirectTo: "/", ...form } }),
          ),
        );
        expect(statusOf(answer)).toBe(302);
        return userId;
      };
      const guardian = email("familia");
      await expectChild(await answerAgeStep({ birthYear: String(CHILD_YEAR), guardianEmail: guardian }), guardian);
      await expectAdult(await answerAgeStep({ birthYear: String(ADULT_YEAR) }));
    });

    it("the age typed in /tu-perfil: 13 makes a child's account, 30 does not", async () => {
      const saveAge = async (age: string) => {
        const { cookie, userId } = await signUpReader(services, email("perfil"), PASSWORD);
        const answer = await settle(async () =>
          profileAction(
            await routeArgs(services, "/tu-perfil", {
              method: "POST",
              cookie,
              form: { displayName: "Lector", age, clan: "0" },
            }),
          ),
        );
        expect(statusOf(answer)).toBe(200);
        return userId;
      };
      await expectChild(await saveAge("13"), null);
      await expectAdult(await saveAge("30"));
    });
  });
});

describe("nothing outside app/features/age draws the line", () => {
  const root = join(import.meta.dirname, "../../..");
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const outside = [...sources("app"), ...sources("server"), ...sources("scripts"), ...sources("db")].filter(
    (path) => !relative("app/features/age", path).match(/^[^.]/),
  );

  it("no comparison with 14 (or 13), no birth-year parser, no copy of the old helpers", () => {
    const offenders = outside.flatMap((path) => {
      const text = readFileSync(join(root, path), "utf8");
      const found: string[] = [];
      if (/[<>]=?\s*1[34]\b|\b1[34]\s*[<>]=?/.test(text)) found.push(`${path}: compares with 13/14`);
      if (/\b(GUARDIAN_CONSENT_AGE|isChildBirthYear|isChildAge|ageFromBirthYear)\b/.test(text))
        found.push(`${path}: an old age helper`);
      if (/\bparseBirthYear\s*\(/.test(text)) found.push(`${path}: parses a birth year`);
      if (/lib\/birth-year/.test(text)) found.push(`${path}: imports the old app/lib/birth-year.ts`);
      return found;
    });
    expect(offenders).toEqual([]);
  });

  it("each entry point asks the rule", () => {
    for (const path of ["app/routes/login.tsx", "app/routes/tu-edad.tsx", "app/routes/tu-perfil.tsx"])
      expect(readFileSync(join(root, path), "utf8"), path).toMatch(/\bdecideAge\(/);
    // better-auth's sign-up hook and account creation are handed the rule by the composition root
    // (its readers' accounts, app/runtime/reader-auth.server.ts).
    const readerAuth = readFileSync(join(root, "app/runtime/reader-auth.server.ts"), "utf8");
    expect(readerAuth).toMatch(/\bdecideAge\(/);
    expect(readerAuth).toMatch(/checkSignUpAnswer/);
    // /familia: the families feature is handed the rule (features do not import each other).
    expect(readFileSync(join(root, "app/routes/familia.tsx"), "utf8")).toMatch(/\bfamilyAgeRule\b/);
    const familyRule = readFileSync(join(root, "app/pages/family-age.server.ts"), "utf8");
    expect(familyRule).toMatch(/\bdecideAge\(/);
    expect(familyRule).toMatch(/\bmayActAsGuardian\(/);
  });
});

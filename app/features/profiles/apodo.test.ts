import { describe, expect, it } from "vitest";
import { action as profileAction, loader as profileLoader } from "../../routes/tu-perfil.tsx";
import { applyMigrations } from "../../lib/migration-runner.server.ts";
import { migrations } from "../../lib/bundled-migrations.server.ts";
import { routeArgs, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { createTestDatabase, DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { APODO_MESSAGES, apodoRevealsEmail, apodoSuggestions, checkApodo, generateApodo } from "./apodo.server.ts";
import { getProfile } from "./profiles.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const EMAIL = "lucia.garcia.2015@example.com";

describe("apodos", () => {
  it("are generated from the safe lists, with nothing of the e-mail", () => {
    for (let index = 0; index < 200; index++) {
      const apodo = generateApodo(EMAIL);
      expect(apodo).toMatch(/^[\p{L} ]+ \d{2}$/u);
      expect(apodoRevealsEmail(apodo, EMAIL)).toBe(false);
      expect(checkApodo(apodo, EMAIL)).toEqual({ ok: true, apodo });
    }
  });

  it("never takes a word the e-mail holds, even when the lists have it", () => {
    for (let index = 0; index < 200; index++)
      expect(generateApodo("xolo.jaguar@example.com")).not.toMatch(/Xolo|Jaguar/);
  });

  it("offers fresh, distinct suggestions", () => {
    const suggestions = apodoSuggestions(EMAIL);
    expect(new Set(suggestions).size).toBe(4);
  });

  it("a typed apodo passes the comments' check and shows no part of the e-mail", () => {
    expect(checkApodo("  Tlacuache   Lector ", EMAIL)).toEqual({ ok: true, apodo: "Tlacuache Lector" });
    expect(checkApodo("lucia.garcia.2015", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.characters });
    expect(checkApodo("luciagarcia2015", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.email });
    expect(checkApodo("Lucía Estrella", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.email });
    expect(checkApodo("Garcia Fan", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.email });
    expect(checkApodo("Taquito 2015", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.email });
    expect(checkApodo("Pendejo Mayor", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.risky });
    expect(checkApodo("mi insta valen", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.risky });
    expect(checkApodo("Tel 5512345678", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.risky });
    expect(checkApodo("yo", EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.length });
    expect(checkApodo("x".repeat(31), EMAIL)).toEqual({ ok: false, error: APODO_MESSAGES.length });
  });
});

describe.each(DATABASE_KINDS)("apodos on %s", (kind) => {
  const services = useTestServices(kind);

  it("every new account gets one; the private display name starts empty, never the e-mail (issue 39)", async () => {
    const { userId } = await signUpReader(services, EMAIL);
    const profile = (await getProfile(services.db, userId))!;
    expect(profile.displayName).toBe("");
    expect(apodoRevealsEmail(profile.apodo, EMAIL)).toBe(false);
    expect(profile.apodo).toMatch(/ \d{2}$/);
  });

  it("/tu-perfil offers suggestions and saves a chosen apodo; a bad one is refused with 400", async () => {
    const reader = await signUpReader(services, "beto.ruiz@example.com");
    const loaded = (await profileLoader(await routeArgs(services, "/tu-perfil", { cookie: reader.cookie }))) as {
      apodo: string;
      apodoSuggestions: string[];
    };
    expect(loaded.apodoSuggestions).toHaveLength(4);
    const save = async (apodo: string) =>
      profileAction(
        await routeArgs(services, "/tu-perfil", {
          method: "POST",
          cookie: reader.cookie,
          form: { intent: "apodo", apodo },
        }),
      );
    const refused = await save("Beto Ruiz");
    expect(statusOf(refused)).toBe(400);
    expect((await getProfile(services.db, reader.userId))!.apodo).toBe(loaded.apodo);
    expect(statusOf(await save(loaded.apodoSuggestions[0]!))).toBe(200);
    expect((await getProfile(services.db, reader.userId))!.apodo).toBe(loaded.apodoSuggestions[0]);
  });
});

describe.each(DATABASE_KINDS)("the apodo migration on %s", (kind) => {
  it("gives existing accounts an apodo and takes the private name off their old comments", async () => {
    const database = await createTestDatabase(kind, { migrated: false });
    try {
      const before = migrations.filter((migration) => migration.version < "0005");
      await applyMigrations(database, before);
      await database.db
        .insertInto("user")
        .values({ id: "vieja", name: "lucia.garcia.2015", email: EMAIL, emailVerified: false })
        .execute();
      await database.db
        .insertInto("profiles")
        .values({ user_id: "vieja", email: EMAIL, display_name: "lucia.garcia.2015" })
        .execute();
      await database.db
        .insertInto("comments")
        .values({ section_id: "x", user_id: "vieja", user_name: "lucia.garcia.2015", text: "hola" })
        .execute();
      await applyMigrations(database, migrations);
      const profile = await database.db
        .selectFrom("profiles")
        .select(["apodo", "display_name"])
        .executeTakeFirstOrThrow();
      expect(profile.display_name).toBe("lucia.garcia.2015");
      expect(profile.apodo).toMatch(/^[\p{L} ]+ \d{2}$/u);
      const comment = await database.db
        .selectFrom("comments")
        .select(["user_name", "status"])
        .executeTakeFirstOrThrow();
      expect(comment).toEqual({ user_name: profile.apodo, status: "visible" });
    } finally {
      await database.dispose();
    }
  });
});

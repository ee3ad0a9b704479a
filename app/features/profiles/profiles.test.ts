import { describe, expect, it } from "vitest";
import { action as profileAction, loader as profileLoader } from "../../routes/tu-perfil.tsx";
import { ADULT_BIRTH_YEAR, routeArgs, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { getProfile } from "./profiles.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe.each(ROUTE_TEST_DATABASE_KINDS)("profiles on %s", (kind) => {
  const services = useTestServices(kind);

  it("gives every new account a profile, its display name never defaulting to the e-mail (issue 39)", async () => {
    const { userId } = await signUpReader(services, "nueva@example.com");
    expect(await getProfile(services.db, userId)).toMatchObject({
      // The sign-up's name was the e-mail's local part: no name the reader chose.
      displayName: "",
      email: "nueva@example.com",
      clan: 0,
      // The sign-up's answer to 'Año de nacimiento' (an adult's, by default).
      birthYear: ADULT_BIRTH_YEAR,
      age: 30,
    });
  });

  it("saves only the signed-in reader's own profile, whatever the form says", async () => {
    const ana = await signUpReader(services, "ana@example.com");
    const beto = await signUpReader(services, "beto@example.com");
    const result = await profileAction(
      await routeArgs(services, "/tu-perfil", {
        method: "POST",
        cookie: ana.cookie,
        form: { displayName: "Ana del Lago", age: "10", clan: "4", userId: beto.userId, user_id: beto.userId },
      }),
    );
    expect(result).toEqual({ ok: true });
    expect(await getProfile(services.db, ana.userId)).toMatchObject({ displayName: "Ana del Lago", age: 10, clan: 4 });
    expect(await getProfile(services.db, beto.userId)).toMatchObject({ displayName: "", age: 30, clan: 0 });
  });

  it("keeps bio and website, which the form has no inputs for, and sets lastUpdated", async () => {
    const { userId, cookie } = await signUpReader(services, "carla@example.com");
    await services.db
      .updateTable("profiles")
      .set({ bio: "Me gustan los alebrijes", website: "https://carla.example" })
      .where("user_id", "=", userId)
      .execute();
    const before = (await getProfile(services.db, userId))!.lastUpdated;
    await new Promise((done) => setTimeout(done, 20));
    await profileAction(
      await routeArgs(services, "/tu-perfil", {
        method: "POST",
        cookie,
        form: { displayName: "Carla", age: "", clan: "1" },
      }),
    );
    const after = (await getProfile(services.db, userId))!;
    expect(after).toMatchObject({
      bio: "Me gustan los alebrijes",
      website: "https://carla.example",
      displayName: "Carla",
    });
    expect(after.lastUpdated.getTime()).toBeGreaterThan(before.getTime());
  });

  it("refuses invalid input with 400 and writes nothing", async () => {
    const { userId, cookie } = await signUpReader(services, "dani@example.com");
    const result = await profileAction(
      await routeArgs(services, "/tu-perfil", {
        method: "POST",
        cookie,
        form: { displayName: "", age: "200", clan: "7" },
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(await getProfile(services.db, userId)).toMatchObject({ displayName: "", age: 30, clan: 0 });
  });

  it("sends a visitor to /login, remembering the page", async () => {
    const thrown = await profileLoader(await routeArgs(services, "/tu-perfil")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Ftu-perfil");
    const refused = await profileAction(
      await routeArgs(services, "/tu-perfil", { method: "POST", form: { displayName: "X", age: "", clan: "0" } }),
    ).catch((error: unknown) => error);
    expect((refused as Response).status).toBe(302);
  });
});

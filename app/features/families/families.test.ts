import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as familyAction, loader as familyLoader } from "../../routes/familia.tsx";
import { loader as childLoader } from "../../routes/familia.$lector.tsx";
import { action as cardAction, loader as cardPageLoader } from "../../routes/familia.$lector.tarjeta.tsx";
import { action as chooserAction, loader as chooserLoader } from "../../routes/quien-lee.tsx";
import { action as entryAction, loader as entryLoader } from "../../routes/entrar.$token.tsx";
import { loader as exportLoader } from "../../routes/tu-perfil.mis-datos.ts";
import { action as deleteAccountAction } from "../../routes/tu-perfil.borrar.ts";
import { action as clanAction } from "../../routes/mi-clan.tsx";
import { rememberFamilyDevice } from "../../access/family-session.server.ts";
import { passAccess } from "../../../tests/support/route-access.ts";
import { postComment } from "../comments/comments.server.ts";
import { APODO_MESSAGES } from "../profiles/apodo.server.ts";
import { familyAgeRule } from "../../pages/family-age.server.ts";

const currentYear = (now = new Date()) => now.getFullYear();
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { INTERNAL_HEADERS } from "../../lib/request.server.ts";
import {
  answerOf,
  cookieFrom,
  routeArgs,
  rowsHolding,
  settle,
  signUpReader,
  statusOf,
  type TestServices,
  withParams,
} from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { DATABASE_KINDS, ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import {
  addChildReader,
  deleteChildReader,
  issueLoginCard,
  listChildReaders,
  readerForCard,
} from "./child-readers.server.ts";
import { PIN_LIMITS, pinLimitKeys } from "./child-pin.server.ts";
import { FAMILY_MESSAGES } from "./family-messages.ts";

let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;
const CHILD_YEAR = String(currentYear() - 10);

async function addChild(
  services: TestServices,
  cookie: string,
  fields: Partial<Record<string, string>> = {},
): Promise<Response | unknown> {
  return settle(async () =>
    familyAction(
      await routeArgs(services, "/familia", {
        method: "POST",
        cookie,
        form: {
          intent: "anadir",
          apodo: "Colibrí Veloz",
          picture: "taquito",
          birthYear: CHILD_YEAR,
          pin: "4821",
          pinAgain: "4821",
          consent: "si",
          ...fields,
        } as Record<string, string>,
      }),
    ),
  );
}

async function sessionUserId(services: TestServices, cookie: string) {
  const session = await services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
  return session?.user.id ?? null;
}

describe.each(ROUTE_TEST_DATABASE_KINDS)("families: /familia, the reader chooser and login cards (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  async function family() {
    const adult = await signUpReader(services, email("madre"));
    // Then the receipt of the consent (issue 39): which child, and whether its e-mail left.
    expect(answerOf(await addChild(services, adult.cookie)).headers.get("Location")).toMatch(
      /^\/familia\?aviso=anadido&recibo=[\w-]+&correo=(enviado|sin-servidor|fallo)$/,
    );
    expect(
      answerOf(await addChild(services, adult.cookie, { apodo: "Jaguar Audaz", picture: "valentina" })).status,
    ).toBe(302);
    const children = await listChildReaders(services.db, adult.userId);
    return { adult, children };
  }

  it("an adult adds two child readers: no e-mail, no password, the consent recorded", async () => {
    const { adult, children } = await family();
    expect(children.map((child) => child.apodo)).toEqual(["Colibrí Veloz", "Jaguar Audaz"]);
    const users = await services.db
      .selectFrom("user")
      .select(["email"])
      .where(
        "id",
        "in",
        children.map((child) => child.id),
      )
      .execute();
    for (const user of users) expect(user.email).toMatch(/@lectores\.invalid$/);
    const accounts = await services.db
      .selectFrom("account" as never)
      .selectAll()
      .where("userId" as never, "in", children.map((child) => child.id) as never)
      .execute();
    expect(accounts).toEqual([]);
    const consent = await services.db
      .selectFrom("child_readers")
      .select(["consent_by_email", "consent_text", "consented_at"])
      .where("guardian_id", "=", adult.userId)
      .execute();
    expect(consent).toHaveLength(2);
    expect(consent[0]!.consent_text).toContain("consiento");
    expect(consent[0]!.consent_by_email).toMatch(/^madre\./);
    const page = answerOf<{ children: unknown[] }>(
      await familyLoader(await routeArgs(services, "/familia", { cookie: adult.cookie })),
    );
    expect(page.body.children).toHaveLength(2);
  });

  it("warns beside the field about an apodo shaped like a full name, and keeps it once confirmed (issue 39)", async () => {
    const adult = await signUpReader(services, `ana.${++serial}.${Date.now()}@example.com`);
    const fullName = "María Fernanda López Hernández";
    const warned = answerOf<{ fieldWarnings: { apodo: string }; formError: string; sent: { apodo: string } }>(
      await addChild(services, adult.cookie, { apodo: fullName }),
    );
    expect(warned.status).toBe(400);
    expect(warned.body.fieldWarnings.apodo).toBe(FAMILY_MESSAGES.apodoLooksLikeName);
    expect(warned.body.formError).toBe(FAMILY_MESSAGES.apodoToConfirm);
    expect(warned.body.sent.apodo).toBe(fullName);
    expect(await listChildReaders(services.db, adult.userId)).toEqual([]);
    // The adult's own address, said as theirs; 'Naranja' holds 'ana' and is fine.
    const mine = answerOf<{ fieldErrors: { apodo: string } }>(await addChild(services, adult.cookie, { apodo: "Ana" }));
    expect(mine.body.fieldErrors.apodo).toBe(APODO_MESSAGES.adultEmail);
    expect(statusOf(await addChild(services, adult.cookie, { apodo: "Mariposa Naranja" }))).toBe(302);
    expect(statusOf(await addChild(services, adult.cookie, { apodo: fullName, confirmarApodo: "si" }))).toBe(302);
    expect((await listChildReaders(services.db, adult.userId)).map((child) => child.apodo)).toEqual([
      "Mariposa Naranja",
      fullName,
    ]);
  });

  it("refuses bad input beside its field with a 400 and writes nothing", async () => {
    const adult = await signUpReader(services, email("padre"));
    const cases: [Record<string, string>, string, string][] = [
      [{ apodo: "" }, "apodo", "Tu apodo debe tener entre 3 y 30 caracteres."],
      [{ apodo: "llámame al 5512345678" }, "apodo", "Ese apodo no se puede usar"],
      [{ apodo: "Xolo <b>" }, "apodo", "Usa solo letras, números y espacios."],
      [{ apodo: "Mierda Total" }, "apodo", "Ese apodo no se puede usar"],
      [{ picture: "dragon" }, "picture", FAMILY_MESSAGES.pictureRequired],
      [{ birthYear: String(currentYear() - 30) }, "birthYear", FAMILY_MESSAGES.birthYearRequired],
      [{ pin: "12a4", pinAgain: "12a4" }, "pin", FAMILY_MESSAGES.pinInvalid],
      [{ pinAgain: "9999" }, "pinAgain", FAMILY_MESSAGES.pinsDiffer],
      [{ consent: "" }, "consent", FAMILY_MESSAGES.consentRequired],
    ];
    for (const [fields, field, message] of cases) {
      const answer = answerOf<{ fieldErrors: Record<string, string> }>(await addChild(services, adult.cookie, fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.fieldErrors[field]).toContain(message);
    }
    expect(await listChildReaders(services.db, adult.userId)).toEqual([]);
  });

  it("refuses an adult under 14, and a child reader, from adding children", async () => {
    const young = await signUpReader(services, email("nina"), "cempasuchil-2025", {
      birthYear: currentYear() - 12,
      guardianEmail: email("tutor"),
    });
    const answer = answerOf<{ formError: string }>(await addChild(services, young.cookie));
    expect(answer.status).toBe(403);
    expect(answer.body.formError).toBe(FAMILY_MESSAGES.adultUnder14);
    expect(await listChildReaders(services.db, young.userId)).toEqual([]);

    const { children } = await family();
    const childCookie = await pinSignIn(children[0]!.id, "4821");
    expect(statusOf(await addChild(services, childCookie))).toBe(403);
  });

  /** The cookie of a device that belongs to this adult's family (set when they open /familia). */
  async function deviceCookieOf(guardianId: string) {
    const { context } = (await routeArgs(services, "/")) as unknown as { context: never };
    return rememberFamilyDevice(context, guardianId);
  }

  /** Signs a child in on the chooser of their family's device; returns the session cookie. */
  async function pinSignIn(childId: string, pin: string, ip = "203.0.113.7") {
    const [guardian] = await services.db
      .selectFrom("child_readers")
      .select("guardian_id")
      .where("user_id", "=", childId)
      .execute();
    const { adult } = { adult: guardian!.guardian_id };
    // The device remembers the family once the adult opened /familia on it.
    const deviceCookie = await deviceCookieOf(adult);
    const answer = await settle(async () =>
      chooserAction(
        await routeArgs(services, "/quien-lee", {
          method: "POST",
          cookie: deviceCookie.split(";")[0],
          headers: { [INTERNAL_HEADERS.clientIp]: ip },
          form: { intent: "pin", lector: childId, pin },
        }),
      ),
    );
    if (!(answer instanceof Response)) return "";
    return cookieFrom(answer.headers);
  }

  it("a child signs in with picture and PIN; a wrong PIN is a Spanish 401; tries are limited per child, not per family", async () => {
    const { children } = await family();
    const [first, second] = children;
    // Wrong PIN.
    const deviceCookie = (await deviceCookieOf(first!.guardianId)).split(";")[0]!;
    const wrong = answerOf<{ fieldErrors: { pin: string } }>(
      await settle(async () =>
        chooserAction(
          await routeArgs(services, "/quien-lee", {
            method: "POST",
            cookie: deviceCookie,
            form: { intent: "pin", lector: first!.id, pin: "0000" },
          }),
        ),
      ),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.fieldErrors.pin).toBe(`${FAMILY_MESSAGES.wrongPin} Te quedan 4 intentos.`);
    // The chooser shows the family's pictures.
    const chooser = answerOf<{ readers: { label: string }[] }>(
      await chooserLoader(await routeArgs(services, "/quien-lee", { cookie: deviceCookie })),
    );
    expect(chooser.body.readers.map((reader) => reader.label)).toEqual(["Colibrí Veloz", "Jaguar Audaz"]);
    // Right PIN: a better-auth session of the child.
    const cookie = await pinSignIn(first!.id, "4821");
    expect(await sessionUserId(services, cookie)).toBe(first!.id);
    // Guessing: after the per-child limit even the right PIN waits (429)...
    for (let i = 0; i < PIN_LIMITS.perChild.max + 1; i++) await pinSignIn(first!.id, "1111");
    expect(await pinSignIn(first!.id, "4821")).toBe("");
    // ...while the sibling, from the same address, still gets in.
    expect(await sessionUserId(services, await pinSignIn(second!.id, "4821"))).toBe(second!.id);
  });

  it("the adult enters as a child with one tap: the child's session replaces the adult's", async () => {
    const { adult, children } = await family();
    const answer = await settle(async () =>
      familyAction(
        await routeArgs(services, "/familia", {
          method: "POST",
          cookie: adult.cookie,
          form: { intent: "entrar", childId: children[1]!.id },
        }),
      ),
    );
    expect(await sessionUserId(services, cookieFrom((answer as Response).headers))).toBe(children[1]!.id);
    // The adult's session on this device ended: getting back takes the adult's password.
    expect(await sessionUserId(services, adult.cookie)).toBeNull();
  });

  it("wrong PINs are limited per address too: past it, that address waits while another gets in", async () => {
    const { children } = await family();
    const child = children[0]!;
    const { perAddress } = PIN_LIMITS;
    const busy = "198.51.100.9";
    for (let i = 0; i <= perAddress.max * services.env.RATE_LIMIT_MULTIPLIER; i++)
      await hitRateLimit(services.db, pinLimitKeys(child.id, busy).perAddress, perAddress);
    expect(await pinSignIn(child.id, "4821", busy)).toBe("");
    expect(await sessionUserId(services, await pinSignIn(child.id, "4821", "198.51.100.10"))).toBe(child.id);
  });

  it("the chooser trusts only the device cookie it signed: a forged one shows no family", async () => {
    const { children } = await family();
    const forged = `familia-dispositivo=${encodeURIComponent(btoa(JSON.stringify(children[0]!.guardianId)))}`;
    const chooser = answerOf<{ readers: unknown[] }>(
      await chooserLoader(await routeArgs(services, "/quien-lee", { cookie: forged })),
    );
    expect(chooser.body.readers).toEqual([]);
  });

  it("a login card signs its child in; a new card makes the old one fail at once", async () => {
    const { adult, children } = await family();
    const child = children[0]!;
    const issue = async () =>
      answerOf<{ card: { url: string } }>(
        await cardAction(
          withParams(
            await routeArgs(services, `/familia/${child.id}/tarjeta`, { method: "POST", cookie: adult.cookie }),
            {
              lector: child.id,
            },
          ),
        ),
      ).body.card.url;
    const firstUrl = await issue();
    const firstToken = firstUrl.split("/entrar/")[1]!;
    expect(firstToken.length).toBe(24);
    const entry = answerOf<{ apodo: string }>(
      await entryLoader(withParams(await routeArgs(services, `/entrar/${firstToken}`), { token: firstToken })),
    );
    expect(entry.body.apodo).toBe(child.apodo);
    const signedIn = await settle(async () =>
      entryAction(
        withParams(await routeArgs(services, `/entrar/${firstToken}`, { method: "POST" }), { token: firstToken }),
      ),
    );
    expect(await sessionUserId(services, cookieFrom((signedIn as Response).headers))).toBe(child.id);

    const secondToken = (await issue()).split("/entrar/")[1]!;
    const old = await settle(async () =>
      entryLoader(withParams(await routeArgs(services, `/entrar/${firstToken}`), { token: firstToken })),
    );
    // Recognised as old (decision 063): the child is told to ask their family for the new one.
    expect(statusOf(old)).toBe(410);
    expect(answerOf(old).body).toBe(FAMILY_MESSAGES.cardOldFamily);
    expect((await readerForCard(services.db, secondToken))?.id).toBe(child.id);
    // Only the hash is kept.
    expect(await rowsHolding(services.db, secondToken)).toEqual([]);
  });

  it("an adult reaches only their own children, on every family route and action", async () => {
    const { children } = await family();
    const stranger = await signUpReader(services, email("vecino"));
    const child = children[0]!;
    for (const intent of ["pin", "entrar", "borrar"]) {
      const answer = await settle(async () =>
        familyAction(
          await routeArgs(services, "/familia", {
            method: "POST",
            cookie: stranger.cookie,
            form: { intent, childId: child.id, pin: "1234", pinAgain: "1234", confirmar: "borrar" },
          }),
        ),
      );
      expect(statusOf(answer), intent).toBe(404);
    }
    expect(
      statusOf(
        await settle(async () =>
          childLoader(
            withParams(await routeArgs(services, `/familia/${child.id}`, { cookie: stranger.cookie }), {
              lector: child.id,
            }),
          ),
        ),
      ),
    ).toBe(404);
    for (const run of [cardPageLoader, cardAction] as const) {
      const answer = await settle(async () =>
        run(
          withParams(
            await routeArgs(services, `/familia/${child.id}/tarjeta`, {
              method: run === cardAction ? "POST" : "GET",
              cookie: stranger.cookie,
            }),
            { lector: child.id },
          ) as never,
        ),
      );
      expect(statusOf(answer)).toBe(404);
    }
    // A stranger's device cannot choose another family's child either.
    const chosen = await settle(async () =>
      chooserAction(
        await routeArgs(services, "/quien-lee", {
          method: "POST",
          cookie: stranger.cookie,
          form: { intent: "pin", lector: child.id, pin: "4821" },
        }),
      ),
    );
    expect(statusOf(chosen)).toBe(400);
    expect(await listChildReaders(services.db, child.guardianId)).toHaveLength(2);
    // A visitor is sent to sign in.
    const visitor = await settle(async () => familyLoader(await routeArgs(services, "/familia")));
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("a child reader cannot reach /familia, the account pages or better-auth's account endpoints", async () => {
    const { children } = await family();
    const cookie = await pinSignIn(children[0]!.id, "4821");
    expect(statusOf(await settle(async () => familyLoader(await routeArgs(services, "/familia", { cookie }))))).toBe(
      403,
    );
    for (const path of [
      "/familia",
      // A sibling's passport and card: not for a child either.
      `/familia/${children[1]!.id}`,
      `/familia/${children[1]!.id}/tarjeta`,
      "/tu-perfil",
      "/tu-perfil/mis-datos",
      "/api/auth/update-user",
      "/api/auth/change-email",
    ]) {
      const args = await routeArgs(services, path, { cookie });
      const answer = await settle(() => passAccess(args));
      expect(statusOf(answer), path).toBe(403);
    }
    // Its own session and sign-out stay open.
    const open = await routeArgs(services, "/api/auth/get-session", { cookie });
    expect(await settle(() => passAccess(open))).toBe("passed");
  });

  it("a child chooses their own clan at /mi-clan; a bad value is a 400 and changes nothing", async () => {
    const { children } = await family();
    const cookie = await pinSignIn(children[0]!.id, "4821");
    const clanOf = async (id: string) =>
      (await services.db.selectFrom("profiles").select("clan").where("user_id", "=", id).executeTakeFirstOrThrow())
        .clan;
    const save = async (clan: string) =>
      settle(async () => clanAction(await routeArgs(services, "/mi-clan", { method: "POST", cookie, form: { clan } })));
    expect(statusOf(await save("9"))).toBe(400);
    expect(await clanOf(children[0]!.id)).toBe(0);
    expect(((await save("2")) as Response).headers.get("Location")).toBe("/pasaporte");
    expect(await clanOf(children[0]!.id)).toBe(2);
    // Only the session's own: the sibling keeps theirs.
    expect(await clanOf(children[1]!.id)).toBe(0);
    const visitor = await settle(async () =>
      clanAction(await routeArgs(services, "/mi-clan", { method: "POST", form: { clan: "1" } })),
    );
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("a child's comment is held; the adult sees it 'En revisión' on the child's page", async () => {
    const { adult, children } = await family();
    const child = children[0]!;
    const posted = await postComment(services.db, services.live.publish, {
      userId: child.id,
      sectionId: "salida-a-tzintzuntzan",
      text: "¡Me encantó Taquito!",
      moderation: "risky",
    });
    expect(posted).toMatchObject({ ok: true, held: true });
    const page = answerOf<{ comments: { text: string; status: string }[] }>(
      await childLoader(
        withParams(await routeArgs(services, `/familia/${child.id}`, { cookie: adult.cookie }), { lector: child.id }),
      ),
    );
    expect(page.body.comments).toEqual([
      expect.objectContaining({ text: "¡Me encantó Taquito!", status: "En revisión" }),
    ]);
  });

  it("'Descargar mis datos' lists the adult's children and what they did", async () => {
    const { adult, children } = await family();
    await postComment(services.db, services.live.publish, {
      userId: children[1]!.id,
      sectionId: "salida-a-tzintzuntzan",
      text: "Hola desde la familia",
      moderation: "risky",
    });
    const response = (await exportLoader(
      await routeArgs(services, "/tu-perfil/mis-datos", { cookie: adult.cookie }),
    )) as Response;
    const exported = (await response.json()) as { lectoresDeTuFamilia: { tablas: Record<string, unknown[]> }[] };
    expect(exported.lectoresDeTuFamilia).toHaveLength(2);
    expect(JSON.stringify(exported.lectoresDeTuFamilia)).toContain("Hola desde la familia");
    expect(JSON.stringify(exported)).not.toContain("pin_hash");
  });

  it("deleting the adult's account deletes their children too", async () => {
    const { adult, children } = await family();
    const answer = await settle(async () =>
      deleteAccountAction(
        await routeArgs(services, "/tu-perfil/borrar", {
          method: "POST",
          cookie: adult.cookie,
          form: { confirmar: "borrar" },
        }),
      ),
    );
    expect(statusOf(answer)).toBe(302);
    for (const child of children) expect(await rowsHolding(services.db, child.id)).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("deleting a child reader leaves no row (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("deletes the child's unlocks, comments, sessions and card; the sibling stays", async () => {
    const adult = await signUpReader(services, email("abuela"));
    const guardian = { id: adult.userId, email: "abuela@example.com" };
    const fields = { picture: "taquito", birthYear: CHILD_YEAR, pin: "2580", pinAgain: "2580", consent: "si" };
    const first = await addChildReader(services.db, { guardian, apodo: "Xolo Feliz", ...fields }, familyAgeRule);
    const second = await addChildReader(services.db, { guardian, apodo: "Puma Leal", ...fields }, familyAgeRule);
    if (!first.ok || !second.ok) throw new Error("not added");
    const childId = first.childId;
    await issueLoginCard(services.db, adult.userId, childId);
    await services.auth.api.startReaderSession({ body: { userId: childId }, headers: new Headers() });
    await sql`insert into unlocked_chapters (user_id, chapter_id) select ${childId}, id from chapters limit 2`.execute(
      services.db,
    );
    await postComment(services.db, services.live.publish, {
      userId: childId,
      sectionId: "salida-a-tzintzuntzan",
      text: "un comentario",
      moderation: "risky",
    });
    expect((await rowsHolding(services.db, childId)).length).toBeGreaterThan(4);
    // Another adult cannot delete it.
    expect(await deleteChildReader(services.db, "someone-else", childId)).toBeNull();
    expect(await deleteChildReader(services.db, adult.userId, childId)).toEqual({
      commentSections: ["salida-a-tzintzuntzan"],
    });
    expect(await rowsHolding(services.db, childId)).toEqual([]);
    expect((await listChildReaders(services.db, adult.userId)).map((child) => child.id)).toEqual([second.childId]);
  });
});

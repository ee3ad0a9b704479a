import { beforeAll, describe, expect, it } from "vitest";
import { action as sendEmail, loader as sendEmailGet } from "../../routes/api.send-email[.]php.ts";
import { CONTACT_RATE_LIMIT } from "./contact.server.ts";
import { action as messagesAction, loader as messagesLoader } from "../../routes/adminpanel.mensajes.tsx";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { routeArgs, settle, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { CONTACT_MESSAGES } from "./contact-messages.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function multipart(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const VALID = { name: "Valeria Núñez", email: "valeria@example.com", comment: "Me encantó el capítulo de Camazotz." };

describe.each(ROUTE_TEST_DATABASE_KINDS)("POST /api/send-email.php on %s", (kind) => {
  const services = useTestServices(kind);
  const post = async (body: BodyInit, options: { ip?: string; accept?: string } = {}) => {
    const headers: Record<string, string> = { "x-client-ip": options.ip ?? freshIp() };
    if (options.accept) headers.Accept = options.accept;
    const response = (await sendEmail(
      await routeArgs(services, "/api/send-email.php", { method: "POST", body, headers }),
    )) as Response;
    return {
      status: response.status,
      type: response.headers.get("Content-Type") ?? "",
      body: await response.text(),
      headers: response.headers,
    };
  };
  const storedCount = async () =>
    Number(
      (
        await services.db
          .selectFrom("contact_messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores a valid message and only then answers 200 with the body exactly `success`", async () => {
    const answer = await post(multipart({ ...VALID, comment: "  Línea uno\r\nLínea dos  " }));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("success");
    const row = await services.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("email", "=", VALID.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: VALID.name,
      comment: "Línea uno\nLínea dos",
      is_spam: false,
      delivered_at: null,
      handled_at: null,
    });
  });

  it("accepts a urlencoded post as well", async () => {
    const answer = await post(new URLSearchParams({ ...VALID, email: "urlencoded@example.com" }));
    expect(answer).toMatchObject({ status: 200, body: "success" });
  });

  it("refuses a missing or malformed field with 400 and a Spanish message, storing nothing", async () => {
    const before = await storedCount();
    const cases: Record<string, string>[] = [
      { email: VALID.email, comment: VALID.comment },
      { name: "  ", email: VALID.email, comment: VALID.comment },
      { name: VALID.name, comment: VALID.comment },
      { name: VALID.name, email: "no-es-un-correo", comment: VALID.comment },
      { name: VALID.name, email: "ana@", comment: VALID.comment },
      { name: VALID.name, email: VALID.email },
      { name: VALID.name, email: VALID.email, comment: "\n  \n" },
    ];
    for (const fields of cases) {
      const answer = await post(multipart(fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toBe(CONTACT_MESSAGES.invalidRequest);
      expect(answer.body).not.toContain("success");
    }
    expect(await storedCount()).toBe(before);
  });

  it("caps every field's length", async () => {
    const before = await storedCount();
    for (const fields of [
      { ...VALID, name: "n".repeat(101) },
      { ...VALID, email: `${"a".repeat(250)}@example.com` },
      { ...VALID, comment: "c".repeat(5001) },
    ]) {
      expect((await post(multipart(fields))).status).toBe(400);
    }
    expect((await post(multipart({ ...VALID, email: "largo@example.com", comment: "c".repeat(5000) }))).status).toBe(
      200,
    );
    expect(await storedCount()).toBe(before + 1);
  });

  it("tells the site's own form which field is wrong, in Spanish", async () => {
    const answer = await post(multipart({ name: "", email: "mal", comment: "x".repeat(5001) }), {
      accept: "application/json, text/plain",
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      message: CONTACT_MESSAGES.invalidRequest,
      fieldErrors: {
        name: CONTACT_MESSAGES.nameRequired,
        email: CONTACT_MESSAGES.emailInvalid,
        comment: CONTACT_MESSAGES.commentTooLong,
      },
    });
  });

  it("refuses a body that is not a form, and a file in place of a field", async () => {
    const before = await storedCount();
    expect((await post(JSON.stringify(VALID))).status).toBe(400);
    expect((await post(multipart({ ...VALID, comment: new Blob(["texto"], { type: "text/plain" }) }))).status).toBe(
      400,
    );
    expect(await storedCount()).toBe(before);
  });

  it("answers `success` to a filled trap but stores the message as spam", async () => {
    const answer = await post(multipart({ ...VALID, email: "robot@example.com", website: "http://spam.example" }));
    expect(answer).toMatchObject({ status: 200, body: "success" });
    const row = await services.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("email", "=", "robot@example.com")
      .executeTakeFirstOrThrow();
    expect(row.is_spam).toBe(true);
    // An empty trap is no trap.
    await post(multipart({ ...VALID, email: "persona@example.com", website: "" }));
    const person = await services.db
      .selectFrom("contact_messages")
      .select("is_spam")
      .where("email", "=", "persona@example.com")
      .executeTakeFirstOrThrow();
    expect(person.is_spam).toBe(false);
  });

  it(`limits each client address to ${CONTACT_RATE_LIMIT.max} posts per window with a 429 in Spanish`, async () => {
    const ip = "10.200.0.1";
    const before = await storedCount();
    for (let attempt = 0; attempt < CONTACT_RATE_LIMIT.max; attempt++) {
      expect((await post(multipart({ ...VALID, email: `limite${attempt}@example.com` }), { ip })).status).toBe(200);
    }
    const refused = await post(multipart({ ...VALID, email: "limite-extra@example.com" }), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toBe(CONTACT_MESSAGES.rateLimited);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before + CONTACT_RATE_LIMIT.max);
    // Another address is not affected.
    expect((await post(multipart({ ...VALID, email: "otra-ip@example.com" }), { ip: "10.200.0.2" })).status).toBe(200);
  });

  it("answers GET with 405", async () => {
    const response = sendEmailGet();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  describe("admin page /adminpanel/mensajes", () => {
    let admin: { cookie: string };
    let reader: { cookie: string };
    beforeAll(async () => {
      admin = await signUpReader(services, "jefa.mensajes@example.com");
      await grantAdminByEmail(services.db, "jefa.mensajes@example.com", async () => {});
      reader = await signUpReader(services, "lector.mensajes@example.com");
    });

    it("lists messages newest first with their delivery state, spam apart", async () => {
      await post(multipart({ ...VALID, email: "ultimo@example.com", comment: "El más nuevo" }));
      const page = (await messagesLoader(
        await routeArgs(services, "/adminpanel/mensajes", { cookie: admin.cookie }),
      )) as Awaited<ReturnType<typeof messagesLoader>>;
      expect(page.messages[0]).toMatchObject({
        email: "ultimo@example.com",
        state: "pending",
        attempts: 0,
        handledAt: null,
      });
      const times = page.messages.map((message) => message.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(page.messages.some((message) => message.email === "robot@example.com")).toBe(false);
      expect(page.spamTotal).toBe(1);

      const spam = (await messagesLoader(
        await routeArgs(services, "/adminpanel/mensajes?spam=1", { cookie: admin.cookie }),
      )) as Awaited<ReturnType<typeof messagesLoader>>;
      expect(spam.messages.map((message) => [message.email, message.state])).toEqual([["robot@example.com", "spam"]]);
    });

    it("marks a message as handled and back", async () => {
      const { id } = await services.db
        .selectFrom("contact_messages")
        .select("id")
        .where("email", "=", "ultimo@example.com")
        .executeTakeFirstOrThrow();
      const handled = await messagesAction(
        await routeArgs(services, "/adminpanel/mensajes", {
          method: "POST",
          cookie: admin.cookie,
          form: { id, intent: "handle" },
        }),
      );
      expect(handled).toMatchObject({ ok: true });
      const row = await services.db
        .selectFrom("contact_messages")
        .select("handled_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.handled_at).toBeInstanceOf(Date);
      await messagesAction(
        await routeArgs(services, "/adminpanel/mensajes", {
          method: "POST",
          cookie: admin.cookie,
          form: { id, intent: "reopen" },
        }),
      );
      expect(
        (
          await services.db
            .selectFrom("contact_messages")
            .select("handled_at")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).handled_at,
      ).toBeNull();

      const unknown = await messagesAction(
        await routeArgs(services, "/adminpanel/mensajes", {
          method: "POST",
          cookie: admin.cookie,
          form: { id: "no-existe", intent: "handle" },
        }),
      );
      expect(statusOf(unknown)).toBe(404);
      const bad = await messagesAction(
        await routeArgs(services, "/adminpanel/mensajes", {
          method: "POST",
          cookie: admin.cookie,
          form: { id, intent: "borrar" },
        }),
      );
      expect(statusOf(bad)).toBe(400);
    });

    it("sends a visitor to /login and refuses a reader with 403, for the page and its action", async () => {
      const visitorPage = (await settle(async () =>
        messagesLoader(await routeArgs(services, "/adminpanel/mensajes")),
      )) as Response;
      expect(visitorPage.status).toBe(302);
      expect(visitorPage.headers.get("Location")).toBe("/login?redirectTo=%2Fadminpanel%2Fmensajes");

      const readerPage = await settle(async () =>
        messagesLoader(await routeArgs(services, "/adminpanel/mensajes", { cookie: reader.cookie })),
      );
      expect(statusOf(readerPage)).toBe(403);

      const { id } = await services.db
        .selectFrom("contact_messages")
        .select("id")
        .where("email", "=", "ultimo@example.com")
        .executeTakeFirstOrThrow();
      const readerAction = await settle(async () =>
        messagesAction(
          await routeArgs(services, "/adminpanel/mensajes", {
            method: "POST",
            cookie: reader.cookie,
            form: { id, intent: "handle" },
          }),
        ),
      );
      expect(statusOf(readerAction)).toBe(403);
      const visitorAction = (await settle(async () =>
        messagesAction(
          await routeArgs(services, "/adminpanel/mensajes", { method: "POST", form: { id, intent: "handle" } }),
        ),
      )) as Response;
      expect(visitorAction.status).toBe(302);
      expect(
        (
          await services.db
            .selectFrom("contact_messages")
            .select("handled_at")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).handled_at,
      ).toBeNull();
    });
  });
});

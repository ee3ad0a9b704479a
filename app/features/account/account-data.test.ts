import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as deleteAction } from "../../routes/tu-perfil.borrar.ts";
import { loader as exportLoader } from "../../routes/tu-perfil.mis-datos.ts";
import { loader as summaryLoader } from "../../routes/tu-perfil.mis-datos.resumen.tsx";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { REPORT_REASONS } from "../comments/moderation-labels.ts";
import { postComment, reportComment } from "../comments/comments.server.ts";
import { recordSignInFailure } from "../../lib/sign-in-lockout.server.ts";

import { mayRecordPosition, recordReadingPosition, saveReadingSettings } from "../reading/reading-comfort.server.ts";
import type { Db } from "../../lib/db.server.ts";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { ACCOUNT_MESSAGES } from "./account-messages.ts";
import type { AccountExport } from "./account-data.server.ts";
import type { AccountSummary, Fact } from "./account-summary.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

/**
 * Every row, in every table of the schema, in which any column's text holds `needle`: read
 * from the catalog, so tables added later are searched too.
 */
async function rowsHolding(db: Db, needles: string[]): Promise<{ table: string; column: string; count: number }[]> {
  const { rows: columns } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() order by 1, 2`.execute(db);
  expect(columns.length).toBeGreaterThan(20);
  const found: { table: string; column: string; count: number }[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from ${sql.table(table)}
        where position(${needle.toLowerCase()} in lower(${sql.ref(column)}::text)) > 0`.execute(db);
      if (rows[0]!.count > 0) found.push({ table, column, count: rows[0]!.count });
    }
  }
  return found;
}

const noPublish = async () => {};

describe.each(DATABASE_KINDS)("deleting an account and downloading its data on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });

  /** A reader who has used every part of the site that keeps something about them. */
  async function busyReader(email: string, commentToReport?: string) {
    const { db, auth } = services;
    const reader = await signUpReader(services, email);
    // Signed in a second time from elsewhere: two sessions.
    await auth.api.signInEmail({
      body: { email, password: "cempasuchil-2025" },
      headers: new Headers({ "x-client-ip": "198.51.100.7" }),
    });
    await db
      .updateTable("profiles")
      .set({ display_name: "Lectora Ocupada", age: 11, clan: 2 })
      .where("user_id", "=", reader.userId)
      .execute();
    const chapter = await db
      .selectFrom("chapters")
      .select(["id", "slug"])
      .orderBy("sort_order")
      .executeTakeFirstOrThrow();
    const character = await db.selectFrom("characters").select("id").executeTakeFirstOrThrow();
    await db.insertInto("unlocked_chapters").values({ user_id: reader.userId, chapter_id: chapter.id }).execute();
    await db.insertInto("unlocked_characters").values({ user_id: reader.userId, character_id: character.id }).execute();
    // 'Aa' settings and a place in a chapter (issue 44, decision 076), with its rate counter.
    await saveReadingSettings(db, reader.userId, {
      size: "grande",
      spacing: "amplio",
      lines: "normal",
      theme: "sepia",
    });
    expect(await mayRecordPosition(db, reader.userId)).toBe(true);
    expect(await recordReadingPosition(db, reader.userId, { chapterId: chapter.id, paragraph: 3 })).toBe(true);
    const posted = await postComment(db, noPublish, {
      userId: reader.userId,
      sectionId: chapter.slug,
      text: `Me encantó ${email}`,
      moderation: "off",
    });
    expect(posted.ok).toBe(true);
    // A report on another reader's comment (kept with the reporter's id).
    if (commentToReport) {
      const reported = await reportComment(db, noPublish, {
        userId: reader.userId,
        commentId: commentToReport,
        reason: REPORT_REASONS[0],
      });
      expect(reported.ok).toBe(true);
    }
    await db
      .insertInto("contact_messages")
      .values({ name: "Lectora", email: email.toUpperCase(), comment: "¿Cuándo sale el segundo libro?" })
      .execute();
    await recordSignInFailure(db, email);
    // A reset link asked for (a token in better-auth's table, a counter per e-mail address).
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: "http://localhost:3999/recuperar-contrasena/nueva" },
    });
    return reader;
  }

  it("leaves no row of the reader in any table, keeps everyone else's, and signs the reader out", async () => {
    const email = "ocupada.borrar@example.com";
    const other = await busyReader("otra.lectora@example.com");
    const othersComment = await services.db
      .selectFrom("comments")
      .select("id")
      .where("user_id", "=", other.userId)
      .executeTakeFirstOrThrow();
    const reader = await busyReader(email, othersComment.id);
    const before = await rowsHolding(services.db, [reader.userId, email]);
    // The search does find the reader's rows while they exist (profile, comments, sessions…).
    expect(before.map((hit) => hit.table)).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "account",
        "profiles",
        "comments",
        "comment_reports",
        "unlocked_chapters",
        "unlocked_characters",
        "reading_settings",
        "reading_positions",
        "contact_messages",
        "sign_in_failures",
        "rate_limits",
        "verification",
      ]),
    );

    const response = (await settle(async () =>
      deleteAction(
        await routeArgs(services, "/tu-perfil/borrar", {
          method: "POST",
          cookie: reader.cookie,
          form: { confirmar: "borrar" },
        }),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cuenta-borrada");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=;/);

    expect(await rowsHolding(services.db, [reader.userId, email])).toEqual([]);
    // The other reader lost nothing.
    const others = await rowsHolding(services.db, [other.userId, "otra.lectora@example.com"]);
    expect(others.map((hit) => hit.table)).toEqual(
      expect.arrayContaining(["user", "comments", "profiles", "contact_messages"]),
    );
    // The old cookie opens nothing.
    expect(await services.auth.api.getSession({ headers: new Headers({ Cookie: reader.cookie }) })).toBeNull();
  });

  it("asks for the confirmation, and deletes only the session's own account", async () => {
    const reader = await signUpReader(services, "sin.confirmar@example.com");
    const refused = await settle(async () =>
      deleteAction(await routeArgs(services, "/tu-perfil/borrar", { method: "POST", cookie: reader.cookie, form: {} })),
    );
    expect(statusOf(refused)).toBe(400);
    expect(await services.db.selectFrom("user").select("id").where("id", "=", reader.userId).execute()).toHaveLength(1);
    // A visitor is sent to sign in; nothing is deleted.
    const visitor = await settle(async () =>
      deleteAction(await routeArgs(services, "/tu-perfil/borrar", { method: "POST", form: { confirmar: "borrar" } })),
    );
    expect(statusOf(visitor)).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses the last admin in Spanish until another admin exists", async () => {
    const { db, live } = services;
    await db.deleteFrom("admins").execute();
    const admin = await signUpReader(services, "unica.admin@example.com");
    await grantAdminByEmail(db, "unica.admin@example.com", live.publish);
    const refused = (await settle(async () =>
      deleteAction(
        await routeArgs(services, "/tu-perfil/borrar", {
          method: "POST",
          cookie: admin.cookie,
          form: { confirmar: "borrar" },
        }),
      ),
    )) as { data: { error: string } };
    expect(statusOf(refused)).toBe(409);
    expect(answerOf<{ error: string }>(refused).body.error).toBe(ACCOUNT_MESSAGES.lastAdmin);
    expect(await db.selectFrom("admins").select("user_id").execute()).toHaveLength(1);

    await signUpReader(services, "segunda.admin@example.com");
    await grantAdminByEmail(db, "segunda.admin@example.com", live.publish);
    const deleted = await settle(async () =>
      deleteAction(
        await routeArgs(services, "/tu-perfil/borrar", {
          method: "POST",
          cookie: admin.cookie,
          form: { confirmar: "borrar" },
        }),
      ),
    );
    expect(statusOf(deleted)).toBe(302);
    expect(await db.selectFrom("admins").select("email").execute()).toEqual([{ email: "segunda.admin@example.com" }]);
    expect(await rowsHolding(db, [admin.userId, "unica.admin@example.com"])).toEqual([]);
  });

  it("downloads everything kept about the reader as a JSON file, and nothing of anyone else or any secret", async () => {
    const email = "descarga@example.com";
    const reader = await busyReader(email);
    await busyReader("vecina@example.com");
    const response = (await exportLoader(
      await routeArgs(services, "/tu-perfil/mis-datos", { cookie: reader.cookie }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[^"]+\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const exported = JSON.parse(text) as AccountExport;
    expect(exported.cuenta).toMatchObject({ id: reader.userId, email });
    expect(exported.tablas.profiles).toEqual([
      expect.objectContaining({ display_name: "Lectora Ocupada", age: 11, clan: 2 }),
    ]);
    expect(exported.tablas.comments).toEqual([expect.objectContaining({ text: `Me encantó ${email}` })]);
    expect(exported.tablas.unlocked_chapters).toHaveLength(1);
    expect(exported.tablas.unlocked_characters).toHaveLength(1);
    expect(exported.tablas.reading_settings).toEqual([
      expect.objectContaining({ settings: "grande.amplio.normal.sepia" }),
    ]);
    expect(exported.tablas.reading_positions).toEqual([expect.objectContaining({ paragraph: 3 })]);
    expect(exported.tablas.session).toHaveLength(2);
    expect(exported.tablas.account).toEqual([expect.objectContaining({ providerId: "credential" })]);
    expect(exported.porCorreo.mensajesDeContacto).toHaveLength(1);
    expect(exported.porCorreo.intentosFallidosDeIngreso).toHaveLength(1);
    // Own data only, and no credential.
    expect(text).not.toContain("vecina@example.com");
    const sessionTokens = await services.db
      .selectFrom("session")
      .select("token")
      .where("userId", "=", reader.userId)
      .execute();
    for (const { token } of sessionTokens) expect(text).not.toContain(token);
    const hash = await sql<{
      password: string;
    }>`select password from account where "userId" = ${reader.userId}`.execute(services.db);
    expect(text).not.toContain(hash.rows[0]!.password);
    for (const rows of Object.values(exported.tablas))
      for (const row of rows)
        for (const secret of ["password", "token", "accessToken", "refreshToken", "idToken"])
          expect(row).not.toHaveProperty(secret);

    const visitor = await settle(async () => exportLoader(await routeArgs(services, "/tu-perfil/mis-datos")));
    expect(statusOf(visitor)).toBe(302);
  });
  it("covers a table added later by any feature, found in the catalog: in the download, and gone with the account", async () => {
    await sql`create table later_feature_notes (
      id serial primary key,
      reader text not null references "user" (id) on delete cascade,
      note text not null)`.execute(services.db);
    const reader = await signUpReader(services, "tabla.nueva@example.com");
    await sql`insert into later_feature_notes (reader, note) values (${reader.userId}, 'nota de prueba')`.execute(
      services.db,
    );
    const response = (await exportLoader(
      await routeArgs(services, "/tu-perfil/mis-datos", { cookie: reader.cookie }),
    )) as Response;
    const exported = (await response.json()) as AccountExport;
    expect(exported.tablas.later_feature_notes).toEqual([expect.objectContaining({ note: "nota de prueba" })]);
    await deleteAction(
      await routeArgs(services, "/tu-perfil/borrar", {
        method: "POST",
        cookie: reader.cookie,
        form: { confirmar: "borrar" },
      }),
    );
    expect(await rowsHolding(services.db, [reader.userId, "tabla.nueva@example.com"])).toEqual([]);
  });

  it("summarises the reader's own data in Spanish words: names, clan, titles, local dates, states", async () => {
    const email = "resumen@example.com";
    const reader = await busyReader(email);
    await busyReader("vecina.resumen@example.com");
    const { summary } = (await summaryLoader(
      await routeArgs(services, "/tu-perfil/mis-datos/resumen", { cookie: reader.cookie }),
    )) as { summary: AccountSummary };
    const fact = (facts: Fact[], label: string) => facts.find((entry) => entry.label === label)?.value;
    const localDate = /^\d{1,2} de [a-z]+ de \d{4},? (a las )?\d{2}:\d{2}$/;

    expect(summary.generatedAt).toMatch(localDate);
    expect(fact(summary.account, "Correo electrónico")).toBe(email);
    expect(fact(summary.account, "Cuenta creada el")).toMatch(localDate);
    expect(fact(summary.account, "Entras con")).toBe("correo y contraseña");
    // Active days are no longer kept per account (decision 069): nothing to list.
    expect(summary.account.map((entry) => entry.label).join(" ")).not.toMatch(/actividad/i);
    expect(fact(summary.profile, "Nombre para mostrar")).toBe("Lectora Ocupada");
    expect(fact(summary.profile, "Edad")).toBe("11");
    // The clan by its name, not its number (2).
    expect(fact(summary.profile, "Clan")).toBe("Mictlán");
    const firstChapter = await services.db
      .selectFrom("chapters")
      .select(["number", "title"])
      .orderBy("sort_order")
      .executeTakeFirstOrThrow();
    const chapterName = `Capítulo ${firstChapter.number}: ${firstChapter.title}`;
    expect(summary.chapters.map((item) => item.title)).toEqual([chapterName]);
    const character = await services.db.selectFrom("characters").select("name").executeTakeFirstOrThrow();
    expect(summary.characters.map((item) => item.title)).toEqual([character.name]);
    // 'Aa' in words, and the place counted from 1 (issue 44, decision 076).
    expect(summary.reading.map((item) => item.title)).toEqual(["Ajustes de lectura («Aa»)", chapterName]);
    expect(fact(summary.reading[0]!.details, "Colores")).toBe("Sepia");
    expect(fact(summary.reading[1]!.details, "Párrafo donde te quedaste")).toBe("4");
    expect(summary.comments).toEqual([
      {
        title: chapterName,
        text: `Me encantó ${email}`,
        details: [
          { label: "Escrito el", value: expect.stringMatching(localDate) },
          { label: "Estado", value: "Publicado: todos lo ven" },
          { label: "Firmado como", value: expect.any(String) },
        ],
      },
    ]);
    expect(summary.sessions).toHaveLength(2);
    expect(summary.contactMessages).toEqual([expect.objectContaining({ text: "¿Cuándo sale el segundo libro?" })]);
    expect(fact(summary.signInFailures!, "Intentos fallidos seguidos")).toBe("1");
    expect(summary.otherTables).toEqual([]);

    // Words, not database values: no ids, no UTC timestamps, nobody else's data, no secret.
    const text = JSON.stringify(summary);
    expect(text).not.toContain(reader.userId);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(text).not.toContain("vecina.resumen@example.com");
    const hash = await sql<{
      password: string;
    }>`select password from account where "userId" = ${reader.userId}`.execute(services.db);
    expect(text).not.toContain(hash.rows[0]!.password);

    const visitor = await settle(async () => summaryLoader(await routeArgs(services, "/tu-perfil/mis-datos/resumen")));
    expect(statusOf(visitor)).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("counts under 'Otros datos' the rows of a table the summary does not know yet", async () => {
    await sql`create table later_feature_badges (
      id serial primary key,
      owner text not null references "user" (id) on delete cascade)`.execute(services.db);
    const reader = await signUpReader(services, "insignias@example.com");
    await sql`insert into later_feature_badges (owner) values (${reader.userId}), (${reader.userId})`.execute(
      services.db,
    );
    const { summary } = (await summaryLoader(
      await routeArgs(services, "/tu-perfil/mis-datos/resumen", { cookie: reader.cookie }),
    )) as { summary: AccountSummary };
    expect(summary.otherTables).toEqual([{ label: "later_feature_badges", value: "2 registros" }]);
  });
});

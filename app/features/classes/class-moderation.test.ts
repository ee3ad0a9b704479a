/**
 * Issue 39 (Classroom, points 3 and 5): a teacher moderates their class's comments in place,
 * sees why each was held, approves several at once (all or none); students are told who sees
 * their comments; closing takes the word as a tablet types it, and the board's CSV carries the
 * date and the comments under the class's name as written.
 */
import { describe, expect, it } from "vitest";
import { loader as classesLoader, action as classesAction } from "../../routes/clases.tsx";
import { action as classAction, loader as classLoader } from "../../routes/clases.$clase.tsx";
import { loader as csvLoader } from "../../routes/clases.$clase.tablero[.]csv.ts";
import { action as entryAction } from "../../routes/entrar.$token.tsx";
import { action as chapterAction, loader as chapterLoader } from "../../routes/chapter.tsx";
import { INTERNAL_HEADERS } from "../../lib/request.server.ts";
import {
  answerOf,
  cookieFrom,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  type TestServices,
  withParams,
} from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { uniqueTestEmail } from "../../../tests/support/family-fixtures.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import type { ClassComment } from "./class-board.server.ts";
import { CLASS_MESSAGES, confirms } from "./class-messages.ts";

const email = uniqueTestEmail;
const CHAPTER = "/salida-a-tzintzuntzan";
let addresses = 0;

async function newClass(services: TestServices, cookie: string, name: string) {
  const answer = await settle(async () =>
    classesAction(
      await routeArgs(services, "/clases", { method: "POST", cookie, form: { intent: "crear", name, consent: "si" } }),
    ),
  );
  return (answerOf(answer).headers.get("Location") ?? "").split("/")[2]!.split("?")[0]!;
}

async function classPost(services: TestServices, cookie: string, classId: string, form: Record<string, string>) {
  return classPostMany(services, cookie, classId, new URLSearchParams(form));
}

/** A post whose fields may repeat (every 'commentId' of 'Aprobar todos'). */
async function classPostMany(services: TestServices, cookie: string, classId: string, form: URLSearchParams) {
  return settle(async () =>
    classAction(
      withParams(
        await routeArgs(services, `/clases/${classId}`, {
          method: "POST",
          cookie,
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
        { clase: classId },
      ),
    ),
  );
}

/** The class's students, each signed in by a card: their cookies, in roster order. */
async function studentsOf(services: TestServices, teacherCookie: string, classId: string, apodos: string[]) {
  await classPost(services, teacherCookie, classId, { intent: "anadir", roster: apodos.join("\n") });
  const ids = (
    await services.db
      .selectFrom("class_students")
      .select("user_id")
      .where("class_id", "=", classId)
      .orderBy("created_at")
      .execute()
  ).map((row) => row.user_id);
  const { issueReaderCard } = await import("../families/child-readers.server.ts");
  const cookies: string[] = [];
  for (const id of ids) {
    const token = await issueReaderCard(services.db, id);
    const ip = `198.51.120.${++addresses % 250}`;
    const entered = await settle(async () =>
      entryAction(
        withParams(
          await routeArgs(services, `/entrar/${token}`, {
            method: "POST",
            headers: { [INTERNAL_HEADERS.clientIp]: ip },
          }),
          { token },
        ),
      ),
    );
    cookies.push(cookieFrom((entered as Response).headers));
  }
  return cookies;
}

async function comment(services: TestServices, cookie: string, text: string) {
  const posted = answerOf<{ ok: boolean }>(
    await chapterAction(
      await routeArgs(services, CHAPTER, { method: "POST", cookie, form: { intent: "comment", text } }),
    ),
  );
  expect(posted.body.ok).toBe(true);
}

async function classPage(services: TestServices, cookie: string, classId: string) {
  return answerOf<{ comments: ClassComment[] }>(
    await classLoader(withParams(await routeArgs(services, `/clases/${classId}`, { cookie }), { clase: classId })),
  ).body;
}

const statuses = async (services: TestServices, ids: string[]) =>
  (await services.db.selectFrom("comments").select(["id", "status"]).where("id", "in", ids).execute()).map(
    (row) => row.status,
  );

describe("the confirmation word", () => {
  it("is taken as a tablet types it: capitalised, in capitals, with spaces around", () => {
    for (const typed of ["cerrar", "Cerrar", "CERRAR", " cerrar ", "Cerrar\n"])
      expect(confirms(typed, "cerrar")).toBe(true);
    for (const typed of ["", "si", "cerrarla", "c errar", null, 3]) expect(confirms(typed, "cerrar")).toBe(false);
  });
});

describe.each(ROUTE_TEST_DATABASE_KINDS)("moderating and closing a class (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("each held comment says why; 'Aprobar' and 'Ocultar' answer in place, not with a redirect", async () => {
    const teacher = await signUpReader(services, email("razones"));
    const classId = await newClass(services, teacher.cookie, "Razones");
    const [student] = await studentsOf(services, teacher.cookie, classId, ["Zorro Sabio"]);
    await comment(services, student!, "el 55 1234 5678 jaja");
    await comment(services, student!, "mira www.juegos.com");
    await comment(services, student!, "Me gustó el perro");
    const { comments } = await classPage(services, teacher.cookie, classId);
    const reasonsOf = (text: string) => comments.find((item) => item.text === text)!.holdReasons;
    expect(reasonsOf("el 55 1234 5678 jaja")).toEqual([
      "Parece un número de teléfono",
      "Quien lo escribió es menor de 14 años",
    ]);
    expect(reasonsOf("mira www.juegos.com")).toEqual(["Tiene un enlace", "Quien lo escribió es menor de 14 años"]);
    expect(reasonsOf("Me gustó el perro")).toEqual(["Quien lo escribió es menor de 14 años"]);

    const target = comments.find((item) => item.text === "Me gustó el perro")!;
    const approved = answerOf<{ notice: string }>(
      await classPost(services, teacher.cookie, classId, {
        intent: "moderar",
        commentId: target.id,
        decision: "approve",
      }),
    );
    expect(approved.status).toBe(200);
    expect(approved.headers.get("Location")).toBeNull();
    expect(approved.body.notice).toBe(CLASS_MESSAGES.approved);
    const after = await classPage(services, teacher.cookie, classId);
    expect(after.comments.find((item) => item.id === target.id)).toMatchObject({ status: "visible", holdReasons: [] });
    const hidden = answerOf<{ notice: string }>(
      await classPost(services, teacher.cookie, classId, { intent: "moderar", commentId: target.id, decision: "hide" }),
    );
    expect(hidden.body.notice).toBe(CLASS_MESSAGES.hidden);
    expect(await statuses(services, [target.id])).toEqual(["hidden"]);
  });

  it("'Aprobar todos' approves every comment posted or none: one of another class's refuses them all", async () => {
    const teacher = await signUpReader(services, email("todos"));
    const other = await signUpReader(services, email("otra"));
    const classId = await newClass(services, teacher.cookie, "Todos");
    const otherClass = await newClass(services, other.cookie, "Otra");
    const [s1, s2] = await studentsOf(services, teacher.cookie, classId, ["Lince Veloz", "Grulla Alta"]);
    const [o1] = await studentsOf(services, other.cookie, otherClass, ["Tejon Listo"]);
    await comment(services, s1!, "Uno");
    await comment(services, s1!, "Dos");
    await comment(services, s2!, "Tres");
    await comment(services, o1!, "De la otra clase");
    const mine = (await classPage(services, teacher.cookie, classId)).comments.map((item) => item.id);
    const [foreign] = (await classPage(services, other.cookie, otherClass)).comments.map((item) => item.id);
    expect(mine).toHaveLength(3);
    const decisions = async () =>
      (
        await services.db
          .selectFrom("comment_decisions")
          .select("id")
          .where("comment_id", "in", [...mine, foreign!])
          .execute()
      ).length;
    const all = (ids: string[]) =>
      new URLSearchParams([["intent", "aprobar-todos"], ...ids.map((id) => ["commentId", id])]);

    // Another class's comment among them, an unknown one, or none: nothing is approved.
    for (const ids of [[...mine, foreign!], [...mine, "no-existe"], []]) {
      expect(statusOf(await classPostMany(services, teacher.cookie, classId, all(ids)))).toBe(404);
      expect(await statuses(services, mine)).toEqual(["held", "held", "held"]);
    }
    // Nor may the other teacher approve this class's, from either class.
    expect(statusOf(await classPostMany(services, other.cookie, otherClass, all(mine)))).toBe(404);
    expect(statusOf(await classPostMany(services, other.cookie, classId, all(mine)))).toBe(404);
    expect(await decisions()).toBe(0);

    const approved = answerOf<{ notice: string }>(await classPostMany(services, teacher.cookie, classId, all(mine)));
    expect(approved.status).toBe(200);
    expect(approved.body.notice).toBe("Aprobamos los 3 comentarios: ya los ve la clase.");
    expect(await statuses(services, mine)).toEqual(["visible", "visible", "visible"]);
    expect(await statuses(services, [foreign!])).toEqual(["held"]);
    expect(await decisions()).toBe(3);
  });

  it("a class's student is told that only their class sees the comments; a teacher and a visitor are not", async () => {
    const teacher = await signUpReader(services, email("aviso"));
    const classId = await newClass(services, teacher.cookie, "Aviso");
    const [student] = await studentsOf(services, teacher.cookie, classId, ["Garza Blanca"]);
    const noticeFor = async (cookie?: string) =>
      answerOf<{ commentsNotice: string | null }>(await chapterLoader(await routeArgs(services, CHAPTER, { cookie })))
        .body.commentsNotice;
    expect(await noticeFor(student)).toBe("Solo tu clase ve estos comentarios.");
    expect(await noticeFor(teacher.cookie)).toBeNull();
    expect(await noticeFor(undefined)).toBeNull();
  });

  it("'Cerrar' closes as 'cerrar' does; the notice names the CSV only when the page downloaded it", async () => {
    const teacher = await signUpReader(services, email("cerrar"));
    const first = await newClass(services, teacher.cookie, "Primera");
    const second = await newClass(services, teacher.cookie, "Segunda");
    expect(
      statusOf(await classPost(services, teacher.cookie, first, { intent: "cerrar", confirmar: "cerrarla" })),
    ).toBe(400);
    const closed = await classPost(services, teacher.cookie, first, { intent: "cerrar", confirmar: "Cerrar " });
    expect(answerOf(closed).headers.get("Location")).toBe("/clases?aviso=cerrada-sin-csv");
    const withCsv = await classPost(services, teacher.cookie, second, {
      intent: "cerrar",
      confirmar: " CERRAR",
      descargado: "si",
    });
    expect(answerOf(withCsv).headers.get("Location")).toBe("/clases?aviso=cerrada");
    const noticeAt = async (query: string) =>
      answerOf<{ notice: string | null }>(
        await classesLoader(await routeArgs(services, `/clases${query}`, { cookie: teacher.cookie })),
      ).body.notice;
    expect(await noticeAt("?aviso=cerrada-sin-csv")).toBe(CLASS_MESSAGES.closedWithoutCsv);
    expect(await noticeAt("?aviso=cerrada-sin-csv")).not.toContain("CSV");
    expect(await noticeAt("?aviso=cerrada")).toContain("Solo queda el CSV que descargaste");
    expect(await services.db.selectFrom("classes").select("id").where("id", "in", [first, second]).execute()).toEqual(
      [],
    );
  });

  it("the board's CSV is named after the class as written, and carries the date and each student's comments", async () => {
    const teacher = await signUpReader(services, email("csv"));
    const classId = await newClass(services, teacher.cookie, "4.º B, Juárez");
    const [student] = await studentsOf(services, teacher.cookie, classId, ["Puma Tranquilo", "Rana Verde"]);
    await comment(services, student!, 'Dije "hola", y luego adiós');
    const csv = (await csvLoader(
      withParams(await routeArgs(services, `/clases/${classId}/tablero.csv`, { cookie: teacher.cookie }), {
        clase: classId,
      }),
    )) as Response;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="tablero-4.o-B-Juarez-${today}.csv"; filename*=UTF-8''${encodeURIComponent(`tablero-4.º B, Juárez-${today}.csv`)}`,
    );
    const text = await csv.text();
    const [header] = text.split("\r\n");
    expect(header).toMatch(/^Apodo,.*,Capítulos,Comentarios,Fecha del tablero$/);
    expect(text).toContain(`"«Salida a Tzintzuntzan» (`);
    expect(text).toContain(`en revisión): Dije ""hola"", y luego adiós",${today}\r\n`);
    expect(text).toContain(`\r\nRana Verde,`);
    expect(text).toMatch(new RegExp(`\\r\\nRana Verde,.*,0,,${today}\\r\\n`));
  });
});

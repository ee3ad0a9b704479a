import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as classesAction, loader as classesLoader } from "../../routes/clases.tsx";
import { action as classAction, loader as classLoader } from "../../routes/clases.$clase.tsx";
import { action as cardsAction, loader as cardsLoader } from "../../routes/clases.$clase.tarjetas.tsx";
import { loader as csvLoader } from "../../routes/clases.$clase.tablero[.]csv.ts";
import { action as entryAction } from "../../routes/entrar.$token.tsx";
import { action as chapterAction, loader as chapterLoader } from "../../routes/chapter.tsx";
import { loader as chooserLoader } from "../../routes/quien-lee.tsx";
import { loader as exportLoader } from "../../routes/tu-perfil.mis-datos.ts";
import { passAccess } from "../../../tests/support/route-access.ts";
import { STUDENT_IDLE_SECONDS, studentSessionMiddleware } from "../../access/class-session.server.ts";
import { getUser } from "../../access/session.server.ts";
import { listChildReaders } from "../families/child-readers.server.ts";
import { APODO_MESSAGES } from "../profiles/apodo.server.ts";
import type { Db } from "../../lib/db.server.ts";
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
import { CLASS_CONSENT_TEXT, CLASS_MESSAGES } from "./class-messages.ts";
import { MAX_STUDENTS_PER_CLASS } from "./roster.ts";

let serial = 0;
const email = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;
const PUBLIC_CHAPTER = "/salida-a-tzintzuntzan";

/** Thirty apodos a teacher might paste (one per line). */
const ROSTER_30 = Array.from({ length: 30 }, (_, index) => `Lector Estrella ${index + 10}`);

async function classesPost(services: TestServices, cookie: string | undefined, form: Record<string, string>) {
  return settle(async () => classesAction(await routeArgs(services, "/clases", { method: "POST", cookie, form })));
}

async function newClass(services: TestServices, cookie: string, name = "4.º B, Escuela Benito Juárez") {
  const answer = await classesPost(services, cookie, { intent: "crear", name, consent: "si" });
  const location = answerOf(answer).headers.get("Location") ?? "";
  expect(location).toMatch(/^\/clases\/[^/?]+\?aviso=creada$/);
  return location.split("/")[2]!.split("?")[0]!;
}

async function classPost(
  services: TestServices,
  cookie: string | undefined,
  classId: string,
  form: Record<string, string>,
) {
  return settle(async () =>
    classAction(
      withParams(await routeArgs(services, `/clases/${classId}`, { method: "POST", cookie, form }), { clase: classId }),
    ),
  );
}

const studentIds = async (db: Db, classId: string) =>
  (
    await db
      .selectFrom("class_students")
      .select("user_id")
      .where("class_id", "=", classId)
      .orderBy("created_at")
      .execute()
  ).map((row) => row.user_id);

/** Prints the class's cards; returns each student's token, in roster order. */
async function printCards(services: TestServices, cookie: string, classId: string, query = "") {
  const answer = answerOf<{ cards: { id: string; apodo: string; qr: string }[] }>(
    await cardsAction(
      withParams(await routeArgs(services, `/clases/${classId}/tarjetas${query}`, { method: "POST", cookie }), {
        clase: classId,
      }),
    ),
  );
  const tokens = await services.db
    .selectFrom("login_cards")
    .select(["user_id", "token_hash"])
    .where(
      "user_id",
      "in",
      answer.body.cards.map((card) => card.id),
    )
    .execute();
  expect(tokens).toHaveLength(answer.body.cards.length);
  return answer.body.cards;
}

/** A scanned card's 'Entrar', from address `ip`. */
let addresses = 0;
/** A fresh address each call unless one is given (the card-guess counter is per address). */
const nextAddress = () => `198.51.${100 + Math.floor(++addresses / 250)}.${addresses % 250}`;

async function signInByCard(services: TestServices, token: string, ip = nextAddress()) {
  return settle(async () =>
    entryAction(
      withParams(
        await routeArgs(services, `/entrar/${token}`, { method: "POST", headers: { [INTERNAL_HEADERS.clientIp]: ip } }),
        { token },
      ),
    ),
  );
}

/**
 * Cards whose tokens the test knows: the sheet shows only QR codes, so these are issued the way
 * the sheet issues them (issueReaderCard), each replacing the student's previous card.
 */
async function cardTokens(services: TestServices, ids: string[]) {
  const { issueReaderCard } = await import("../families/child-readers.server.ts");
  const tokens: string[] = [];
  for (const id of ids) tokens.push(await issueReaderCard(services.db, id));
  return tokens;
}

/** Who a page opened with this cookie is for (null: signed out), as the layout asks. */
async function pageReader(services: TestServices, cookie: string) {
  const { context } = (await routeArgs(services, "/pasaporte", { cookie })) as unknown as { context: never };
  return (await getUser(context))?.id ?? null;
}

describe.each(ROUTE_TEST_DATABASE_KINDS)("classrooms: /clases (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("a class of 30 from a pasted list: all created at once, each a child reader with no e-mail, password or PIN", async () => {
    const teacher = await signUpReader(services, email("maestra"));
    const classId = await newClass(services, teacher.cookie);
    const consent = await services.db
      .selectFrom("classes")
      .select(["consent_by_email", "consent_text", "consented_at"])
      .where("id", "=", classId)
      .executeTakeFirstOrThrow();
    expect(consent.consent_by_email).toMatch(/^maestra\./);
    expect(consent.consent_text).toContain("autorizaron");
    const added = await classPost(services, teacher.cookie, classId, {
      intent: "anadir",
      roster: ROSTER_30.join("\n"),
    });
    expect(answerOf(added).headers.get("Location")).toBe(`/clases/${classId}?aviso=anadidos`);
    const ids = await studentIds(services.db, classId);
    expect(ids).toHaveLength(30);
    const readers = await services.db
      .selectFrom("child_readers")
      .select(["kind", "pin_hash", "guardian_id"])
      .where("user_id", "in", ids)
      .execute();
    expect(
      readers.every((row) => row.kind === "class" && row.pin_hash === null && row.guardian_id === teacher.userId),
    ).toBe(true);
    // The teacher's own family does not list them, and the students see no family chooser.
    expect(await listChildReaders(services.db, teacher.userId)).toEqual([]);
    const page = answerOf<{ students: { apodo: string }[]; board: { notStarted: string[] } }>(
      await classLoader(
        withParams(await routeArgs(services, `/clases/${classId}`, { cookie: teacher.cookie }), { clase: classId }),
      ),
    );
    expect(page.body.students.map((student) => student.apodo)).toEqual(ROSTER_30);
    expect(page.body.board.notStarted).toHaveLength(30);
  });

  it("a roster with refused lines creates nobody and says why, line by line", async () => {
    const teacher = await signUpReader(services, email("profesor"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Jaguar Audaz" });
    const roster = [
      "Xolo Feliz",
      "",
      "xolo feliz",
      "llámame al 5512345678",
      "Jaguar Audaz",
      "Mierda Total",
      "ab",
      "Puma Leal",
    ].join("\n");
    const answer = answerOf<{
      lineErrors: { line: number; error: string }[];
      formError: string;
      sent: { roster: string };
    }>(await classPost(services, teacher.cookie, classId, { intent: "anadir", roster }));
    expect(answer.status).toBe(400);
    expect(answer.body.formError).toBe(CLASS_MESSAGES.rosterRefused);
    expect(answer.body.sent.roster).toBe(roster);
    expect(answer.body.lineErrors).toEqual([
      { line: 3, text: "xolo feliz", error: CLASS_MESSAGES.duplicateInList },
      { line: 4, text: "llámame al 5512345678", error: APODO_MESSAGES.risky },
      { line: 5, text: "Jaguar Audaz", error: CLASS_MESSAGES.duplicateInClass },
      { line: 6, text: "Mierda Total", error: APODO_MESSAGES.risky },
      { line: 7, text: "ab", error: APODO_MESSAGES.length },
    ]);
    expect(await studentIds(services.db, classId)).toHaveLength(1);
    // Empty, and over the class's size.
    expect(statusOf(await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "\n \n" }))).toBe(
      400,
    );
    const tooMany = Array.from({ length: MAX_STUDENTS_PER_CLASS }, (_, index) => `Puma Veloz ${index + 10}`);
    const over = answerOf<{ formError: string }>(
      await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: tooMany.join("\n") }),
    );
    expect(over.status).toBe(400);
    expect(over.body.formError).toBe(CLASS_MESSAGES.rosterTooLong);
    expect(await studentIds(services.db, classId)).toHaveLength(1);
  });

  it("answers an intent it does not know with a 400, names of any object's included", async () => {
    const teacher = await signUpReader(services, email("maestra"));
    const classId = await newClass(services, teacher.cookie);
    for (const intent of ["volar", "constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const answer = answerOf<{ formError: string }>(await classPost(services, teacher.cookie, classId, { intent }));
      expect(answer.status, intent).toBe(400);
      expect(answer.body.formError, intent).toBe("No entendimos esa acción.");
    }
  });

  it("a line shaped like a real full name is marked, not refused: added once the teacher confirms (issue 39)", async () => {
    // 'ana' of the teacher's address is no reason to refuse 'Mariposa Naranja'; 'Ana' is.
    const teacher = await signUpReader(services, `ana.${++serial}.${Date.now()}@example.com`);
    const classId = await newClass(services, teacher.cookie);
    const roster = ["Mariposa Naranja", "María Fernanda López Hernández", "Jaguar Negro", "Juan Pablo Ramírez"].join(
      "\n",
    );
    const warned = answerOf<{ formError: string; lineErrors: unknown[]; lineWarnings: unknown[] }>(
      await classPost(services, teacher.cookie, classId, { intent: "anadir", roster }),
    );
    expect(warned.status).toBe(400);
    expect(warned.body.formError).toBe(CLASS_MESSAGES.rosterNamesToConfirm);
    expect(warned.body.lineErrors).toEqual([]);
    expect(warned.body.lineWarnings).toEqual([
      { line: 2, text: "María Fernanda López Hernández" },
      { line: 4, text: "Juan Pablo Ramírez" },
    ]);
    expect(await studentIds(services.db, classId)).toEqual([]);
    const refused = answerOf<{ lineErrors: unknown[] }>(
      await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Ana Estrella" }),
    );
    expect(refused.body.lineErrors).toEqual([{ line: 1, text: "Ana Estrella", error: APODO_MESSAGES.adultEmail }]);
    const confirmed = answerOf(
      await classPost(services, teacher.cookie, classId, { intent: "anadir", roster, confirmarNombres: "si" }),
    );
    expect(confirmed.headers.get("Location")).toBe(`/clases/${classId}?aviso=anadidos`);
    expect(await studentIds(services.db, classId)).toHaveLength(4);
  });

  it("a class needs a name and the teacher's consent declaration: a 400 beside the field, nothing written", async () => {
    const teacher = await signUpReader(services, email("director"));
    for (const [form, field, message] of [
      [{ name: "4.º A", consent: "" }, "consent", CLASS_MESSAGES.consentRequired],
      [{ name: "  ", consent: "si" }, "name", CLASS_MESSAGES.nameRequired],
    ] as const) {
      const answer = answerOf<{ fieldErrors: Record<string, string> }>(
        await classesPost(services, teacher.cookie, { intent: "crear", ...form }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors[field]).toBe(message);
    }
    expect(
      await services.db.selectFrom("classes").select("id").where("teacher_id", "=", teacher.userId).execute(),
    ).toEqual([]);
    // A reader under 14 cannot open a class.
    const young = await signUpReader(services, email("nino"), "cempasuchil-2025", {
      birthYear: new Date().getFullYear() - 12,
      guardianEmail: email("tutor"),
    });
    expect(
      statusOf(await classesPost(services, young.cookie, { intent: "crear", name: "Mi clase", consent: "si" })),
    ).toBe(403);
  });

  it("30 card sign-ins from one address within minutes all get in; a guesser from that address is stopped", async () => {
    const teacher = await signUpReader(services, email("maestro"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: ROSTER_30.join("\n") });
    const cards = await printCards(services, teacher.cookie, classId);
    expect(cards).toHaveLength(30);
    const ids = await studentIds(services.db, classId);
    const tokens = await cardTokens(services, ids);
    const school = "203.0.113.30";
    for (const [index, token] of tokens.entries()) {
      const answer = await signInByCard(services, token, school);
      expect(statusOf(answer), `card ${index}`).toBe(302);
      const session = await services.auth.api.getSession({
        headers: new Headers({ Cookie: cookieFrom((answer as Response).headers) }),
      });
      expect(session?.user.id).toBe(ids[index]);
    }
    // A guesser: unknown tokens count per address; past the limit that address is refused.
    let limited = 0;
    for (let guess = 0; guess < 40; guess++) {
      const answer = await signInByCard(services, `${"A".repeat(20)}${String(guess).padStart(4, "0")}`, school);
      if (statusOf(answer) === 429) limited++;
    }
    // 30 unknown cards are looked up (a child scanning a replaced card), then none.
    expect(limited).toBe(10);
    // Another address still gets in.
    expect(statusOf(await signInByCard(services, tokens[0]!, school))).toBe(429);
    expect(statusOf(await signInByCard(services, tokens[0]!))).toBe(302);
  });

  it("a student's session ends after 30 minutes without use, slides on use, and dies with the browser", async () => {
    const teacher = await signUpReader(services, email("tutora"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Tucán Alegre" });
    const [id] = await studentIds(services.db, classId);
    const [token] = await cardTokens(services, [id!]);
    const answer = (await signInByCard(services, token!)) as Response;
    const setCookies = answer.headers.getSetCookie();
    // No lifetime on the session cookie (gone when the browser closes); no family remembered.
    const sessionCookie = setCookies.find((cookie) => cookie.includes("session_token="))!;
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
    expect(setCookies.some((cookie) => cookie.startsWith("familia-dispositivo="))).toBe(false);
    // When the account's session ends (ms from now); moving it stands in for time passing.
    const endOf = async (userId: string) =>
      (
        await services.db
          .selectFrom("session")
          .select("expiresAt")
          .where("userId", "=", userId)
          .executeTakeFirstOrThrow()
      ).expiresAt.getTime() - Date.now();
    const endIn = (userId: string, ms: number) =>
      services.db
        .updateTable("session")
        .set({ expiresAt: new Date(Date.now() + ms) })
        .where("userId", "=", userId)
        .execute();
    const visit = async (path: string, cookie: string) =>
      studentSessionMiddleware((await routeArgs(services, path, { cookie })) as never, async () => new Response());
    const left = await endOf(id!);
    expect(left).toBeGreaterThan((STUDENT_IDLE_SECONDS - 60) * 1000);
    expect(left).toBeLessThanOrEqual(STUDENT_IDLE_SECONDS * 1000);
    const cookie = cookieFrom(answer.headers);
    // Ten minutes later, a page: the end moves 30 minutes past now.
    await endIn(id!, 20 * 60 * 1000);
    await visit("/pasaporte", cookie);
    expect(await endOf(id!)).toBeGreaterThan((STUDENT_IDLE_SECONDS - 60) * 1000);
    // A student whose browser stops sending the "don't remember me" cookie: better-auth stretches
    // the session to its full days as it reads it; the end is brought back to 30 minutes.
    await endIn(id!, 20 * 60 * 1000);
    const remembered = cookie
      .split("; ")
      .filter((pair) => !pair.includes("dont_remember"))
      .join("; ");
    expect(remembered).not.toBe(cookie);
    await visit("/pasaporte", remembered);
    expect(await endOf(id!)).toBeGreaterThan((STUDENT_IDLE_SECONDS - 60) * 1000);
    expect(await endOf(id!)).toBeLessThanOrEqual(STUDENT_IDLE_SECONDS * 1000);
    // Past the end: signed out.
    await endIn(id!, -1000);
    expect(await services.auth.api.getSession({ headers: new Headers({ Cookie: cookie }) })).toBeNull();
    // An adult's session is never shortened by it.
    const adultLeft = await endOf(teacher.userId);
    await visit("/", teacher.cookie);
    expect(await endOf(teacher.userId)).toBeGreaterThan(adultLeft - 5000);
    // A school tablet is nobody's family: the chooser shows no pictures after a student leaves.
    const chooser = answerOf<{ children: unknown[] }>(
      await chooserLoader(await routeArgs(services, "/quien-lee", { cookie })),
    );
    expect(chooser.body.children ?? []).toEqual([]);
  });

  it("one card regenerated: the old one and its sessions end at once, the rest of the class's still work", async () => {
    const teacher = await signUpReader(services, email("docente"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Búho Sabio\nLince Ágil" });
    const [first, second] = await studentIds(services.db, classId);
    const [oldToken, otherToken] = await cardTokens(services, [first!, second!]);
    const sessionOf = async (token: string) => cookieFrom(((await signInByCard(services, token)) as Response).headers);
    const [oldSession, otherSession] = [await sessionOf(oldToken!), await sessionOf(otherToken!)];
    for (const cookie of [oldSession, otherSession]) expect(await pageReader(services, cookie)).not.toBeNull();
    const reissued = await printCards(services, teacher.cookie, classId, `?estudiante=${first}`);
    expect(reissued.map((card) => card.id)).toEqual([first]);
    // An old card (decision 063): it says so, and sends the student to their teacher.
    const old = answerOf(await signInByCard(services, oldToken!));
    expect(old.status).toBe(410);
    expect(old.body).toBe("Esta tarjeta es vieja: pide la nueva a tu maestra o maestro.");
    // The session opened with the old card is signed out on its next page; the classmate's stays.
    expect(await pageReader(services, oldSession)).toBeNull();
    expect(await pageReader(services, otherSession)).toBe(second);
    expect(statusOf(await signInByCard(services, otherToken!))).toBe(302);
    // The whole class's cards remade: every session opened with the old ones ends.
    await printCards(services, teacher.cookie, classId);
    expect(await pageReader(services, otherSession)).toBeNull();
  });

  it("the board shows each student's unlocks and who has not started; the CSV carries it", async () => {
    const teacher = await signUpReader(services, email("maestra"));
    const classId = await newClass(services, teacher.cookie, "5.º A");
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Colibrí Veloz\nQuetzal Noble" });
    const [reader] = await studentIds(services.db, classId);
    await sql`insert into unlocked_chapters (user_id, chapter_id) select ${reader}, id from chapters where number in (1, 2)`.execute(
      services.db,
    );
    const page = answerOf<{ board: { rows: { apodo: string; unlocked: string[] }[]; notStarted: string[] } }>(
      await classLoader(
        withParams(await routeArgs(services, `/clases/${classId}`, { cookie: teacher.cookie }), { clase: classId }),
      ),
    );
    expect(page.body.board.rows.map((row) => [row.apodo, row.unlocked.length])).toEqual([
      ["Colibrí Veloz", 2],
      ["Quetzal Noble", 0],
    ]);
    expect(page.body.board.notStarted).toEqual(["Quetzal Noble"]);
    const csv = (await csvLoader(
      withParams(await routeArgs(services, `/clases/${classId}/tablero.csv`, { cookie: teacher.cookie }), {
        clase: classId,
      }),
    )) as Response;
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain("attachment");
    const text = await csv.text();
    expect(text.split("\r\n")[1]).toMatch(/^Colibrí Veloz,sí,sí,.*,2,,\d{4}-\d\d-\d\d$/);
    expect(text).toContain("\r\nQuetzal Noble,");
  });

  it("'Descargar mis datos' of a teacher lists their classes, the consent record and the students' data", async () => {
    const teacher = await signUpReader(services, email("exporta"));
    const classId = await newClass(services, teacher.cookie, "6.º C");
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Armadillo Feliz" });
    const response = (await exportLoader(
      await routeArgs(services, "/tu-perfil/mis-datos", { cookie: teacher.cookie }),
    )) as Response;
    const exported = (await response.json()) as {
      tusClases: { nombre: string; autorizacion: { texto: string }; estudiantes: unknown[] }[];
    };
    expect(exported.tusClases).toHaveLength(1);
    expect(exported.tusClases[0]).toMatchObject({ nombre: "6.º C", autorizacion: { texto: CLASS_CONSENT_TEXT } });
    expect(exported.tusClases[0]!.estudiantes).toHaveLength(1);
    expect(JSON.stringify(exported.tusClases[0]!.estudiantes)).toContain("Armadillo Feliz");
  });

  it("class comments: only the class and its teacher see them, after the teacher approves; another class never does", async () => {
    const teacherA = await signUpReader(services, email("maestraA"));
    const teacherB = await signUpReader(services, email("maestroB"));
    const classA = await newClass(services, teacherA.cookie, "Clase A");
    const classB = await newClass(services, teacherB.cookie, "Clase B");
    await classPost(services, teacherA.cookie, classA, { intent: "anadir", roster: "Ajolote Azul\nVenado Gentil" });
    await classPost(services, teacherB.cookie, classB, { intent: "anadir", roster: "Conejo Lunar" });
    const [a1, a2] = await studentIds(services.db, classA);
    const [b1] = await studentIds(services.db, classB);
    const [tokenA1, tokenA2, tokenB1] = await cardTokens(services, [a1!, a2!, b1!]);
    const cookieOf = async (token: string) => cookieFrom(((await signInByCard(services, token)) as Response).headers);
    const [cookieA1, cookieA2, cookieB1] = [
      await cookieOf(tokenA1!),
      await cookieOf(tokenA2!),
      await cookieOf(tokenB1!),
    ];
    const text = "El perro de Valentina es mi favorito";
    const posted = answerOf<{ ok: boolean; held: boolean }>(
      await chapterAction(
        await routeArgs(services, PUBLIC_CHAPTER, {
          method: "POST",
          cookie: cookieA1,
          form: { intent: "comment", text },
        }),
      ),
    );
    expect(posted.body).toMatchObject({ ok: true, held: true });
    const commentsSeenBy = async (cookie?: string) =>
      answerOf<{ comments: { text: string; userName: string }[] }>(
        await chapterLoader(await routeArgs(services, PUBLIC_CHAPTER, { cookie })),
      ).body.comments.filter((comment) => comment.text === text);
    // Held: the author sees it; the classmate, the other class and visitors do not.
    expect(await commentsSeenBy(cookieA1)).toHaveLength(1);
    expect(await commentsSeenBy(cookieA2)).toHaveLength(0);
    const board = answerOf<{ comments: { id: string; status: string }[] }>(
      await classLoader(
        withParams(await routeArgs(services, `/clases/${classA}`, { cookie: teacherA.cookie }), { clase: classA }),
      ),
    );
    const [comment] = board.body.comments;
    expect(comment).toMatchObject({ status: "held" });
    // The other class's teacher cannot decide on it (it is not their class's), nor can a student.
    const foreign = await classPost(services, teacherB.cookie, classB, {
      intent: "moderar",
      commentId: comment!.id,
      decision: "approve",
    });
    expect(statusOf(foreign)).toBe(404);
    expect(
      statusOf(
        await classPost(services, teacherB.cookie, classA, {
          intent: "moderar",
          commentId: comment!.id,
          decision: "approve",
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await classPost(services, cookieA2, classA, { intent: "moderar", commentId: comment!.id, decision: "approve" }),
      ),
    ).toBe(403);
    // Its teacher approves: the class sees it; the other class, the other teacher and visitors never do.
    const approved = await classPost(services, teacherA.cookie, classA, {
      intent: "moderar",
      commentId: comment!.id,
      decision: "approve",
    });
    // Answered in place (issue 39): the page keeps its scroll and focus.
    expect(answerOf(approved).body).toMatchObject({ notice: CLASS_MESSAGES.approved });
    expect(await commentsSeenBy(cookieA2)).toEqual([expect.objectContaining({ userName: "Ajolote Azul" })]);
    expect(await commentsSeenBy(teacherA.cookie)).toHaveLength(1);
    expect(await commentsSeenBy(cookieB1)).toHaveLength(0);
    expect(await commentsSeenBy(teacherB.cookie)).toHaveLength(0);
    expect(await commentsSeenBy(undefined)).toHaveLength(0);
    // The visitor's page does not carry the student's apodo anywhere.
    const visitorPage = JSON.stringify(await chapterLoader(await routeArgs(services, PUBLIC_CHAPTER)));
    expect(visitorPage).not.toContain("Ajolote Azul");
    // Hidden by the teacher: gone for the class too.
    await classPost(services, teacherA.cookie, classA, { intent: "moderar", commentId: comment!.id, decision: "hide" });
    expect(await commentsSeenBy(cookieA2)).toHaveLength(0);
  });

  it("a teacher reaches only their own classes; a student nothing of the teacher's; a visitor goes to /login", async () => {
    const teacher = await signUpReader(services, email("duena"));
    const stranger = await signUpReader(services, email("extrana"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Iguana Leal\nPuma Solar" });
    const [student] = await studentIds(services.db, classId);
    const [token] = await cardTokens(services, [student!]);
    const studentCookie = cookieFrom(((await signInByCard(services, token!)) as Response).headers);
    const params = { clase: classId };
    const calls: [string, (cookie?: string) => Promise<unknown>][] = [
      [
        "GET /clases/:id",
        async (cookie) => classLoader(withParams(await routeArgs(services, `/clases/${classId}`, { cookie }), params)),
      ],
      [
        "GET /clases/:id/tarjetas",
        async (cookie) =>
          cardsLoader(withParams(await routeArgs(services, `/clases/${classId}/tarjetas`, { cookie }), params)),
      ],
      [
        "POST /clases/:id/tarjetas",
        async (cookie) =>
          cardsAction(
            withParams(await routeArgs(services, `/clases/${classId}/tarjetas`, { method: "POST", cookie }), params),
          ),
      ],
      [
        "POST /clases/:id/tarjetas?estudiante=",
        async (cookie) =>
          cardsAction(
            withParams(
              await routeArgs(services, `/clases/${classId}/tarjetas?estudiante=${student}`, {
                method: "POST",
                cookie,
              }),
              params,
            ),
          ),
      ],
      [
        "GET /clases/:id/tablero.csv",
        async (cookie) =>
          csvLoader(withParams(await routeArgs(services, `/clases/${classId}/tablero.csv`, { cookie }), params)),
      ],
      ...(
        [
          { intent: "anadir", roster: "Intruso Veloz" },
          { intent: "quitar", studentId: student!, confirmar: "quitar" },
          { intent: "moderar", commentId: "x", decision: "approve" },
          { intent: "cerrar", confirmar: "cerrar" },
        ] as Record<string, string>[]
      ).map(
        (form) =>
          [
            `POST /clases/:id ${form.intent}`,
            async (cookie?: string) =>
              classAction(
                withParams(await routeArgs(services, `/clases/${classId}`, { method: "POST", cookie, form }), params),
              ),
          ] as [string, (cookie?: string) => Promise<unknown>],
      ),
    ];
    for (const [name, call] of calls) {
      expect(statusOf(await settle(() => call(stranger.cookie))), `${name} (another teacher)`).toBe(404);
      expect(statusOf(await settle(() => call(studentCookie))), `${name} (a student)`).toBe(403);
      const visitor = await settle(() => call(undefined));
      expect(answerOf(visitor).headers.get("Location"), `${name} (a visitor)`).toMatch(/^\/login\?/);
    }
    // /clases itself: the student is refused (page, action and the middleware), the visitor sent to sign in.
    expect(
      statusOf(
        await settle(async () => classesLoader(await routeArgs(services, "/clases", { cookie: studentCookie }))),
      ),
    ).toBe(403);
    expect(statusOf(await classesPost(services, studentCookie, { intent: "crear", name: "Mía", consent: "si" }))).toBe(
      403,
    );
    for (const path of [
      "/clases",
      `/clases/${classId}`,
      `/clases/${classId}/tarjetas`,
      `/clases/${classId}/tablero.csv`,
    ]) {
      const args = await routeArgs(services, path, { cookie: studentCookie });
      expect(statusOf(await settle(() => passAccess(args))), path).toBe(403);
    }
    expect(
      answerOf(await settle(async () => classesLoader(await routeArgs(services, "/clases")))).headers.get("Location"),
    ).toMatch(/^\/login\?/);
    // The stranger's own list does not show it; nothing of the class changed.
    const theirs = answerOf<{ classes: unknown[] }>(
      await classesLoader(await routeArgs(services, "/clases", { cookie: stranger.cookie })),
    );
    expect(theirs.body.classes).toEqual([]);
    expect(await studentIds(services.db, classId)).toHaveLength(2);
    expect(await services.db.selectFrom("classes").select("id").where("id", "=", classId).execute()).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)("closing a class deletes all its students with nothing left (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("'Cerrar la clase' deletes the class, its 30 students and everything of theirs in one step", async () => {
    const teacher = await signUpReader(services, email("cierre"));
    const classId = await newClass(services, teacher.cookie);
    const other = await newClass(services, teacher.cookie, "La otra clase");
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: ROSTER_30.join("\n") });
    await classPost(services, teacher.cookie, other, { intent: "anadir", roster: "Tortuga Paciente" });
    const ids = await studentIds(services.db, classId);
    const tokens = await cardTokens(services, ids);
    // Each signs in, unlocks two chapters and comments.
    for (const [index, token] of tokens.entries()) {
      const cookie = cookieFrom(((await signInByCard(services, token)) as Response).headers);
      if (index < 3)
        await chapterAction(
          await routeArgs(services, PUBLIC_CHAPTER, {
            method: "POST",
            cookie,
            form: { intent: "comment", text: `Hola ${index}` },
          }),
        );
    }
    await sql`insert into unlocked_chapters (user_id, chapter_id) select s.user_id, c.id from class_students s, chapters c where s.class_id = ${classId} and c.number in (1, 2)`.execute(
      services.db,
    );
    expect((await rowsHolding(services.db, ...ids)).length).toBeGreaterThan(6);
    // Confirmation is required; a wrong word deletes nothing.
    expect(statusOf(await classPost(services, teacher.cookie, classId, { intent: "cerrar", confirmar: "si" }))).toBe(
      400,
    );
    expect(await studentIds(services.db, classId)).toHaveLength(30);
    const closed = await classPost(services, teacher.cookie, classId, { intent: "cerrar", confirmar: "cerrar" });
    expect(answerOf(closed).headers.get("Location")).toBe("/clases?aviso=cerrada-sin-csv");
    expect(await rowsHolding(services.db, ...ids, classId)).toEqual([]);
    // The cards are refused; the other class is untouched.
    expect(statusOf(await signInByCard(services, tokens[0]!, "198.51.100.77"))).toBe(404);
    expect(await studentIds(services.db, other)).toHaveLength(1);
  });

  it("removing one student deletes them and everything of theirs; the class stays", async () => {
    const teacher = await signUpReader(services, email("quitar"));
    const classId = await newClass(services, teacher.cookie);
    await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Halcón Veloz\nNube Amable" });
    const [gone, stays] = await studentIds(services.db, classId);
    await cardTokens(services, [gone!]);
    expect(
      statusOf(
        await classPost(services, teacher.cookie, classId, { intent: "quitar", studentId: gone!, confirmar: "no" }),
      ),
    ).toBe(400);
    const removed = await classPost(services, teacher.cookie, classId, {
      intent: "quitar",
      studentId: gone!,
      confirmar: "quitar",
    });
    expect(answerOf(removed).headers.get("Location")).toBe(`/clases/${classId}?aviso=quitado`);
    expect(await rowsHolding(services.db, gone!)).toEqual([]);
    expect(await studentIds(services.db, classId)).toEqual([stays]);
  });
});

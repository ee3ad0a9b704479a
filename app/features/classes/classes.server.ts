import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { DIBUJOS, dibujoById } from "../../ui/dibujos.ts";
import { newClassCode } from "./class-code.server.ts";
import { CLASS_CONSENT_TEXT, CLASS_MESSAGES } from "./class-messages.ts";

/**
 * A teacher's classes (issue 23). Every function that reaches a class takes the teacher's id
 * from the session and finds the class only among that teacher's own, so no form field can
 * reach another teacher's class or its students.
 */

/** A teacher keeps at most this many classes open at once. */
export const MAX_CLASSES_PER_TEACHER = 12;

export type ClassSummary = { id: string; name: string; studentCount: number; consentedAt: Date };
export type OwnClass = { id: string; name: string; consentByEmail: string; consentedAt: Date };
export type Student = { id: string; apodo: string; picture: string; cardIssuedAt: Date | null };

export async function listClasses(db: Db, teacherId: string): Promise<ClassSummary[]> {
  const rows = await db
    .selectFrom("classes as k")
    .select(["k.id", "k.name", "k.consented_at as consentedAt"])
    .select((eb) =>
      eb
        .selectFrom("class_students as s")
        .select(eb.fn.countAll<string | number>().as("n"))
        .whereRef("s.class_id", "=", "k.id")
        .as("studentCount"),
    )
    .where("k.teacher_id", "=", teacherId)
    .orderBy("k.created_at")
    .execute();
  return rows.map((row) => ({ ...row, studentCount: Number(row.studentCount ?? 0) }));
}

/** One of this teacher's classes, or null (another teacher's class is null too). */
export async function classOfTeacher(db: Db, teacherId: string, classId: unknown): Promise<OwnClass | null> {
  if (typeof classId !== "string" || !classId) return null;
  const row = await db
    .selectFrom("classes")
    .select(["id", "name", "consent_by_email as consentByEmail", "consented_at as consentedAt"])
    .where("teacher_id", "=", teacherId)
    .where("id", "=", classId)
    .executeTakeFirst();
  return row ?? null;
}

/** Locks one of the teacher's classes for the rest of the caller's transaction (roster, closing). */
export async function lockOwnClass(trx: Db, teacherId: string, classId: string): Promise<OwnClass | null> {
  const row = await trx
    .selectFrom("classes")
    .select(["id", "name", "consent_by_email as consentByEmail", "consented_at as consentedAt"])
    .where("teacher_id", "=", teacherId)
    .where("id", "=", classId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export type ClassField = "name" | "consent";

/**
 * A new class, with the teacher's declaration (who, when, the text shown) that the school or the
 * families authorised it: the consent path for classes (decision 036).
 */
export async function createClass(
  db: Db,
  teacher: { id: string; email: string },
  input: { name: unknown; consent: unknown },
  now = new Date(),
): Promise<
  | { ok: true; classId: string }
  | { ok: false; status: 400 | 409; errors: Partial<Record<ClassField, string>>; form?: string }
> {
  const name = (typeof input.name === "string" ? input.name : "").trim().replace(/\s+/g, " ");
  const errors: Partial<Record<ClassField, string>> = {};
  if (!name || [...name].length > 80) errors.name = CLASS_MESSAGES.nameRequired;
  if (input.consent !== "si") errors.consent = CLASS_MESSAGES.consentRequired;
  if (Object.keys(errors).length) return { ok: false, status: 400, errors };
  return db.transaction().execute(async (trx) => {
    // Locked per teacher, so two tabs creating at once cannot pass the limit together.
    await sql`select pg_advisory_xact_lock(hashtext(${`classes:${teacher.id}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom("classes")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("teacher_id", "=", teacher.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CLASSES_PER_TEACHER)
      return { ok: false, status: 409, errors: {}, form: CLASS_MESSAGES.tooManyClasses } as const;
    const row = await trx
      .insertInto("classes")
      .values({
        teacher_id: teacher.id,
        name,
        consent_by_email: teacher.email.toLowerCase(),
        consent_text: CLASS_CONSENT_TEXT,
        consented_at: now,
        // Students at a computer without a camera type it at /clase (decision 067).
        join_code: newClassCode(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, classId: row.id } as const;
  });
}

const studentColumns = (db: Db) =>
  db
    .selectFrom("class_students as s")
    .innerJoin("child_readers as c", "c.user_id", "s.user_id")
    .innerJoin("profiles as p", "p.user_id", "s.user_id")
    .leftJoin("login_cards as l", "l.user_id", "s.user_id")
    .select(["s.user_id as id", "p.apodo as apodo", "c.picture as picture", "l.issued_at as cardIssuedAt"]);

/** A class's students in the order they were added. */
export async function studentsOfClass(db: Db, classId: string): Promise<Student[]> {
  return studentColumns(db).where("s.class_id", "=", classId).orderBy("s.created_at").orderBy("p.apodo").execute();
}

/** One student of one of this teacher's classes, or null. */
export async function studentOfTeacher(
  db: Db,
  teacherId: string,
  classId: string,
  studentId: unknown,
): Promise<Student | null> {
  if (typeof studentId !== "string" || !studentId) return null;
  const row = await studentColumns(db)
    .innerJoin("classes as k", "k.id", "s.class_id")
    .where("k.teacher_id", "=", teacherId)
    .where("s.class_id", "=", classId)
    .where("s.user_id", "=", studentId)
    .executeTakeFirst();
  return row ?? null;
}

export async function addMemberships(trx: Db, classId: string, studentIds: string[]): Promise<void> {
  if (!studentIds.length) return;
  await trx
    .insertInto("class_students")
    .values(
      studentIds.map((user_id, index) => ({ user_id, class_id: classId, created_at: new Date(Date.now() + index) })),
    )
    .execute();
}

/** Removes the class itself (its students' accounts are deleted by the caller first). */
export async function deleteClassRow(trx: Db, classId: string): Promise<void> {
  await trx.deleteFrom("classes").where("id", "=", classId).execute();
}

/**
 * Whose comments and which classes a reader's comments concern: a student posts to their class
 * and sees it; a teacher sees and moderates the classes they teach.
 */
export type CommentAudiences = { postTo: string | null; see: string[]; moderate: string[] };

export async function commentAudiencesOf(db: Db, userId: string | null): Promise<CommentAudiences> {
  if (!userId) return { postTo: null, see: [], moderate: [] };
  // One round trip: a signed-in chapter page asks this on every load.
  const rows = await db
    .selectFrom("class_students")
    .select(["class_id as id", sql<boolean>`true`.as("member")])
    .where("user_id", "=", userId)
    .unionAll(
      db
        .selectFrom("classes")
        .select(["id", sql<boolean>`false`.as("member")])
        .where("teacher_id", "=", userId),
    )
    .execute();
  const postTo = rows.find((row) => row.member)?.id ?? null;
  const moderate = rows.filter((row) => !row.member).map((row) => row.id);
  return { postTo, see: rows.map((row) => row.id), moderate };
}

/** A teacher's classes as 'Descargar mis datos' lists them: each class's record and its students. */
export async function classesForExport(db: Db, teacherId: string) {
  const classes = await db
    .selectFrom("classes")
    .select(["id", "name", "consent_by_email", "consent_text", "consented_at", "created_at"])
    .where("teacher_id", "=", teacherId)
    .orderBy("created_at")
    .execute();
  const students = classes.length
    ? await db
        .selectFrom("class_students")
        .select(["class_id", "user_id"])
        .where(
          "class_id",
          "in",
          classes.map((row) => row.id),
        )
        .orderBy("created_at")
        .execute()
    : [];
  return classes.map((row) => ({
    ...row,
    studentIds: students.filter((student) => student.class_id === row.id).map((student) => student.user_id),
  }));
}

/**
 * The teacher gives one of their students another drawing (decision 067): one of the class
 * drawings, and not one another student of the class already has (the picture tells cards apart
 * and is the second factor of the class code). The student's card keeps working.
 */
export async function setStudentPicture(
  db: Db,
  teacherId: string,
  classId: string,
  studentId: unknown,
  picture: unknown,
): Promise<{ ok: true; apodo: string } | { ok: false; status: 400 | 404 | 409; error: string }> {
  if (typeof picture !== "string" || !dibujoById(picture))
    return { ok: false, status: 400, error: CLASS_MESSAGES.pictureUnknown };
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnClass(trx, teacherId, classId)))
      return { ok: false, status: 404, error: CLASS_MESSAGES.notYourClass } as const;
    const students = await studentsOfClass(trx, classId);
    const student = students.find((one) => one.id === studentId);
    if (!student) return { ok: false, status: 404, error: CLASS_MESSAGES.notInClass } as const;
    const owner = students.find((one) => one.id !== student.id && one.picture === picture);
    if (owner) return { ok: false, status: 409, error: CLASS_MESSAGES.pictureTaken(owner.apodo) } as const;
    await trx.updateTable("child_readers").set({ picture }).where("user_id", "=", student.id).execute();
    return { ok: true, apodo: student.apodo } as const;
  });
}

/** Drawings for new students: those no student of the class has yet, in order (then again from the first). */
export function freeDibujos(taken: readonly string[], count: number): string[] {
  const free = DIBUJOS.map((dibujo) => dibujo.id).filter((id) => !taken.includes(id));
  const pool = free.length ? free : DIBUJOS.map((dibujo) => dibujo.id);
  return Array.from({ length: count }, (_, index) => pool[index % pool.length]!);
}

import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { CLASS_CONSENT_TEXT } from "../features/classes/class-messages.ts";
import {
  addMemberships,
  deleteClassRow,
  freeDibujos,
  lockOwnClass,
  studentOfTeacher,
} from "../features/classes/classes.server.ts";
import { readRoster, type RosterResult } from "../features/classes/roster.ts";
import { deleteReaderAccounts, insertChildReader, issueReaderCard } from "../features/families/child-readers.server.ts";
import { checkApodo } from "../features/profiles/apodo.server.ts";
import { looksLikeFullName } from "../features/profiles/full-name.ts";
import type { Db } from "../lib/db.server.ts";
import { requireAdultReader } from "../access/family-session.server.ts";
import type { SessionUser } from "../access/session.server.ts";

/**
 * A class's students are child readers (families, decision 030) of kind 'class', with the
 * teacher where a family has its adult; the class itself is the classes feature's. Features do
 * not import each other (decision 006): this module joins the two.
 */

/** First line of every class loader and action: a signed-in adult, never a child reader. */
export const requireTeacher = (args: { url: URL; context: Readonly<RouterContextProvider> }): Promise<SessionUser> =>
  requireAdultReader(args);

/**
 * Adds the pasted roster to one of the teacher's classes, all or nothing, in one transaction:
 * every line passes the public-name rules (and shows nothing of the teacher's e-mail) and is new
 * to the class, or no student is created and each refused line says why. Lines that look like a
 * real full name wait for the teacher's `namesConfirmed`. Each student gets a
 * drawing no classmate has (app/ui/dibujos.ts), no e-mail, no password, no PIN, no year of birth.
 */
export async function addStudents(
  db: Db,
  teacher: { id: string; email: string },
  classId: string,
  pasted: unknown,
  { namesConfirmed = false }: { namesConfirmed?: boolean } = {},
): Promise<RosterResult | { ok: false; notYours: true }> {
  return db.transaction().execute(async (trx) => {
    const own = await lockOwnClass(trx, teacher.id, classId);
    if (!own) return { ok: false, notYours: true } as const;
    const existing = await trx
      .selectFrom("class_students as s")
      .innerJoin("profiles as p", "p.user_id", "s.user_id")
      .innerJoin("child_readers as c", "c.user_id", "s.user_id")
      .select(["p.apodo", "c.picture"])
      .where("s.class_id", "=", classId)
      .execute();
    const roster = readRoster(pasted, {
      existing: existing.map((row) => row.apodo),
      // The teacher is typing: an apodo like their address is 'tu correo' to them.
      checkApodo: (raw) => checkApodo(raw, teacher.email, "adult"),
      looksLikeFullName,
      namesConfirmed,
    });
    if (!roster.ok) return roster;
    const ids: string[] = [];
    // A drawing of its own for each (40 drawings, 40 students at most): cards told apart at a glance.
    const pictures = freeDibujos(
      existing.map((row) => row.picture),
      roster.apodos.length,
    );
    for (const [index, apodo] of roster.apodos.entries()) {
      const id = randomUUID();
      ids.push(id);
      await insertChildReader(trx, {
        id,
        kind: "class",
        guardianId: teacher.id,
        apodo,
        picture: pictures[index]!,
        birthYear: null,
        age: null,
        pinHash: null,
        consent: { byEmail: own.consentByEmail, text: CLASS_CONSENT_TEXT, at: own.consentedAt },
      });
    }
    await addMemberships(trx, classId, ids);
    return roster;
  });
}

/** A new card for one student of one of the teacher's classes (the old one fails at once). */
export async function newStudentCard(db: Db, teacherId: string, classId: string, studentId: unknown) {
  const student = await studentOfTeacher(db, teacherId, classId, studentId);
  if (!student) return null;
  return { student, token: await issueReaderCard(db, student.id) };
}

/**
 * Removes students of one of the teacher's classes (one, or all when closing, which also
 * deletes the class): their accounts and everything kept about them, in one transaction.
 * Returns the chapters whose open pages must drop their comments, or null when the class (or
 * the student) is not the teacher's.
 */
export async function deleteStudents(
  db: Db,
  teacherId: string,
  classId: string,
  which: { studentId: string } | "all",
): Promise<{ commentSections: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnClass(trx, teacherId, classId))) return null;
    let query = trx.selectFrom("class_students").select("user_id").where("class_id", "=", classId);
    if (which !== "all") query = query.where("user_id", "=", which.studentId);
    const ids = (await query.execute()).map((row) => row.user_id);
    if (which !== "all" && !ids.length) return null;
    const deleted = await deleteReaderAccounts(trx, ids);
    if (which === "all") await deleteClassRow(trx, classId);
    return deleted;
  });
}

/** Cards issued for a whole class at once (the card sheet): every old card fails from now. */
export async function newClassCards(db: Db, teacherId: string, classId: string) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnClass(trx, teacherId, classId))) return null;
    const students = await trx
      .selectFrom("class_students as s")
      .innerJoin("child_readers as c", "c.user_id", "s.user_id")
      .innerJoin("profiles as p", "p.user_id", "s.user_id")
      .select(["s.user_id as id", "p.apodo", "c.picture"])
      .where("s.class_id", "=", classId)
      .orderBy("s.created_at")
      .execute();
    const cards = [];
    for (const student of students) cards.push({ ...student, token: await issueReaderCard(trx, student.id) });
    return cards;
  });
}

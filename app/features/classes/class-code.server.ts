import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { hitRateLimit, refundRateLimit, type RateLimitRule } from "../../lib/rate-limit.server.ts";
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH, normalClassCode } from "./class-code.ts";

/**
 * A class code (issue 39, decision 067): for a computer without a camera, a student types their
 * class's code at /clase, then picks their name and their picture. The code alone opens only the
 * class's list of apodos; the picture is the second factor, and every wrong one counts.
 */

export const newClassCode = () =>
  Array.from({ length: CLASS_CODE_LENGTH }, () => CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)]).join("");

/**
 * Tries at a class code. A school's 30 children share one address, so the address's limit lets a
 * whole class in with mistakes to spare (as a PIN's does: 60 in ten minutes), counting unknown
 * codes and wrong pictures alike; a class's own limit counts the wrong pictures chosen for any of
 * its students (someone who knows the code gets 15 tries in ten minutes, then waits); a student's
 * counts theirs (5 in fifteen minutes, as a child's PIN). A right answer gives its places back.
 */
export const CLASS_CODE_LIMITS = {
  perAddress: { max: 60, windowSeconds: 10 * 60 },
  perClass: { max: 15, windowSeconds: 10 * 60 },
  perStudent: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const addressKey = (address: string) => `class-code-address:${address}`;
const classKey = (classId: string) => `class-code-class:${classId}`;
// Ends with ":<student id>": deleted with the student (deleteReaderAccounts).
const studentKey = (studentId: string) => `class-code-picture:${studentId}`;

export type CodeClass = { id: string; name: string; teacherId: string; on: boolean };

/** The class whose code this is (on or off), or null. `code` is already in its normal form. */
async function classByCode(db: Db, code: string): Promise<CodeClass | null> {
  const row = await db
    .selectFrom("classes")
    .select(["id", "name", "teacher_id as teacherId", "join_code_on as on"])
    .where("join_code", "=", code)
    .executeTakeFirst();
  return row ?? null;
}

export type CodeLookup =
  | { ok: true; klass: CodeClass }
  | { ok: false; reason: "malformed" | "unknown" | "off" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * A typed class code. A malformed one (not 8 characters of the alphabet, once spaces and dashes
 * are dropped) cannot be any class's and is not counted; every other try takes its place in the
 * address's limit first and is looked up only within it; a real code (on or off) gives it back.
 */
export async function lookUpClassCode(db: Db, typed: unknown, address: string): Promise<CodeLookup> {
  const code = normalClassCode(typed);
  if (!code) return { ok: false, reason: "malformed" };
  const hit = await hitRateLimit(db, addressKey(address), CLASS_CODE_LIMITS.perAddress);
  if (!hit.allowed) return { ok: false, reason: "limited", retryAfterSeconds: hit.retryAfterSeconds };
  const klass = await classByCode(db, code);
  if (!klass) return { ok: false, reason: "unknown" };
  await refundRateLimit(db, addressKey(address));
  return klass.on ? { ok: true, klass } : { ok: false, reason: "off" };
}

export type CodeStudent = { id: string; apodo: string; picture: string };

/** The class's students as the code's page lists them: apodo and picture, in roster order. */
export async function studentsForCode(db: Db, classId: string): Promise<CodeStudent[]> {
  return db
    .selectFrom("class_students as s")
    .innerJoin("child_readers as c", "c.user_id", "s.user_id")
    .innerJoin("profiles as p", "p.user_id", "s.user_id")
    .select(["s.user_id as id", "p.apodo as apodo", "c.picture as picture"])
    .where("s.class_id", "=", classId)
    .orderBy("s.created_at")
    .orderBy("p.apodo")
    .execute();
}

export type PictureCheck =
  | { ok: true }
  | { ok: false; reason: "wrong"; triesLeft: number; retryAfterSeconds: number }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * The picture a student chose beside their name. Every try takes its place in the three limits
 * before it is compared (one atomic upsert each, as a PIN: of any number of parallel guesses at
 * most `max` are compared); a try refused by one limit takes no place in the next and gives back
 * its place in those before; a right picture gives back its places per address and per class and
 * clears the student's count.
 */
export async function checkStudentPicture(
  db: Db,
  { classId, student, picture, address }: { classId: string; student: CodeStudent; picture: string; address: string },
): Promise<PictureCheck> {
  const keys = [addressKey(address), classKey(classId), studentKey(student.id)] as const;
  const rules = [CLASS_CODE_LIMITS.perAddress, CLASS_CODE_LIMITS.perClass, CLASS_CODE_LIMITS.perStudent] as const;
  const hits = [];
  for (const [index, key] of keys.entries()) {
    const hit = await hitRateLimit(db, key, rules[index]!);
    hits.push(hit);
    // Refused here, it takes no place in the next limits: in a burst, a try the class limit
    // refused once held one of the student's 5 places until its refund, and a try that should
    // have been compared was refused in its stead (4 of 20 compared, on PostgreSQL under load).
    if (!hit.allowed) break;
  }
  if (hits.some((hit) => !hit.allowed)) {
    for (const [index, hit] of hits.entries()) if (hit.allowed) await refundRateLimit(db, keys[index]!);
    return {
      ok: false,
      reason: "limited",
      retryAfterSeconds: Math.max(...hits.filter((hit) => !hit.allowed).map((hit) => hit.retryAfterSeconds)),
    };
  }
  if (picture !== student.picture) {
    // The pause after the last try: that of the limit that runs out first.
    const next = hits.reduce((first, hit) => (hit.remaining < first.remaining ? hit : first));
    return { ok: false, reason: "wrong", triesLeft: next.remaining, retryAfterSeconds: next.retryAfterSeconds };
  }
  await refundRateLimit(db, keys[0]);
  await refundRateLimit(db, keys[1]);
  await sql`delete from rate_limits where key = ${keys[2]}`.execute(db);
  return { ok: true };
}

export type ClassCodeView = { code: string; on: boolean };

/** The teacher's class's code (made now if the class has none yet), and whether it is on. */
export async function classCodeOf(db: Db, teacherId: string, classId: string): Promise<ClassCodeView | null> {
  const row = await db
    .selectFrom("classes")
    .select(["join_code", "join_code_on"])
    .where("teacher_id", "=", teacherId)
    .where("id", "=", classId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.join_code) return { code: row.join_code, on: row.join_code_on };
  return renewClassCode(db, teacherId, classId);
}

/** Turns the code of one of the teacher's classes on or off; null when the class is not theirs. */
export async function setClassCodeOn(db: Db, teacherId: string, classId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable("classes")
    .set({ join_code_on: on })
    .where("teacher_id", "=", teacherId)
    .where("id", "=", classId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new code for one of the teacher's classes, on: the old one fails from now (it is kept
 * nowhere), and the wrong pictures counted against the class are forgotten (whoever guessed them
 * had the old code). Null when the class is not the teacher's.
 */
export async function renewClassCode(db: Db, teacherId: string, classId: string): Promise<ClassCodeView | null> {
  for (let attempt = 0; ; attempt++) {
    const code = newClassCode();
    try {
      const result = await db
        .updateTable("classes")
        .set({ join_code: code, join_code_on: true })
        .where("teacher_id", "=", teacherId)
        .where("id", "=", classId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      await sql`delete from rate_limits where key = ${classKey(classId)}`.execute(db);
      return { code, on: true };
    } catch (error) {
      // Another class has this code (31^8 codes: practically never): draw again.
      if (attempt >= 3) throw error;
    }
  }
}

import type { Db } from "../../lib/db.server.ts";
import { csvFile } from "../../lib/csv.ts";
import { formatDateTime, SITE_TIME_ZONE } from "../../lib/dates.ts";
import { classHoldLabels } from "./class-messages.ts";

/**
 * The class board: students × chapters unlocked (the class's passport), who has not started,
 * and the class's own discussion. Also what 'Cerrar la clase' offers as CSV.
 */

export type BoardChapter = { id: string; number: number | null; title: string };
export type BoardRow = { id: string; apodo: string; unlocked: string[] };
export type Board = { chapters: BoardChapter[]; rows: BoardRow[]; notStarted: string[] };

export async function classBoard(db: Db, classId: string): Promise<Board> {
  const [chapters, students, unlocks] = await Promise.all([
    db
      .selectFrom("chapters")
      .select(["id", "number", "title"])
      .where("hidden", "=", false)
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("class_students as s")
      .innerJoin("profiles as p", "p.user_id", "s.user_id")
      .select(["s.user_id as id", "p.apodo as apodo"])
      .where("s.class_id", "=", classId)
      .orderBy("s.created_at")
      .execute(),
    db
      .selectFrom("unlocked_chapters as u")
      .innerJoin("class_students as s", "s.user_id", "u.user_id")
      .select(["u.user_id", "u.chapter_id"])
      .where("s.class_id", "=", classId)
      .execute(),
  ]);
  const byStudent = new Map<string, Set<string>>();
  for (const unlock of unlocks) {
    const set = byStudent.get(unlock.user_id) ?? new Set<string>();
    set.add(unlock.chapter_id);
    byStudent.set(unlock.user_id, set);
  }
  const rows = students.map((student) => ({
    id: student.id,
    apodo: student.apodo,
    unlocked: chapters.filter((chapter) => byStudent.get(student.id)?.has(chapter.id)).map((chapter) => chapter.id),
  }));
  return { chapters, rows, notStarted: rows.filter((row) => !row.unlocked.length).map((row) => row.apodo) };
}

export type ClassComment = {
  id: string;
  apodo: string;
  text: string;
  chapterTitle: string;
  createdAt: string;
  status: "visible" | "held" | "hidden";
  /** Why a held comment waits, in the teacher's words (CLASS_HOLD_LABELS); empty otherwise. */
  holdReasons: string[];
};

/**
 * The class's discussion, newest first: what its students wrote, in any state, for the teacher.
 * A held comment says why it was held: the reasons the filter stored when it was posted.
 */
export async function classComments(db: Db, classId: string, limit = 200): Promise<ClassComment[]> {
  const rows = await db
    .selectFrom("comments as c")
    .innerJoin("profiles as p", "p.user_id", "c.user_id")
    .leftJoin("chapters as ch", "ch.slug", "c.section_id")
    .select(["c.id", "p.apodo", "c.text", "c.section_id", "ch.title", "c.created_at", "c.status", "c.held_reasons"])
    .where("c.audience", "=", classId)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    apodo: row.apodo,
    text: row.text,
    chapterTitle: row.title ?? row.section_id,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    holdReasons: row.status === "held" ? classHoldLabels(row.held_reasons) : [],
  }));
}

/** Every comment of the class ever kept, for its CSV (the page shows the newest 200). */
const ALL_CLASS_COMMENTS = 40 * 1000;
export const allClassComments = (db: Db, classId: string) => classComments(db, classId, ALL_CLASS_COMMENTS);

/** Whether every one of `commentIds` belongs to this class's discussion (none may be another's). */
export async function areClassComments(db: Db, classId: string, commentIds: readonly unknown[]): Promise<boolean> {
  const ids = new Set(commentIds.filter((id): id is string => typeof id === "string" && id !== ""));
  if (!ids.size || ids.size !== commentIds.length) return false;
  const rows = await db
    .selectFrom("comments")
    .select("id")
    .where("id", "in", [...ids])
    .where("audience", "=", classId)
    .execute();
  return rows.length === ids.size;
}

/** Whether a comment belongs to this class's discussion (the teacher may approve or hide it). */
export async function isClassComment(db: Db, classId: string, commentId: unknown): Promise<boolean> {
  if (typeof commentId !== "string" || !commentId) return false;
  const row = await db
    .selectFrom("comments")
    .select("id")
    .where("id", "=", commentId)
    .where("audience", "=", classId)
    .executeTakeFirst();
  return row !== undefined;
}

const STATUS_IN_CSV: Record<ClassComment["status"], string> = {
  visible: "lo ve la clase",
  held: "en revisión",
  hidden: "ocultado",
};

/** A date as spreadsheets read one (2026-03-12), in the site's time zone. */
export const boardDate = (when: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(when);

/**
 * The board as CSV (app/lib/csv.ts), what the teacher keeps after closing the class: one row per
 * student, every row the same columns so it stays one table a spreadsheet can sort: the chapters
 * unlocked, their count, the student's comments (one per line inside the cell, oldest first, each
 * with its chapter, date and state), and the day the board was taken.
 */
export function boardCsv(board: Board, comments: readonly ClassComment[], takenAt: Date): string {
  const header = [
    "Apodo",
    ...board.chapters.map((c) => (c.number ? `${c.number}. ${c.title}` : c.title)),
    "Capítulos",
    "Comentarios",
    "Fecha del tablero",
  ];
  const date = boardDate(takenAt);
  const byStudent = new Map<string, string[]>();
  for (const comment of [...comments].reverse()) {
    const lines = byStudent.get(comment.apodo) ?? [];
    lines.push(
      `«${comment.chapterTitle}» (${formatDateTime(comment.createdAt)}, ${STATUS_IN_CSV[comment.status]}): ${comment.text}`,
    );
    byStudent.set(comment.apodo, lines);
  }
  return csvFile([
    header,
    ...board.rows.map((row) => {
      const unlocked = new Set(row.unlocked);
      return [
        row.apodo,
        ...board.chapters.map((c) => (unlocked.has(c.id) ? "sí" : "")),
        String(row.unlocked.length),
        (byStudent.get(row.apodo) ?? []).join("\n"),
        date,
      ];
    }),
  ]);
}

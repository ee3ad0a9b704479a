import type { Db } from "../../lib/db.server.ts";
import { csvFile } from "../../lib/csv.ts";

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
};

/** The class's discussion, newest first: what its students wrote, in any state, for the teacher. */
export async function classComments(db: Db, classId: string): Promise<ClassComment[]> {
  const rows = await db
    .selectFrom("comments as c")
    .innerJoin("profiles as p", "p.user_id", "c.user_id")
    .leftJoin("chapters as ch", "ch.slug", "c.section_id")
    .select(["c.id", "p.apodo", "c.text", "c.section_id", "ch.title", "c.created_at", "c.status"])
    .where("c.audience", "=", classId)
    .orderBy("c.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    apodo: row.apodo,
    text: row.text,
    chapterTitle: row.title ?? row.section_id,
    createdAt: row.created_at.toISOString(),
    status: row.status,
  }));
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

/** The board as CSV (app/lib/csv.ts): one row per student. */
export function boardCsv(board: Board): string {
  const header = ["Apodo", ...board.chapters.map((c) => (c.number ? `${c.number}. ${c.title}` : c.title)), "Capítulos"];
  return csvFile([
    header,
    ...board.rows.map((row) => {
      const unlocked = new Set(row.unlocked);
      return [row.apodo, ...board.chapters.map((c) => (unlocked.has(c.id) ? "sí" : "")), String(row.unlocked.length)];
    }),
  ]);
}

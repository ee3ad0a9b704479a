import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";

/**
 * The classrooms as the authors' statistics show them: classes open now, their students, and
 * the chapters those students have unlocked. Totals only, never a class or a student by name.
 */
export async function classCounts(db: Db): Promise<{ classes: number; students: number; chapterUnlocks: number }> {
  const { rows } = await sql<{ classes: number; students: number; chapterUnlocks: number }>`
    select
      (select count(*) from classes) as classes,
      (select count(*) from class_students) as students,
      (select count(*) from unlocked_chapters u join class_students s on s.user_id = u.user_id) as "chapterUnlocks"`.execute(
    db,
  );
  const row = rows[0]!;
  return { classes: Number(row.classes), students: Number(row.students), chapterUnlocks: Number(row.chapterUnlocks) };
}

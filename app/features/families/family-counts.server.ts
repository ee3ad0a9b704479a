import type { Db } from "../../lib/db.server.ts";

/**
 * How many adults answer for child readers of their family, and how many such children there
 * are: counts only. A class's students are child readers too (kind 'class', migration 0018),
 * counted with their classes instead.
 */
export async function familyCounts(db: Db): Promise<{ families: number; childReaders: number }> {
  const row = await db
    .selectFrom("child_readers")
    .select([
      (eb) => eb.fn.count<string>("guardian_id").distinct().as("families"),
      (eb) => eb.fn.countAll<string>().as("childReaders"),
    ])
    .where("kind", "=", "family")
    .executeTakeFirstOrThrow();
  return { families: Number(row.families), childReaders: Number(row.childReaders) };
}

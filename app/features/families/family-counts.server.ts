import type { Db } from "../../lib/db.server.ts";

/** How many adults answer for child readers, and how many child readers there are: counts only. */
export async function familyCounts(db: Db): Promise<{ families: number; childReaders: number }> {
  const row = await db
    .selectFrom("child_readers")
    .select([
      (eb) => eb.fn.count<string>("guardian_id").distinct().as("families"),
      (eb) => eb.fn.countAll<string>().as("childReaders"),
    ])
    .executeTakeFirstOrThrow();
  return { families: Number(row.families), childReaders: Number(row.childReaders) };
}

import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";

/**
 * Forgets the records of a class's cards refused past the card-guess limit (written by
 * app/pages/card-guesses.server.ts) once they are older than any window they could still
 * explain: the hourly housekeeping. They hold the school's address, so they go within a day, like
 * the limits' own counters.
 */
export async function pruneCardRefusals(db: Db, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const result = await db
    .deleteFrom("class_card_refusals")
    .where("refused_at", "<", sql<Date>`now() - ${`${olderThanSeconds} seconds`}::interval`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

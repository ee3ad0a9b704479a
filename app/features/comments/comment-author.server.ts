import { sql } from "kysely";

/** The name a comment shows when its author has none (a deleted profile, an empty apodo). */
export const FALLBACK_NAME = "Lector";

/** The apodo of the comment's author as it is now, so a new apodo shows on old comments too. */
export const apodoOf = sql<string>`coalesce(nullif((select p.apodo from profiles p where p.user_id = c.user_id), ''), ${FALLBACK_NAME})`;

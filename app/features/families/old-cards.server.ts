import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { ChildReaderKind } from "../../lib/db-schema.ts";

/**
 * Replaced login cards (issue 39, decision 063). Reprinting is a normal teacher's or family's
 * action, and the old cards stay in backpacks: a scan of one must say it is old, and never count
 * as a guess against the address it comes from (a school's, shared by the whole class). Only the
 * SHA-256 of the token is kept, as for a working card, for a year.
 */

/** How long a replaced card is still recognised as old (then it is just unknown). */
export const OLD_CARD_DAYS = 365;

/** What a card's token is kept as (never the token itself). */
export const cardTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** 144 random bits in base64url: the only shape a card's token has. */
export const isCardTokenShape = (token: string) => /^[A-Za-z0-9_-]{24}$/.test(token);

/**
 * Keeps the reader's working card, if any, as an old one: inside the caller's transaction,
 * before the new card replaces its row.
 */
export async function keepReplacedCard(trx: Db, readerId: string): Promise<void> {
  await sql`
    insert into old_login_cards (token_hash, user_id, revoked_at)
    select token_hash, user_id, now() from login_cards where user_id = ${readerId}
    on conflict (token_hash) do nothing`.execute(trx);
}

/** Whose kind of reader an old card was ('class': a teacher's student; 'family'), or null. */
export async function oldCardKind(db: Db, token: string): Promise<ChildReaderKind | null> {
  if (!isCardTokenShape(token)) return null;
  const row = await db
    .selectFrom("old_login_cards as o")
    .innerJoin("child_readers as c", "c.user_id", "o.user_id")
    .select("c.kind")
    .where("o.token_hash", "=", cardTokenHash(token))
    .where("o.revoked_at", ">", sql<Date>`now() - ${`${OLD_CARD_DAYS} days`}::interval`)
    .executeTakeFirst();
  return row?.kind ?? null;
}

/** Forgets cards replaced more than OLD_CARD_DAYS ago (the hourly housekeeping). */
export async function pruneOldCards(db: Db, olderThanDays = OLD_CARD_DAYS): Promise<number> {
  const result = await db
    .deleteFrom("old_login_cards")
    .where("revoked_at", "<", sql<Date>`now() - ${`${olderThanDays} days`}::interval`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

import { sql } from "kysely";
import { cardTokenHash, isCardTokenShape } from "../features/families/old-cards.server.ts";
import type { Db } from "../lib/db.server.ts";
import { hitRateLimit, rateLimitMax, type RateLimitRule } from "../lib/rate-limit.server.ts";

/**
 * The card-guess limit and its blocks (issue 39, decision 063). A login card's token is counted
 * against its address before it is looked up (only unknown tokens keep their place), so nobody
 * can try many; a school shares one address, so when the limit is reached every student there
 * waits, and their teacher must see it and be able to lift it. An unknown token belongs to no
 * class; a real card refused by the limit does: that refusal ties the block to its class. Login
 * cards are the families feature's, classes the classes feature's: this module joins the two.
 */

/** Unknown cards one address may try a window (old cards and real ones do not count). */
export const CARD_GUESSES: RateLimitRule = { max: 30, windowSeconds: 10 * 60 };

/** Each lift gives an address a new window of guesses: a teacher lifts at most this many a day. */
export const CARD_UNBLOCKS: RateLimitRule = { max: 5, windowSeconds: 24 * 60 * 60 };

export const cardGuessKey = (address: string) => `card-guess:${address}`;

/**
 * Records, when `token` is a class's working card, that it was refused at `address` by the
 * limit. One statement whatever the token (a lookup and, for a real card, a write), and the
 * answer does not depend on it: past the limit a guesser learns nothing of their guesses.
 */
export async function noteRefusedCard(db: Db, token: string, address: string): Promise<void> {
  if (!isCardTokenShape(token)) return;
  await sql`
    insert into class_card_refusals (class_id, address, refused_at)
    select s.class_id, ${address}, now()
    from login_cards l join class_students s on s.user_id = l.user_id
    where l.token_hash = ${cardTokenHash(token)}
    on conflict (class_id, address) do update set refused_at = excluded.refused_at`.execute(db);
}

export type CardBlock = { lastRefusedAt: Date; retryAfterSeconds: number };

/**
 * The addresses where the class's cards are blocked now: the limit is reached there and one of
 * the class's real cards was refused within that same window (an older refusal is another
 * block's, already over).
 */
async function blockedAddresses(db: Db, classId: string) {
  const { rows } = await sql<{ address: string; refused_at: Date; window_start: Date }>`
    select r.address, r.refused_at, l.window_start
    from class_card_refusals r join rate_limits l on l.key = 'card-guess:' || r.address
    where r.class_id = ${classId}
      and l.window_start > now() - ${`${CARD_GUESSES.windowSeconds} seconds`}::interval
      and l.count > ${rateLimitMax(CARD_GUESSES)}
      and r.refused_at >= l.window_start`.execute(db);
  return rows;
}

/** The block on one class's cards right now (the latest refusal, the longest wait), or null. */
export async function classCardBlock(db: Db, classId: string): Promise<CardBlock | null> {
  const rows = await blockedAddresses(db, classId);
  if (!rows.length) return null;
  const ends = rows.map((row) => new Date(row.window_start).getTime() + CARD_GUESSES.windowSeconds * 1000);
  return {
    lastRefusedAt: new Date(Math.max(...rows.map((row) => new Date(row.refused_at).getTime()))),
    retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...ends) - Date.now()) / 1000)),
  };
}

/**
 * The teacher's 'Desbloquear': the card-guess count of every address where the class's cards
 * are blocked starts again. Only those addresses (a teacher cannot lift another's), and only a
 * few times a day (each lift is another window of guesses for whoever caused the block).
 */
export async function liftClassCardBlock(
  db: Db,
  teacherId: string,
  classId: string,
): Promise<{ ok: true } | { ok: false; reason: "none" | "limited" }> {
  const addresses = (await blockedAddresses(db, classId)).map((row) => row.address);
  if (!addresses.length) return { ok: false, reason: "none" };
  const hit = await hitRateLimit(db, `card-unblock:${teacherId}`, CARD_UNBLOCKS);
  if (!hit.allowed) return { ok: false, reason: "limited" };
  await db.transaction().execute(async (trx) => {
    for (const address of addresses)
      await sql`delete from rate_limits where key = ${cardGuessKey(address)}`.execute(trx);
    await trx
      .deleteFrom("class_card_refusals")
      .where("class_id", "=", classId)
      .where("address", "in", addresses)
      .execute();
  });
  return { ok: true };
}

import { sql } from "kysely";
import type { Db } from "./db.server.ts";

export type RateLimitRule = { max: number; windowSeconds: number };

export const RATE_LIMIT_MESSAGE = "Demasiados intentos seguidos. Espera un momento y vuelve a intentarlo.";

let multiplier = 1;

/** RATE_LIMIT_MULTIPLIER: the end-to-end suite makes many sign-ins from one address. */
export function setRateLimitMultiplier(value: number) {
  multiplier = value;
}

/** The most hits `rule` lets through a window, as the checks here count them (multiplier included). */
export const rateLimitMax = (rule: RateLimitRule) => rule.max * multiplier;

/**
 * Counts one hit on `key` and says whether it is within `rule`. One atomic upsert, so
 * concurrent requests (and several instances) never both slip under the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number; remaining: number }> {
  const window = `${rule.windowSeconds} seconds`;
  const { rows } = await sql<{ count: number; window_start: Date }>`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - ${window}::interval then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window}::interval then now() else rate_limits.window_start end
    returning count, window_start`.execute(db);
  const row = rows[0]!;
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return {
    allowed: row.count <= rule.max * multiplier,
    retryAfterSeconds: Math.max(1, Math.ceil(rule.windowSeconds - elapsed)),
    // Hits in this window, this one included, and those still allowed (a child is told both).
    count: row.count,
    remaining: Math.max(0, rule.max * multiplier - row.count),
  };
}

/**
 * Gives back the place a try took with hitRateLimit when it turned out not to count (a right
 * PIN, a real card): a limit that counts only failures can then count every try first, in the
 * one statement that also says whether it is allowed, and so never lets more than its maximum
 * through in parallel.
 */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`.execute(db);
}

/**
 * Whether `key` is already past `rule`, without counting a hit: for limits that count only
 * failures (unknown QR codes) but, once reached, refuse every try until the window ends.
 */
export async function rateLimitReached(
  db: Db,
  key: string,
  rule: RateLimitRule,
): Promise<{ reached: boolean; retryAfterSeconds: number }> {
  const { rows } = await sql<{ count: number; window_start: Date }>`
    select count, window_start from rate_limits
    where key = ${key} and window_start > now() - ${`${rule.windowSeconds} seconds`}::interval`.execute(db);
  const row = rows[0];
  if (!row || row.count <= rule.max * multiplier) return { reached: false, retryAfterSeconds: 0 };
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  return { reached: true, retryAfterSeconds: Math.max(1, Math.ceil(rule.windowSeconds - elapsed)) };
}

/** Forgets counters whose window ended long ago (every client address leaves one row). */
export async function pruneRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const result =
    await sql`delete from rate_limits where window_start < now() - ${`${olderThanSeconds} seconds`}::interval`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { verifySecret } from "../../lib/password-hashing.server.ts";
import { hitRateLimit, refundRateLimit, type RateLimitRule } from "../../lib/rate-limit.server.ts";

/** A child's PIN: 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;

/**
 * Wrong PINs: per child, a handful before a pause (a 4-digit PIN has 10,000 values, so a
 * guesser gets ~0.1% a window); per address, enough for a whole family or class behind one
 * address to sign in, retries included.
 */
export const PIN_LIMITS = {
  perChild: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const childPinKey = (childId: string) => `family-pin:${childId}`;

export const pinLimitKeys = (childId: string, address: string) => ({
  perChild: childPinKey(childId),
  perAddress: `family-pin-address:${address}`,
});

/**
 * A wrong PIN says how many misses in a row (`misses`), how many tries are left before the
 * pause (`triesLeft`, the smaller of both limits') and how long that pause lasts, or what is
 * left of it (`retryAfterSeconds`): what the child reads (wrongPinMessage).
 */
export type PinCheck =
  | { ok: true }
  | { ok: false; reason: "wrong"; misses: number; triesLeft: number; retryAfterSeconds: number }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * A child's PIN, typed on the reader chooser. Every try takes its place in both limits BEFORE
 * the PIN is compared, in one atomic upsert each (hitRateLimit), and the PIN is compared only
 * when both places are within the limits: of any number of parallel guesses exactly `max` are
 * compared. (Counting after the comparison let 26 of 40 parallel wrong PINs be compared, and a
 * sixth sequential one.) A try refused by one limit gives back its place in the other, and a
 * right PIN gives back its place per address and clears the child's count, so that only wrong
 * PINs count. Past either limit every try is refused unchecked until the window ends.
 */
export async function checkChildPin(
  db: Db,
  { childId, pin, address }: { childId: string; pin: unknown; address: string },
): Promise<PinCheck> {
  const keys = pinLimitKeys(childId, address);
  const perChild = await hitRateLimit(db, keys.perChild, PIN_LIMITS.perChild);
  const perAddress = await hitRateLimit(db, keys.perAddress, PIN_LIMITS.perAddress);
  if (!perChild.allowed || !perAddress.allowed) {
    // Refused unchecked: this try takes no place in the limit that let it through.
    if (perChild.allowed) await refundRateLimit(db, keys.perChild);
    if (perAddress.allowed) await refundRateLimit(db, keys.perAddress);
    const waits = [perChild, perAddress].filter((hit) => !hit.allowed).map((hit) => hit.retryAfterSeconds);
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(...waits) };
  }
  const row = await db.selectFrom("child_readers").select("pin_hash").where("user_id", "=", childId).executeTakeFirst();
  const matches =
    row?.pin_hash && typeof pin === "string" && PIN_PATTERN.test(pin)
      ? await verifySecret({ hash: row.pin_hash, password: pin })
      : false;
  if (!matches) {
    const triesLeft = Math.min(perChild.remaining, perAddress.remaining);
    // The pause that comes after the last try: the limit that runs out first.
    const next = perAddress.remaining < perChild.remaining ? perAddress : perChild;
    return { ok: false, reason: "wrong", misses: perChild.count, triesLeft, retryAfterSeconds: next.retryAfterSeconds };
  }
  await clearChildPinLock(db, childId);
  await refundRateLimit(db, keys.perAddress);
  return { ok: true };
}

/**
 * Forgets a child's wrong PINs: after the right one, and when their adult gives them a new PIN
 * (issue 39: the new PIN must open at once, not after the pause the forgotten one earned). The
 * count per address stays: it guards the whole address, not this child.
 */
export async function clearChildPinLock(db: Db, childId: string): Promise<void> {
  await sql`delete from rate_limits where key = ${childPinKey(childId)}`.execute(db);
}

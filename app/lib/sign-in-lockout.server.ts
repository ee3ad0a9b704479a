import { sql } from "kysely";
import type { Db } from "./db.server.ts";

/**
 * Password guessing aimed at one account from many addresses: per-address limits cannot see it,
 * so failures are also counted per account. The first few are free (typos); after that each
 * failure locks the account for twice as long as the last, up to a ceiling short enough that
 * its owner is never kept out for long. While locked, every attempt is refused unchecked, so a
 * guesser gets one try per lock and cannot lengthen it.
 */
export const ACCOUNT_GUARD = {
  freeFailures: 5,
  firstLockSeconds: 30,
  maxLockSeconds: 15 * 60,
  /** A day without failures starts the count again. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

const normalise = (email: string) => email.trim().toLowerCase();

/** Seconds this account must still wait before a sign-in is tried; 0 when it may try now. */
export async function accountLockSeconds(db: Db, email: string): Promise<number> {
  const { rows } = await sql<{ seconds: number }>`
    select ceil(extract(epoch from locked_until - now()))::int as seconds
    from sign_in_failures where email = ${normalise(email)} and locked_until > now()`.execute(db);
  return rows[0]?.seconds ?? 0;
}

/** Counts a wrong password for this account (one atomic upsert, safe across instances). */
export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  const { freeFailures, firstLockSeconds, maxLockSeconds, forgetAfterSeconds } = ACCOUNT_GUARD;
  await sql`
    insert into sign_in_failures as f (email, failures, last_failure_at, locked_until)
    values (${normalise(email)}, 1, now(), null)
    on conflict (email) do update set
      failures = case when f.last_failure_at < now() - make_interval(secs => ${forgetAfterSeconds})
                      then 1 else f.failures + 1 end,
      last_failure_at = now()
    `.execute(db);
  await sql`
    update sign_in_failures
    set locked_until = now() + make_interval(secs => least(
      ${maxLockSeconds}::float8, ${firstLockSeconds}::float8 * power(2, failures - ${freeFailures} - 1)))
    where email = ${normalise(email)} and failures > ${freeFailures}`.execute(db);
}

/** A successful sign-in forgets the account's failures. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await sql`delete from sign_in_failures where email = ${normalise(email)}`.execute(db);
}

/** Housekeeping: rows of accounts that have been quiet for a day. */
export async function pruneSignInFailures(db: Db): Promise<number> {
  const result = await sql`
    delete from sign_in_failures
    where last_failure_at < now() - make_interval(secs => ${ACCOUNT_GUARD.forgetAfterSeconds})
      and (locked_until is null or locked_until < now())`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function accountLockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} segundos` : minutes === 1 ? "1 minuto" : `${minutes} minutos`;
  return `Hubo demasiados intentos fallidos con esta cuenta. Por seguridad, espera ${wait} antes de volver a intentarlo.`;
}

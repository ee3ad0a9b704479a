import type { Db } from "../../lib/db.server.ts";
import type { FamilyAgeRule } from "./child-age.ts";
import { FAMILY_MESSAGES } from "./family-messages.ts";

/**
 * Whether this account may bring children in (and answer for them): an adult of 14 or over by
 * the year they gave, whose e-mail is confirmed when the site can confirm addresses, and who is
 * neither a child reader nor a child's own account. The reason in Spanish when not.
 */
export async function guardianRefusal(
  db: Db,
  userId: string,
  { mailConfirmation, rule }: { mailConfirmation: boolean; rule: FamilyAgeRule },
): Promise<string | null> {
  const row = await db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .leftJoin("child_readers as c", "c.user_id", "u.id")
    .leftJoin("guardian_consents as g", "g.user_id", "u.id")
    .select(["u.emailVerified", "p.birth_year", "c.user_id as childReader", "g.user_id as childAccount"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row || row.childReader || row.childAccount) return FAMILY_MESSAGES.adultUnder14;
  if (!rule.mayActAsGuardian(row.birth_year)) return FAMILY_MESSAGES.adultUnder14;
  if (mailConfirmation && !row.emailVerified) return FAMILY_MESSAGES.emailNotConfirmed;
  return null;
}

import type { Db } from "../../lib/db.server.ts";
import { log } from "../../lib/log.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { GUARDIAN_MAIL_LIMIT, issueGuardianLink } from "./guardian-consent.server.ts";
import { guardianMail, type GuardianMailer } from "./guardian-mailer.server.ts";
import { GUARDIAN_MESSAGES } from "./guardian-messages.ts";

export type GuardianRequestResult = { ok: true } | { ok: false; status: 409 | 429 | 502; error: string };

/**
 * Sends a waiting child's guardian a fresh link (the old one stops working), at most
 * GUARDIAN_MAIL_LIMIT times an hour per account, the first e-mail included.
 */
export async function sendGuardianRequest(
  { db, mailer }: { db: Db; mailer: GuardianMailer },
  userId: string,
  guardianEmail?: string,
): Promise<GuardianRequestResult> {
  const limit = await hitRateLimit(db, `guardian-mail:${userId}`, GUARDIAN_MAIL_LIMIT);
  if (!limit.allowed) return { ok: false, status: 429, error: GUARDIAN_MESSAGES.tooMany };
  const link = await issueGuardianLink(db, userId, guardianEmail);
  if (!link) return { ok: false, status: 409, error: GUARDIAN_MESSAGES.sendFailed };
  try {
    await mailer.mailer.send(guardianMail(mailer.siteUrl, link.guardianEmail, link.childEmail, link.token));
    return { ok: true };
  } catch (error) {
    log.warn("guardian mail not sent", { error });
    return { ok: false, status: 502, error: GUARDIAN_MESSAGES.sendFailed };
  }
}

/**
 * The first e-mail to a child's guardian, once the child's own address is confirmed (or at
 * once, for an address Google confirmed). Sent only if none was sent yet.
 */
export async function sendFirstGuardianRequest(deps: { db: Db; mailer: GuardianMailer }, userId: string) {
  const row = await deps.db
    .selectFrom("guardian_consents")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("allowed_at", "is", null)
    .where("mailed_at", "is", null)
    .where("guardian_email", "is not", null)
    .executeTakeFirst();
  if (row) await sendGuardianRequest(deps, userId);
}

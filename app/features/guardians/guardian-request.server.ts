import type { Db } from "../../lib/db.server.ts";
import { log } from "../../lib/log.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import {
  GUARDIAN_MAIL_LIMIT,
  issueGuardianLink,
  markChildAccount,
  recordGuardianMail,
} from "./guardian-consent.server.ts";
import { guardianMail, type GuardianMailer } from "./guardian-mailer.server.ts";
import { GUARDIAN_MESSAGES } from "./guardian-messages.ts";

export type GuardianRequestResult = { ok: true } | { ok: false; status: 409 | 429 | 502 | 503; error: string };

/** How a guardian can be asked from this site now: by e-mail, or (no mail server) only through the family path. */
export const guardianReachOf = ({ mailer }: GuardianMailer) =>
  mailer.enabled ? ("mail" as const) : ("family" as const);

/**
 * Sends a waiting child's guardian a fresh link (the old one stops working), at most
 * GUARDIAN_MAIL_LIMIT times an hour per account, the first e-mail included. Whatever happens is
 * recorded: the e-mail left, or why not (no mail server, or the server refused it), so nobody
 * is told an e-mail was sent when it was not.
 */
export async function sendGuardianRequest(
  { db, mailer }: { db: Db; mailer: GuardianMailer },
  userId: string,
  guardianEmail?: string,
): Promise<GuardianRequestResult> {
  if (!mailer.mailer.enabled) {
    await recordGuardianMail(db, userId, "not-configured");
    return { ok: false, status: 503, error: GUARDIAN_MESSAGES.mailNotConfigured };
  }
  const limit = await hitRateLimit(db, `guardian-mail:${userId}`, GUARDIAN_MAIL_LIMIT);
  if (!limit.allowed) return { ok: false, status: 429, error: GUARDIAN_MESSAGES.tooMany };
  const link = await issueGuardianLink(db, userId, guardianEmail);
  if (!link) return { ok: false, status: 409, error: GUARDIAN_MESSAGES.sendFailed };
  try {
    await mailer.mailer.send(guardianMail(mailer.siteUrl, link.guardianEmail, link.childEmail, link.token));
  } catch (error) {
    log.warn("guardian mail not sent", { error });
    await recordGuardianMail(db, userId, "send-failed");
    return { ok: false, status: 502, error: GUARDIAN_MESSAGES.sendFailed };
  }
  await recordGuardianMail(db, userId, "sent");
  return { ok: true };
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

/** How the age rule (app/features/age) said a guardian is to be asked. */
export type ConsentPath = { path: "guardian-email"; guardianEmail: string | null } | { path: "family" };

/**
 * Makes the account a child's that waits for its family, as the age rule decided. With an e-mail
 * path, the guardian is written to now (`mailNow`) or once the child's address is confirmed; on
 * the family path nothing can be sent, and that is recorded for the child's notice and the admins.
 */
export async function startGuardianConsent(
  deps: { db: Db; mailer: GuardianMailer },
  userId: string,
  consent: ConsentPath,
  { mailNow }: { mailNow: boolean },
): Promise<void> {
  if (consent.path === "family") {
    if (await markChildAccount(deps.db, userId, null)) await recordGuardianMail(deps.db, userId, "not-configured");
    return;
  }
  await markChildAccount(deps.db, userId, consent.guardianEmail);
  // A failed e-mail is recorded and sent again from the child's page ('Enviar el correo otra vez').
  if (mailNow && consent.guardianEmail) await sendFirstGuardianRequest(deps, userId);
}

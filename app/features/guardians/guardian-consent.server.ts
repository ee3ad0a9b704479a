import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { GuardianMailProblem } from "../../lib/db-schema.ts";
import { GUARDIAN_MESSAGES, type GuardianMailStatus } from "./guardian-messages.ts";

/** The guardian's link works once, for this long. */
export const GUARDIAN_LINK_DAYS = 7;

/** E-mails a child may ask for (first one included), per account. */
export const GUARDIAN_MAIL_LIMIT = { max: 3, windowSeconds: 60 * 60 };

export type ConsentState =
  | { kind: "adult" }
  | { kind: "waiting"; guardianEmail: string | null; mailedAt: Date | null; mail: GuardianMailStatus }
  | { kind: "allowed" };

/** Whether the site can send mail now (SMTP_URL): what a waiting child is told depends on it. */
export type MailAvailability = { mailAvailable: boolean };

/** Only a hash is stored: a copy of the database cannot answer for a family. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type MailFacts = { guardianEmail: string | null; mailedAt: Date | null; mailProblem: GuardianMailProblem | null };

/**
 * Where a waiting child's consent e-mail stands, in one place for the child's notice and the
 * admins' counts. 'not-configured' is read from the site as it is now, so configuring mail
 * later lets the child send it; a refusal by the mail server stays until an e-mail leaves.
 */
function mailStatus({ guardianEmail, mailedAt, mailProblem }: MailFacts, { mailAvailable }: MailAvailability) {
  if (mailedAt && !mailProblem) return "sent" as const;
  if (!mailAvailable) return "not-configured" as const;
  if (mailProblem === "send-failed") return "send-failed" as const;
  if (!guardianEmail) return "no-address" as const;
  return "not-sent-yet" as const;
}

/** A reader's guardian-consent row as consentStateOf reads it (null: no consent is asked of them). */
export type ConsentRecord = {
  guardian_email: string | null;
  mailed_at: Date | null;
  allowed_at: Date | null;
  mail_problem: GuardianMailProblem | null;
};

export async function consentRecord(db: Db, userId: string): Promise<ConsentRecord | null> {
  const row = await db
    .selectFrom("guardian_consents")
    .select(["guardian_email", "mailed_at", "allowed_at", "mail_problem"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** What a reader's consent row means for them (a kept row, app/access/session.server.ts, or a fresh one). */
export function consentStateOf(row: ConsentRecord | null, mail: MailAvailability): ConsentState {
  if (!row) return { kind: "adult" };
  if (row.allowed_at) return { kind: "allowed" };
  const facts = { guardianEmail: row.guardian_email, mailedAt: row.mailed_at, mailProblem: row.mail_problem };
  return { kind: "waiting", guardianEmail: row.guardian_email, mailedAt: row.mailed_at, mail: mailStatus(facts, mail) };
}

export async function consentState(db: Db, userId: string, mail: MailAvailability): Promise<ConsentState> {
  return consentStateOf(await consentRecord(db, userId), mail);
}

/** How many children wait for their family, by where their consent e-mail stands (the admins' view). */
export async function waitingConsentCounts(
  db: Db,
  mail: MailAvailability,
): Promise<Record<GuardianMailStatus, number>> {
  const rows = await db
    .selectFrom("guardian_consents")
    .select([
      sql<boolean>`guardian_email is not null`.as("has_address"),
      sql<boolean>`mailed_at is not null`.as("mailed"),
      "mail_problem",
      sql<number>`count(*)::int`.as("count"),
    ])
    .where("allowed_at", "is", null)
    .groupBy([sql`guardian_email is not null`, sql`mailed_at is not null`, "mail_problem"])
    .execute();
  const counts = { sent: 0, "not-sent-yet": 0, "no-address": 0, "not-configured": 0, "send-failed": 0 };
  for (const row of rows) {
    const status = mailStatus(
      {
        guardianEmail: row.has_address ? "known" : null,
        mailedAt: row.mailed ? new Date(0) : null,
        mailProblem: row.mail_problem,
      },
      mail,
    );
    counts[status] += row.count;
  }
  return counts;
}

/** What became of a consent e-mail: it left (the problem is cleared), or why it did not. */
export async function recordGuardianMail(db: Db, userId: string, outcome: "sent" | GuardianMailProblem): Promise<void> {
  await db
    .updateTable("guardian_consents")
    .set(
      outcome === "sent"
        ? { mailed_at: sql<Date>`now()`, mail_problem: null, mail_problem_at: null }
        : { mail_problem: outcome, mail_problem_at: sql<Date>`now()` },
    )
    .where("user_id", "=", userId)
    .execute();
}

/**
 * The one check before anything a child may not do until their family allows it (commenting,
 * changing the public name): the Spanish refusal, or null when the reader may go ahead.
 */
export async function participationRefusal(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("guardian_consents")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("allowed_at", "is", null)
    .executeTakeFirst();
  return row ? GUARDIAN_MESSAGES.refused : null;
}

/**
 * Makes the account a child's (at sign-up, or when an adult lowers their age below 14). An
 * account already marked keeps its state: raising the age later never undoes it. True when
 * the account was not a child's before.
 */
export async function markChildAccount(db: Db, userId: string, guardianEmail: string | null): Promise<boolean> {
  const created = await db
    .insertInto("guardian_consents")
    .values({ user_id: userId, guardian_email: guardianEmail })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return created !== undefined;
}

/**
 * A fresh link for a waiting child's guardian (the previous link stops working), with the
 * guardian's e-mail if the child gives or corrects it. Null when the account is not waiting
 * or no e-mail is known.
 */
export async function issueGuardianLink(
  db: Db,
  userId: string,
  guardianEmail?: string,
): Promise<{ token: string; guardianEmail: string; childEmail: string } | null> {
  const token = randomBytes(32).toString("base64url");
  const row = await db
    .updateTable("guardian_consents")
    .set({
      token_hash: hashToken(token),
      token_expires_at: sql<Date>`now() + make_interval(days => ${GUARDIAN_LINK_DAYS})`,
      ...(guardianEmail ? { guardian_email: guardianEmail } : {}),
    })
    .where("user_id", "=", userId)
    .where("allowed_at", "is", null)
    .where(guardianEmail ? sql<boolean>`true` : sql<boolean>`guardian_email is not null`)
    .returning(["guardian_email"])
    .executeTakeFirst();
  if (!row?.guardian_email) return null;
  const user = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return { token, guardianEmail: row.guardian_email, childEmail: user.email };
}

export type ConsentRequest = { childEmail: string; displayName: string; expiresAt: Date };

/** What the guardian's page shows, while the link is unused and unexpired; else null. */
export async function findConsentRequest(db: Db, token: string): Promise<ConsentRequest | null> {
  const row = await db
    .selectFrom("guardian_consents as g")
    .innerJoin("user as u", "u.id", "g.user_id")
    .leftJoin("profiles as p", "p.user_id", "g.user_id")
    .select(["u.email", "p.display_name", "g.token_expires_at"])
    .where("g.token_hash", "=", hashToken(token))
    .where("g.allowed_at", "is", null)
    .where("g.token_expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row?.token_expires_at) return null;
  return { childEmail: row.email, displayName: row.display_name ?? "", expiresAt: row.token_expires_at };
}

/** What a consent given through the mailed link was: for its receipt and the page after it. */
export type GivenConsent = {
  childId: string;
  childEmail: string;
  childName: string;
  guardianEmail: string;
  allowedAt: Date;
  consentText: string;
  /** Whether an adult account with the guardian's address now has the child in its /familia. */
  linked: boolean;
};

/**
 * The one adult account a guardian's address names: confirmed (its owner reads that mailbox, as
 * whoever answered the link does), and not a child's own account (a child's, or a child reader).
 */
const adultAccountWithEmail = (email: ReturnType<typeof sql>) => sql<string | null>`(
  select u.id from "user" u
  where lower(u.email) = lower(${email}) and u."emailVerified"
    and not exists (select 1 from guardian_consents g where g.user_id = u.id)
    and not exists (select 1 from child_readers c where c.user_id = u.id)
  limit 1)`;

/**
 * The guardian allows: one statement, so a link used twice (or expired) changes nothing. The
 * words accepted are stored with the date, and the child is linked to the adult account of the
 * guardian's address when there is one (docs/decisions/066). Null when the link is used or expired.
 */
export async function allowConsent(db: Db, token: string, text: string): Promise<GivenConsent | null> {
  const row = await db
    .updateTable("guardian_consents")
    .set({
      allowed_at: sql<Date>`now()`,
      token_hash: null,
      token_expires_at: null,
      consent_text: text,
      guardian_id: adultAccountWithEmail(sql.ref("guardian_consents.guardian_email")),
    })
    .where("token_hash", "=", hashToken(token))
    .where("allowed_at", "is", null)
    .where("token_expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "guardian_email", "allowed_at", "guardian_id"])
    .executeTakeFirst();
  if (!row?.allowed_at || !row.guardian_email) return null;
  const child = await db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.email", "p.apodo", "p.display_name"])
    .where("u.id", "=", row.user_id)
    .executeTakeFirstOrThrow();
  return {
    childId: row.user_id,
    childEmail: child.email,
    childName: child.apodo || child.display_name || "",
    guardianEmail: row.guardian_email,
    allowedAt: row.allowed_at,
    consentText: text,
    linked: row.guardian_id !== null,
  };
}

/**
 * Links to an adult account the children its confirmed address consented for by mail before the
 * account existed or was confirmed (docs/decisions/066). Called when an address is confirmed, and
 * when the adult opens /familia (accounts confirmed earlier, or by Google). Nothing for an
 * unconfirmed address or a child's own account.
 */
export async function linkConsentsToAccount(db: Db, account: { id: string; email: string }): Promise<void> {
  await db
    .updateTable("guardian_consents")
    .set({ guardian_id: account.id })
    .where("guardian_id", "is", null)
    .where("allowed_at", "is not", null)
    .where(sql<boolean>`lower(guardian_email) = lower(${account.email})`)
    .where(sql<boolean>`${adultAccountWithEmail(sql`${account.email}`)} = ${account.id}`)
    .execute();
}

/** A child with an e-mail of their own whose guardian consented by mail, as their adult's /familia lists them. */
export type EmailChild = {
  id: string;
  email: string;
  name: string;
  birthYear: number | null;
  allowedAt: Date;
  consentText: string | null;
  guardianEmail: string;
};

/** The children an adult consented for by mail, in the order they were allowed. */
export async function emailChildrenOf(db: Db, guardianId: string): Promise<EmailChild[]> {
  const rows = await db
    .selectFrom("guardian_consents as g")
    .innerJoin("user as u", "u.id", "g.user_id")
    .leftJoin("profiles as p", "p.user_id", "g.user_id")
    .select([
      "g.user_id",
      "u.email",
      "p.apodo",
      "p.display_name",
      "p.birth_year",
      "g.allowed_at",
      "g.consent_text",
      "g.guardian_email",
    ])
    .where("g.guardian_id", "=", guardianId)
    .where("g.allowed_at", "is not", null)
    .orderBy("g.allowed_at")
    .execute();
  return rows.map((row) => ({
    id: row.user_id,
    email: row.email,
    name: row.apodo || row.display_name || "",
    birthYear: row.birth_year,
    allowedAt: row.allowed_at!,
    consentText: row.consent_text,
    guardianEmail: row.guardian_email ?? "",
  }));
}

/**
 * The adult withdraws the consent they gave by mail: as a refusal, the child's account and
 * everything it holds are deleted (every table that refers to a user cascades), with the
 * rate-limit counters named after it. Returns the chapters whose open pages must drop the
 * child's comments, or null when the child is not one this adult consented for.
 */
export async function withdrawMailConsent(
  db: Db,
  guardianId: string,
  childId: string,
): Promise<{ commentSections: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("guardian_consents")
      .select("user_id")
      .where("guardian_id", "=", guardianId)
      .where("user_id", "=", childId)
      .where("allowed_at", "is not", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const sections = await trx
      .selectFrom("comments")
      .select("section_id")
      .distinct()
      .where("user_id", "=", childId)
      .execute();
    await trx.deleteFrom("user").where("id", "=", childId).execute();
    await sql`delete from rate_limits where right(key, ${childId.length + 1}) = ${":" + childId}`.execute(trx);
    return { commentSections: sections.map((section) => section.section_id) };
  });
}

/**
 * The guardian refuses: the account and everything it holds are deleted (every table that
 * refers to a user cascades), with the rate-limit counters named after it. False when the link
 * is used or expired.
 */
export async function refuseConsent(db: Db, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("guardian_consents")
      .where("token_hash", "=", hashToken(token))
      .where("allowed_at", "is", null)
      .where("token_expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("user").where("id", "=", row.user_id).execute();
    await sql`delete from rate_limits where key like ${`%:${row.user_id}`}`.execute(trx);
    return true;
  });
}

import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { ChildReaderKind } from "../../lib/db-schema.ts";
import { hashSecret } from "../../lib/password-hashing.server.ts";
import { childBirthYearOptions, type FamilyAgeRule } from "./child-age.ts";
import { CONSENT_TEXT, FAMILY_MESSAGES } from "./family-messages.ts";
import { FAMILY_PICTURES } from "./family-pictures.ts";
import { clearChildPinLock, PIN_PATTERN } from "./child-pin.server.ts";
import { cardTokenHash, isCardTokenShape, keepReplacedCard } from "./old-cards.server.ts";

/**
 * Child readers (issue 22): accounts with no e-mail and no password, each answered for by one
 * adult (`guardian`). Every function takes the adult's id from the session and finds a child
 * only among that adult's own, so no form field can reach another family's child.
 */

export type ChildReader = {
  id: string;
  guardianId: string;
  /** 'family': an adult's child; 'class': a teacher's student (signs in only by card). */
  kind: ChildReaderKind;
  apodo: string;
  picture: string;
  birthYear: number | null;
  cardIssuedAt: Date | null;
  consentedAt: Date;
};

/** At most this many readers in one family (a class will have its own, larger limit). */
export const MAX_CHILDREN_PER_FAMILY = 8;

/** The address a child's account carries in better-auth's required column: never deliverable (RFC 2606). */
export const childAccountEmail = (id: string) => `lector-${id}@lectores.invalid`;
export const isChildAccountEmail = (email: string) => /@lectores\.invalid$/i.test(email);

export type AddChildInput = {
  guardian: { id: string; email: string };
  /** Already checked by the public-name rules (profiles' checkApodo) by the caller. */
  apodo: string;
  picture: unknown;
  birthYear: unknown;
  pin: unknown;
  pinAgain: unknown;
  consent: unknown;
};

export type ChildField = "apodo" | "picture" | "birthYear" | "pin" | "pinAgain" | "consent";
export type FieldErrors = Partial<Record<ChildField, string>>;

export function checkPin(pin: unknown, again: unknown): FieldErrors {
  if (typeof pin !== "string" || !PIN_PATTERN.test(pin)) return { pin: FAMILY_MESSAGES.pinInvalid };
  if (pin !== again) return { pinAgain: FAMILY_MESSAGES.pinsDiffer };
  return {};
}

/** The child's fields other than the apodo, checked; the errors beside each field. */
export function checkChildFields(
  input: Omit<AddChildInput, "guardian" | "apodo">,
  rule: FamilyAgeRule,
  now = new Date(),
) {
  const errors: FieldErrors = {};
  // A family's child picks one of the family pictures (the class drawings are a class's).
  const picture = FAMILY_PICTURES.find((one) => one.id === input.picture);
  if (!picture) errors.picture = FAMILY_MESSAGES.pictureRequired;
  const year = Number(typeof input.birthYear === "string" ? input.birthYear : NaN);
  if (!childBirthYearOptions(rule, now).includes(year)) errors.birthYear = FAMILY_MESSAGES.birthYearRequired;
  Object.assign(errors, checkPin(input.pin, input.pinAgain));
  if (input.consent !== "si") errors.consent = FAMILY_MESSAGES.consentRequired;
  return { errors, picture: picture?.id ?? "", birthYear: year, pin: String(input.pin ?? "") };
}

/**
 * Creates a child reader for `guardian`: an account (no e-mail, no password), its profile with
 * the apodo and the year of birth, and the record of the adult's consent, in one transaction.
 */
export async function addChildReader(
  db: Db,
  input: AddChildInput,
  rule: FamilyAgeRule,
  now = new Date(),
): Promise<{ ok: true; childId: string } | { ok: false; status: 400 | 409; errors: FieldErrors; form?: string }> {
  const checked = checkChildFields(input, rule, now);
  if (Object.keys(checked.errors).length) return { ok: false, status: 400, errors: checked.errors };
  const pinHash = await hashSecret(checked.pin);
  const id = randomUUID();
  return db.transaction().execute(async (trx) => {
    // Locked per adult, so two tabs adding at once cannot pass the family limit together.
    await sql`select pg_advisory_xact_lock(hashtext(${`family:${input.guardian.id}`}))`.execute(trx);
    const { count } = await trx
      .selectFrom("child_readers")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("guardian_id", "=", input.guardian.id)
      .where("kind", "=", "family")
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CHILDREN_PER_FAMILY)
      return { ok: false, status: 409, errors: {}, form: FAMILY_MESSAGES.tooManyChildren } as const;
    await insertChildReader(trx, {
      id,
      kind: "family",
      guardianId: input.guardian.id,
      apodo: input.apodo,
      picture: checked.picture,
      birthYear: checked.birthYear,
      age: rule.ageOf(checked.birthYear),
      pinHash,
      consent: { byEmail: input.guardian.email, text: CONSENT_TEXT, at: now },
    });
    return { ok: true, childId: id } as const;
  });
}

export type NewChildReader = {
  id: string;
  kind: ChildReaderKind;
  guardianId: string;
  /** Already checked by the public-name rules. */
  apodo: string;
  picture: string;
  birthYear: number | null;
  age: number | null;
  pinHash: string | null;
  consent: { byEmail: string; text: string; at: Date };
};

/**
 * The rows of one child reader (account with no e-mail and no password, profile, consent
 * record), inside the caller's transaction: a family's child and a class's student alike.
 */
export async function insertChildReader(trx: Db, reader: NewChildReader): Promise<void> {
  const { id, consent } = reader;
  await trx
    .insertInto("user")
    .values({
      id,
      name: reader.apodo,
      email: childAccountEmail(id),
      emailVerified: true,
      createdAt: consent.at,
      updatedAt: consent.at,
    })
    .execute();
  await trx
    .insertInto("profiles")
    .values({
      user_id: id,
      email: "",
      display_name: reader.apodo,
      apodo: reader.apodo,
      birth_year: reader.birthYear,
      age: reader.age,
    })
    .execute();
  await trx
    .insertInto("child_readers")
    .values({
      user_id: id,
      guardian_id: reader.guardianId,
      kind: reader.kind,
      picture: reader.picture,
      pin_hash: reader.pinHash,
      consent_by_email: consent.byEmail.toLowerCase(),
      consent_text: consent.text,
      consented_at: consent.at,
    })
    .execute();
}

const childColumns = (db: Db) =>
  db
    .selectFrom("child_readers as c")
    .innerJoin("profiles as p", "p.user_id", "c.user_id")
    .leftJoin("login_cards as l", "l.user_id", "c.user_id")
    .select([
      "c.user_id as id",
      "c.guardian_id as guardianId",
      "c.kind as kind",
      "p.apodo as apodo",
      "c.picture as picture",
      "p.birth_year as birthYear",
      "l.issued_at as cardIssuedAt",
      "c.consented_at as consentedAt",
    ]);

/** An adult's child readers, oldest first (a teacher's students are their class's, not family). */
export async function listChildReaders(db: Db, guardianId: string): Promise<ChildReader[]> {
  return childColumns(db)
    .where("c.guardian_id", "=", guardianId)
    .where("c.kind", "=", "family")
    .orderBy("c.created_at")
    .execute();
}

/** One of this adult's children, or null (another family's child is null too). */
export async function childOfGuardian(db: Db, guardianId: string, childId: unknown): Promise<ChildReader | null> {
  if (typeof childId !== "string" || !childId) return null;
  const row = await childColumns(db)
    .where("c.guardian_id", "=", guardianId)
    .where("c.user_id", "=", childId)
    .where("c.kind", "=", "family")
    .executeTakeFirst();
  return row ?? null;
}

/** The consent an adult gave for one of their children, as stored: for its receipt. Null when not theirs. */
export async function consentOfChild(
  db: Db,
  guardianId: string,
  childId: string,
): Promise<{ apodo: string; byEmail: string; text: string; at: Date } | null> {
  const row = await db
    .selectFrom("child_readers as c")
    .innerJoin("profiles as p", "p.user_id", "c.user_id")
    .select(["p.apodo", "c.consent_by_email", "c.consent_text", "c.consented_at"])
    .where("c.guardian_id", "=", guardianId)
    .where("c.user_id", "=", childId)
    .where("c.kind", "=", "family")
    .executeTakeFirst();
  return row
    ? { apodo: row.apodo ?? "", byEmail: row.consent_by_email, text: row.consent_text, at: row.consented_at }
    : null;
}

/** The child reader behind an account, or null for any other account. */
export async function childReaderById(db: Db, userId: string): Promise<ChildReader | null> {
  return (await childColumns(db).where("c.user_id", "=", userId).executeTakeFirst()) ?? null;
}

/** 'family' for a family's child, 'class' for a class's student, null for any other account. */
export async function childReaderKind(db: Db, userId: string): Promise<ChildReaderKind | null> {
  const row = await db.selectFrom("child_readers").select("kind").where("user_id", "=", userId).executeTakeFirst();
  return row?.kind ?? null;
}

export async function isChildReader(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("child_readers").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}

/**
 * A new PIN for one of the adult's children. The sessions opened with the old one end in the
 * same transaction (see endReaderSessions): a PIN is changed because someone else may know it.
 * The pause the old PIN's misses earned ends too: a new PIN is often for a child who forgot theirs.
 */
export async function setChildPin(db: Db, guardianId: string, childId: string, pin: string): Promise<boolean> {
  const pinHash = await hashSecret(pin);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("child_readers")
      .set({ pin_hash: pinHash })
      .where("guardian_id", "=", guardianId)
      .where("user_id", "=", childId)
      .where("kind", "=", "family")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await endReaderSessions(trx, childId);
    await clearChildPinLock(trx, childId);
    return true;
  });
}

/**
 * Ends every session of a child reader, inside the caller's transaction: when their card is
 * remade or their PIN changed, a session opened with the old one (a lost card, a PIN someone saw)
 * must not last its 30 days. Deleting the rows tells every instance to drop its kept copy of the
 * reader (db/migrations/0021's notice on "session"); the caller drops its own at once too.
 */
export async function endReaderSessions(trx: Db, readerId: string): Promise<void> {
  await trx.deleteFrom("session").where("userId", "=", readerId).execute();
}

/**
 * A new login card for one of the adult's children: 144 random bits, of which only the hash is
 * kept. The row is replaced, so the previous card fails from this moment. Null when the child
 * is not the adult's.
 */
export async function issueLoginCard(db: Db, guardianId: string, childId: string): Promise<string | null> {
  if (!(await childOfGuardian(db, guardianId, childId))) return null;
  return issueReaderCard(db, childId);
}

/**
 * A new card for a child reader the caller has already found among their own (a family's child,
 * a class's student): only the hash is kept, the previous card fails from this moment (its hash
 * is kept a year as an old card's, so a scan of it says so), and the sessions opened with it
 * end, in one transaction (the caller's, when it is one).
 */
export async function issueReaderCard(db: Db, readerId: string): Promise<string> {
  const token = randomBytes(18).toString("base64url");
  const hash = cardTokenHash(token);
  const issue = async (trx: Db) => {
    await keepReplacedCard(trx, readerId);
    await trx
      .insertInto("login_cards")
      .values({ user_id: readerId, token_hash: hash, issued_at: new Date() })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ token_hash: hash, issued_at: new Date() }))
      .execute();
    await endReaderSessions(trx, readerId);
  };
  await (db.isTransaction ? issue(db) : db.transaction().execute(issue));
  return token;
}

/** The child a card's token opens, or null (a malformed, unknown or replaced card). */
export async function readerForCard(db: Db, token: string): Promise<ChildReader | null> {
  if (!isCardTokenShape(token)) return null;
  const card = await db
    .selectFrom("login_cards")
    .select("user_id")
    .where("token_hash", "=", cardTokenHash(token))
    .executeTakeFirst();
  return card ? childReaderById(db, card.user_id) : null;
}

/**
 * Deletes one of the adult's children and everything kept about them: the account takes its
 * profile, unlocks, comments, reports, sessions and card along (on delete cascade); counters
 * named after it go here. Returns the chapters whose open pages must drop the child's comments,
 * or null when the child is not the adult's.
 */
export async function deleteChildReader(
  db: Db,
  guardianId: string,
  childId: string,
): Promise<{ commentSections: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const child = await trx
      .selectFrom("child_readers")
      .select("user_id")
      .where("guardian_id", "=", guardianId)
      .where("user_id", "=", childId)
      .forUpdate()
      .executeTakeFirst();
    if (!child) return null;
    return deleteReaderAccounts(trx, [childId]);
  });
}

/**
 * Deletes child readers' accounts inside the caller's transaction, with everything kept about
 * them (on delete cascade: profile, unlocks, comments, reports, sessions, card, consent) and the
 * counters named after them. Returns the chapters whose open pages must drop their comments.
 */
export async function deleteReaderAccounts(trx: Db, readerIds: string[]): Promise<{ commentSections: string[] }> {
  if (!readerIds.length) return { commentSections: [] };
  const sections = await trx
    .selectFrom("comments")
    .select("section_id")
    .distinct()
    .where("user_id", "in", readerIds)
    .execute();
  for (const id of readerIds)
    await sql`delete from rate_limits where right(key, ${id.length + 1}) = ${":" + id}`.execute(trx);
  await trx.deleteFrom("user").where("id", "in", readerIds).execute();
  return { commentSections: sections.map((row) => row.section_id) };
}

/**
 * The family a device belongs to, from the reader signed in on it: an adult's own family, or
 * the family of the child reader. Null for an account with no family.
 */
export async function familyGuardianOf(db: Db, userId: string): Promise<string | null> {
  const child = await db
    .selectFrom("child_readers")
    .select(["guardian_id", "kind"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  // A class's student's device is the school's, never the teacher's family's.
  if (child) return child.kind === "family" ? child.guardian_id : null;
  const any = await db
    .selectFrom("child_readers")
    .select("user_id")
    .where("guardian_id", "=", userId)
    .where("kind", "=", "family")
    .executeTakeFirst();
  return any ? userId : null;
}

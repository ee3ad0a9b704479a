import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { ContactInput } from "./contact.schema.ts";

/** Per client address: enough for a family sharing one connection, too few for a flood. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 };

export type DeliveryState = "delivered" | "pending" | "spam";

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  comment: string;
  createdAt: Date;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  deliveredAt: Date | null;
  handledAt: Date | null;
};

/**
 * Stores a message; the mail worker delivers it later. Resolves only once the row is
 * committed, so answering `success` after it never loses a message.
 */
export async function storeContactMessage(db: Db, input: ContactInput, options: { isSpam: boolean }): Promise<string> {
  const row = await db
    .insertInto("contact_messages")
    .values({ name: input.name, email: input.email, comment: input.comment, is_spam: options.isSpam })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export const CONTACT_LIST_LIMIT = 200;

/** Newest first. Spam is listed apart (`spam: true`) so it never buries real messages. */
export async function listContactMessages(
  db: Db,
  options: { spam: boolean },
): Promise<{ messages: ContactMessage[]; total: number; spamTotal: number; waiting: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .selectAll()
      .where("is_spam", "=", options.spam)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(CONTACT_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("contact_messages")
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere("is_spam", "=", false).as("total"),
        eb.fn.countAll<number>().filterWhere("is_spam", "=", true).as("spam_total"),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w("is_spam", "=", false), w("delivered_at", "is", null)]))
          .as("waiting"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counts.total),
    spamTotal: Number(counts.spam_total),
    waiting: Number(counts.waiting),
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      comment: row.comment,
      createdAt: row.created_at,
      state: row.is_spam ? "spam" : row.delivered_at ? "delivered" : "pending",
      attempts: row.attempts,
      nextAttemptAt: row.is_spam || row.delivered_at ? null : row.next_attempt_at,
      lastError: row.last_error,
      deliveredAt: row.delivered_at,
      handledAt: row.handled_at,
    })),
  };
}

/** Marks a message as handled by an admin (keeping the first time), or undoes it. False when there is no such message. */
export async function setMessageHandled(db: Db, id: string, handled: boolean): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set({ handled_at: handled ? sql<Date>`coalesce(handled_at, now())` : null })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

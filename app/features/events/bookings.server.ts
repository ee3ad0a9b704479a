/**
 * Bookings the site takes itself (issue 40 §3, decision 070): seats counted atomically on the
 * event's row, a cancel link whose token is stored hashed and works once, and a waiting list
 * whose first place gets a seat that frees.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import { SITE_BOOKING_PATH } from "./event-schedule.ts";
import type { BookingInput } from "./booking.schema.ts";

/** Where a cancel link points; its token is a secret path (app/lib/secret-paths.ts). */
export const CANCEL_PATH_PREFIX = "/reservation/cancelar/";

/** Bookings are deleted this many days after their event (README, /privacidad). */
export const BOOKINGS_KEPT_DAYS = 30;

/** Only a hash is stored: a copy of the database cannot cancel anyone's seat. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");

export type BookableEvent = {
  id: string;
  name: string;
  startsAt: Date;
  placeName: string;
  city: string;
  capacity: number | null;
  seatsTaken: number;
  soldOut: boolean;
  /** Seats still free; null when the event has no limit. */
  seatsLeft: number | null;
};

/** An event that takes its bookings here, or null (no such event, or booked elsewhere). */
export async function findBookableEvent(db: Db, id: string): Promise<BookableEvent | null> {
  const row = await db
    .selectFrom("events")
    .select(["id", "name", "starts_at", "place_name", "city", "capacity", "seats_taken", "sold_out"])
    .where("id", "=", id)
    .where("booking_url", "=", SITE_BOOKING_PATH)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    startsAt: row.starts_at,
    placeName: row.place_name,
    city: row.city,
    capacity: row.capacity,
    seatsTaken: row.seats_taken,
    soldOut: row.sold_out,
    seatsLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.seats_taken),
  };
}

export type BookingOutcome =
  | { kind: "booked" | "waiting"; token: string; seats: number }
  | { kind: "full" }
  | { kind: "too-many"; seatsLeft: number }
  | { kind: "past" }
  | { kind: "closed" }
  | { kind: "not-found" };

/**
 * Takes `input`'s seats if they are free, in one statement: the UPDATE holds the event's row
 * while it adds the seats, and its WHERE is checked again on the row as the previous booking
 * left it, so parallel bookings (on any number of instances) never take more than the capacity.
 * The booking row is written by the same statement, so seats and rows never disagree. When the
 * seats are not free nothing is written, unless the adult asked for the waiting list.
 */
export async function bookSeats(
  db: Db,
  eventId: string,
  input: BookingInput,
  { waitingList }: { waitingList: boolean },
): Promise<BookingOutcome> {
  const seats = input.children + input.adults;
  const token = newToken();
  const values = sql`${input.name}, ${input.email}, ${input.children}, ${input.adults}, ${hashToken(token)}`;
  const { rows } = await sql<{ id: string }>`
    with taken as (
      update events set seats_taken = seats_taken + ${seats}
      where id = ${eventId} and booking_url = ${SITE_BOOKING_PATH} and starts_at > now() and not sold_out
        and (capacity is null or seats_taken + ${seats} <= capacity)
      returning id
    )
    insert into event_bookings (event_id, name, email, children, adults, token_hash, status)
    select taken.id, ${values}, 'booked' from taken
    returning id`.execute(db);
  if (rows.length) return { kind: "booked", token, seats };

  const event = await findBookableEvent(db, eventId);
  if (!event) return { kind: "not-found" };
  if (event.startsAt.getTime() <= Date.now()) return { kind: "past" };
  if (event.soldOut) return { kind: "closed" };
  const seatsLeft = event.seatsLeft ?? 0;
  if (seatsLeft > 0) return { kind: "too-many", seatsLeft };
  if (!waitingList) return { kind: "full" };
  // The waiting list, while the event is still full and to come.
  const waiting = await sql<{ id: string }>`
    insert into event_bookings (event_id, name, email, children, adults, token_hash, status)
    select id, ${values}, 'waiting' from events
    where id = ${eventId} and booking_url = ${SITE_BOOKING_PATH} and starts_at > now() and not sold_out
      and capacity is not null and seats_taken + ${seats} > capacity
    returning id`.execute(db);
  return waiting.rows.length ? { kind: "waiting", token, seats } : { kind: "full" };
}

export type BookingByToken = {
  eventId: string;
  eventName: string;
  startsAt: Date;
  name: string;
  seats: number;
  status: "booked" | "waiting";
};

/** What a cancel link stands for, or null (unknown, or already used). */
export async function findBookingByToken(db: Db, token: string): Promise<BookingByToken | null> {
  const row = await db
    .selectFrom("event_bookings as b")
    .innerJoin("events as e", "e.id", "b.event_id")
    .select(["b.event_id", "e.name as event_name", "e.starts_at", "b.name", "b.children", "b.adults", "b.status"])
    .where("b.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  return {
    eventId: row.event_id,
    eventName: row.event_name,
    startsAt: row.starts_at,
    name: row.name,
    seats: row.children + row.adults,
    status: row.status,
  };
}

/** Someone on the waiting list who got a freed seat, with their new cancel link's token. */
export type Promoted = { email: string; name: string; eventName: string; startsAt: Date; seats: number; token: string };

/**
 * Cancels the booking of `token` (deleted: nothing of it stays) and frees its seats; then the
 * first on the event's waiting list gets them if they fit (strictly in order: the first place
 * is never skipped for a smaller one behind it). One transaction: a seat is never freed twice,
 * nor given to two. Null when the link is unknown or already used.
 */
export async function cancelBooking(
  db: Db,
  token: string,
): Promise<{ eventName: string; promoted: Promoted | null } | null> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("event_bookings")
      .where("token_hash", "=", hashToken(token))
      .returning(["event_id", "status", "children", "adults"])
      .executeTakeFirst();
    if (!gone) return null;
    const event = await trx
      .updateTable("events")
      .set({
        seats_taken:
          gone.status === "booked" ? sql`greatest(seats_taken - ${gone.children + gone.adults}, 0)` : sql`seats_taken`,
      })
      .where("id", "=", gone.event_id)
      .returning(["name", "starts_at"])
      .executeTakeFirstOrThrow();
    if (gone.status !== "booked") return { eventName: event.name, promoted: null };
    const first = await trx
      .selectFrom("event_bookings")
      .select(["id", "name", "email", "children", "adults"])
      .where("event_id", "=", gone.event_id)
      .where("status", "=", "waiting")
      .orderBy("created_at")
      .orderBy("id")
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!first) return { eventName: event.name, promoted: null };
    const seats = first.children + first.adults;
    const { rows } = await sql<{ id: string }>`
      update events set seats_taken = seats_taken + ${seats}
      where id = ${gone.event_id} and starts_at > now() and not sold_out
        and (capacity is null or seats_taken + ${seats} <= capacity)
      returning id`.execute(trx);
    if (!rows.length) return { eventName: event.name, promoted: null };
    // Their waiting-list link named a place in the queue; a new one names the seat.
    const promotedToken = newToken();
    await trx
      .updateTable("event_bookings")
      .set({ status: "booked", token_hash: hashToken(promotedToken) })
      .where("id", "=", first.id)
      .execute();
    return {
      eventName: event.name,
      promoted: {
        email: first.email,
        name: first.name,
        eventName: event.name,
        startsAt: event.starts_at,
        seats,
        token: promotedToken,
      },
    };
  });
}

export type BookingRow = {
  id: string;
  name: string;
  email: string;
  children: number;
  adults: number;
  status: "booked" | "waiting";
  attended: boolean;
  createdAt: Date;
};

/** An event's bookings for its organiser: the booked first, then the waiting list, each in order. */
export async function listBookings(db: Db, eventId: string): Promise<BookingRow[]> {
  const rows = await db
    .selectFrom("event_bookings")
    .select(["id", "name", "email", "children", "adults", "status", "attended", "created_at"])
    .where("event_id", "=", eventId)
    .orderBy(sql`status = 'waiting'`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at }));
}

/** Marks one booked place as come (or not); false when it is not a booking of that event. */
export async function setAttendance(db: Db, eventId: string, bookingId: string, attended: boolean): Promise<boolean> {
  const result = await db
    .updateTable("event_bookings")
    .set({ attended })
    .where("id", "=", bookingId)
    .where("event_id", "=", eventId)
    .where("status", "=", "booked")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes every booking (and waiting place) of events that ended over BOOKINGS_KEPT_DAYS ago. */
export async function pruneOldBookings(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - BOOKINGS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom("event_bookings")
    .where("event_id", "in", db.selectFrom("events").select("id").where("starts_at", "<", before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

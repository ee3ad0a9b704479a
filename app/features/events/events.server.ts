import type { Db } from "../../lib/db.server.ts";
import {
  SITE_BOOKING_PATH,
  availabilityOf,
  siteBookingPath,
  siteLocalParts,
  type ScheduledEvent,
} from "./event-schedule.ts";
import type { EventInput } from "./event.schema.ts";

const COLUMNS = [
  "id",
  "name",
  "description",
  "starts_at",
  "place_name",
  "city",
  "region",
  "capacity",
  "sold_out",
  "booking_url",
  "seats_taken",
] as const;

type EventRow = Awaited<ReturnType<typeof listEventRows>>[number];

export const listEventRows = (db: Db) =>
  db.selectFrom("events").select(COLUMNS).orderBy("starts_at").orderBy("id").execute();

/** The calendar as readers see it at `now`: in date order, each past one marked past. */
export async function listScheduledEvents(db: Db, now: Date): Promise<ScheduledEvent[]> {
  return (await listEventRows(db)).map((row) => scheduled(row, now));
}

function scheduled(row: EventRow, now: Date): ScheduledEvent {
  return {
    id: row.id,
    name: row.name,
    startDate: row.starts_at.toISOString(),
    place: { name: row.place_name, city: row.city, region: row.region },
    description: row.description,
    availability: availabilityOf(
      {
        startsAt: row.starts_at,
        soldOut: row.sold_out,
        bookingUrl: row.booking_url,
        capacity: row.capacity,
        seatsTaken: row.seats_taken,
      },
      now,
    ),
    // An event booked here leads to its own booking page.
    bookingUrl: row.booking_url === SITE_BOOKING_PATH ? siteBookingPath(row.id) : row.booking_url,
    capacity: row.capacity,
  };
}

/** The rows as the admin editor's fields take them (local date and time of the venue). */
export async function listEventsForEditor(db: Db, now: Date) {
  return (await listEventRows(db)).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    ...siteLocalParts(row.starts_at),
    placeName: row.place_name,
    city: row.city,
    region: row.region,
    capacity: row.capacity === null ? "" : String(row.capacity),
    soldOut: row.sold_out,
    bookingUrl: row.booking_url ?? "",
    past: row.starts_at.getTime() <= now.getTime(),
    bookedHere: row.booking_url === SITE_BOOKING_PATH,
    seatsTaken: row.seats_taken,
  }));
}

export type EditableEvent = Awaited<ReturnType<typeof listEventsForEditor>>[number];

const values = (input: EventInput) => ({
  name: input.name,
  description: input.description,
  starts_at: input.startsAt,
  place_name: input.placeName,
  city: input.city,
  region: input.region,
  capacity: input.capacity,
  sold_out: input.soldOut,
  booking_url: input.bookingUrl,
});

export async function createEvent(db: Db, input: EventInput): Promise<string> {
  const row = await db.insertInto("events").values(values(input)).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** False when no such event exists (nothing written). */
export async function updateEvent(db: Db, id: string, input: EventInput): Promise<boolean> {
  const result = await db
    .updateTable("events")
    .set({ ...values(input), updated_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEvent(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("events").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

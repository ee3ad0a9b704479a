import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/fixtures.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { openDatabase, type Db } from "../../lib/db.server.ts";
import { parseBookingForm, BOOKING_MESSAGES } from "./booking.schema.ts";
import { bookSeats, cancelBooking, findBookingByToken, listBookings, pruneOldBookings } from "./bookings.server.ts";
import { bookingsCsv } from "./booking-csv.ts";
import { BOOKING_LIMITS, bookingAction } from "./booking-flow.server.ts";
import { createMailer } from "../../lib/mail.server.ts";
import { RATE_LIMIT_MESSAGE } from "../../lib/rate-limit.server.ts";
import { INTERNAL_HEADERS } from "../../lib/request.server.ts";

const DAY = 24 * 60 * 60 * 1000;
let serial = 0;

async function addEvent(db: Db, { capacity, inDays = 10 }: { capacity: number | null; inDays?: number }) {
  const id = `prueba-${Date.now()}-${++serial}`;
  await db
    .insertInto("events")
    .values({
      id,
      name: `Lectura ${serial}`,
      starts_at: new Date(Date.now() + inDays * DAY),
      place_name: "Biblioteca",
      city: "Morelia",
      capacity,
      booking_url: "/reservation",
    })
    .execute();
  return id;
}

const adult = (n: number, seats = { children: 1, adults: 0 }) => ({
  name: `Persona ${n}`,
  email: `persona.${n}.${serial}@example.com`,
  ...seats,
});

const seatsTaken = async (db: Db, id: string) =>
  (await db.selectFrom("events").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;

describe.each(DATABASE_KINDS)("bookings (%s)", (kind) => {
  const database = useTestDatabase(kind, { seed: true });

  it("takes exactly the last 10 seats out of 50 parallel bookings, the rest offered the waiting list", async () => {
    // On PostgreSQL the bookings come through two pools of their own, as two instances would.
    const second = database.url ? await openDatabase({ kind: "postgres", url: database.url }) : null;
    try {
      const id = await addEvent(database.db, { capacity: 60 });
      await database.db.updateTable("events").set({ seats_taken: 50 }).where("id", "=", id).execute();
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          bookSeats(n % 2 && second ? second.db : database.db, id, adult(n), { waitingList: false }),
        ),
      );
      const kinds = outcomes.map((outcome) => outcome.kind);
      expect(kinds.filter((k) => k === "booked")).toHaveLength(10);
      expect(kinds.filter((k) => k === "full")).toHaveLength(40);
      expect(await seatsTaken(database.db, id)).toBe(60);
      expect(await listBookings(database.db, id)).toHaveLength(10);
    } finally {
      await second?.close();
    }
  });

  it("refuses more seats than are left and writes nothing", async () => {
    const id = await addEvent(database.db, { capacity: 3 });
    expect(await bookSeats(database.db, id, adult(1, { children: 2, adults: 2 }), { waitingList: true })).toEqual({
      kind: "too-many",
      seatsLeft: 3,
    });
    expect(await listBookings(database.db, id)).toEqual([]);
    expect(await seatsTaken(database.db, id)).toBe(0);
  });

  it("refuses a past event and writes nothing", async () => {
    const id = await addEvent(database.db, { capacity: 3, inDays: -1 });
    expect((await bookSeats(database.db, id, adult(1), { waitingList: true })).kind).toBe("past");
    expect(await listBookings(database.db, id)).toEqual([]);
  });

  it("a cancel link works once and gives the seat to the first on the waiting list", async () => {
    const id = await addEvent(database.db, { capacity: 2 });
    const first = await bookSeats(database.db, id, adult(1, { children: 1, adults: 1 }), { waitingList: false });
    expect(first.kind).toBe("booked");
    expect((await bookSeats(database.db, id, adult(2), { waitingList: false })).kind).toBe("full");
    const waiting = await bookSeats(database.db, id, adult(3, { children: 1, adults: 1 }), { waitingList: true });
    const later = await bookSeats(database.db, id, adult(4), { waitingList: true });
    expect([waiting.kind, later.kind]).toEqual(["waiting", "waiting"]);
    if (first.kind !== "booked") throw new Error("unreachable");

    // Only the hash is kept: the token itself is in no row.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from event_bookings where token_hash = ${first.token}`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
    expect((await findBookingByToken(database.db, first.token))?.seats).toBe(2);

    const cancelled = await cancelBooking(database.db, first.token);
    expect(cancelled?.promoted).toMatchObject({ email: adult(3).email, seats: 2 });
    expect(await cancelBooking(database.db, first.token)).toBeNull();
    expect(await findBookingByToken(database.db, first.token)).toBeNull();
    expect(await seatsTaken(database.db, id)).toBe(2);
    const list = await listBookings(database.db, id);
    expect(list.map((row) => [row.email, row.status])).toEqual([
      [adult(3).email, "booked"],
      [adult(4).email, "waiting"],
    ]);
    // The promoted place has a new link; the waiting-list one no longer works.
    if (waiting.kind !== "waiting") throw new Error("unreachable");
    expect(await findBookingByToken(database.db, waiting.token)).toBeNull();
    expect((await findBookingByToken(database.db, cancelled!.promoted!.token))?.status).toBe("booked");
  });

  it("limits bookings per e-mail address and per client address, then writes nothing", async () => {
    const id = await addEvent(database.db, { capacity: 500 });
    const deps = {
      db: database.db,
      mailer: createMailer({ smtpUrl: undefined, from: undefined, siteUrl: "http://localhost" }),
      siteUrl: "http://localhost",
    };
    const post = (email: string, ip: string) => {
      const body = new URLSearchParams({ evento: id, name: "Ana", email, children: "1", adults: "0", consent: "on" });
      return bookingAction(
        deps,
        new Request("http://localhost/reservation", {
          method: "POST",
          body,
          headers: { [INTERNAL_HEADERS.clientIp]: ip },
        }),
      );
    };
    const email = `mucho.${serial}@example.com`;
    for (let n = 0; n < BOOKING_LIMITS.perEmail.max; n++)
      expect((await post(email, `10.0.0.${n}`)).init?.status).toBeUndefined();
    const overEmail = await post(email, "10.0.1.1");
    expect(overEmail.init?.status).toBe(429);
    expect(overEmail.data).toMatchObject({ ok: false, message: RATE_LIMIT_MESSAGE });

    const ip = `10.9.${serial}.1`;
    for (let n = 0; n < BOOKING_LIMITS.perAddress.max; n++) await post(`otra.${n}.${serial}@example.com`, ip);
    expect((await post(`una.mas.${serial}@example.com`, ip)).init?.status).toBe(429);
    expect(await seatsTaken(database.db, id)).toBe(BOOKING_LIMITS.perEmail.max + BOOKING_LIMITS.perAddress.max);
  });

  it("deletes bookings 30 days after their event, not before", async () => {
    const old = await addEvent(database.db, { capacity: 5 });
    const recent = await addEvent(database.db, { capacity: 5 });
    await bookSeats(database.db, old, adult(1), { waitingList: false });
    await bookSeats(database.db, recent, adult(2), { waitingList: false });
    await database.db
      .updateTable("events")
      .set({ starts_at: new Date(Date.now() - 31 * DAY) })
      .where("id", "=", old)
      .execute();
    await database.db
      .updateTable("events")
      .set({ starts_at: new Date(Date.now() - 29 * DAY) })
      .where("id", "=", recent)
      .execute();
    expect(await pruneOldBookings(database.db)).toBeGreaterThanOrEqual(1);
    expect(await listBookings(database.db, old)).toEqual([]);
    expect(await listBookings(database.db, recent)).toHaveLength(1);
  });
});

describe("the booking form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };
  const good = { name: "Ana", email: "ana@example.com", children: "2", adults: "1", consent: "on" };

  it("says why beside each field", () => {
    expect(parseBookingForm(form({ ...good, children: "0", adults: "0" }))).toEqual({
      ok: false,
      errors: { seats: BOOKING_MESSAGES.noSeats },
    });
    expect(parseBookingForm(form({ ...good, children: "8", adults: "3" }))).toEqual({
      ok: false,
      errors: { seats: BOOKING_MESSAGES.tooManySeats },
    });
    expect(parseBookingForm(form({ ...good, children: "-1" }))).toMatchObject({
      errors: { children: BOOKING_MESSAGES.children },
    });
    expect(parseBookingForm(form({ ...good, consent: "" }))).toMatchObject({
      errors: { consent: BOOKING_MESSAGES.consent },
    });
    expect(parseBookingForm(form({ ...good, email: "no" }))).toMatchObject({
      errors: { email: BOOKING_MESSAGES.email },
    });
    expect(parseBookingForm(form(good))).toEqual({
      ok: true,
      data: { name: "Ana", email: "ana@example.com", children: 2, adults: 1 },
    });
  });

  it("exports numbers as numbers, and no name as a formula", () => {
    const csv = bookingsCsv([
      {
        id: "1",
        name: "=HYPERLINK()",
        email: "a@example.com",
        children: 2,
        adults: 1,
        status: "booked",
        attended: true,
        createdAt: new Date("2026-11-27T10:00:00Z"),
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe("'=HYPERLINK(),a@example.com,2,1,3,reservado,si,2026-11-27T10:00:00.000Z");
  });
});

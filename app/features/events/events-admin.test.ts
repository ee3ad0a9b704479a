import { beforeAll, describe, expect, it } from "vitest";
import { action as eventsAction, loader as eventsAdminLoader } from "../../routes/adminpanel.eventos.tsx";
import { loader as eventsPageLoader } from "../../routes/eventos.tsx";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { routeArgs, settle, signUpReader, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { DEMO_BOOKING_PATH } from "../../../db/seed/events.ts";
import { EVENT_MESSAGES } from "./event.schema.ts";
import { siteBookingPath } from "./event-schedule.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

const FUTURE_YEAR = new Date().getFullYear() + 1;
const VALID = {
  intent: "add",
  name: "Lectura bajo la luna",
  date: `${FUTURE_YEAR}-10-31`,
  time: "18:30",
  placeName: "Biblioteca Central",
  city: "Morelia",
  region: "Michoacán",
  capacity: "40",
  bookingUrl: "https://boletos.example/luna",
  description: "Con linternas y pan de muerto.",
};

describe.each(DATABASE_KINDS)("events from the database, edited at /adminpanel/eventos, on %s", (kind) => {
  // Seeded like a first start: the demo calendar is dated from it.
  const services = useTestServices(kind, { seed: true });
  let admin: { cookie: string };
  let reader: { cookie: string };
  const rowCount = async () =>
    Number(
      (
        await services.db
          .selectFrom("events")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = async (cookie: string | undefined, form: Record<string, string>) =>
    settle(async () =>
      eventsAction(await routeArgs(services, "/adminpanel/eventos", { method: "POST", cookie, form })),
    );
  const publicPage = async () =>
    (await eventsPageLoader(await routeArgs(services, "/eventos"))) as Awaited<ReturnType<typeof eventsPageLoader>>;

  const calendarEvents = (page: Awaited<ReturnType<typeof publicPage>>) => [
    ...page.calendar.upcoming.events,
    ...page.calendar.past.events,
  ];

  beforeAll(async () => {
    admin = await signUpReader(services, "jefa.eventos@example.com");
    await grantAdminByEmail(services.db, "jefa.eventos@example.com", async () => {});
    reader = await signUpReader(services, "lector.eventos@example.com");
  });

  it("starts with the demo events dated from the first start: upcoming ones to book or full, past ones below", async () => {
    const page = await publicPage();
    const { upcoming, past } = page.calendar;
    expect(upcoming.events.map((event) => event.status.label)).toEqual(["Disponible", "¡Cupo lleno!", "Entrada libre"]);
    // The bookable demo event takes its bookings on this site (decision 070).
    expect(DEMO_BOOKING_PATH).toBe("/reservation");
    expect(upcoming.events[0]!.status.reservation?.to).toBe(siteBookingPath(upcoming.events[0]!.id));
    expect(past.events.map((event) => [event.status.label, event.status.reservation])).toEqual([
      ["Ya pasó", null],
      ["Ya pasó", null],
    ]);
    const starts = [...upcoming.events, ...past.events].map((event) => Date.parse(event.startDate));
    // Upcoming: within the next three months, soonest first; past: within the last three, latest first.
    const day = 24 * 60 * 60 * 1000;
    expect(starts.slice(0, 3).every((start) => start > Date.now() && start < Date.now() + 92 * day)).toBe(true);
    expect(starts.slice(3).every((start) => start < Date.now() && start > Date.now() - 92 * day)).toBe(true);
    expect(starts.slice(0, 3)).toEqual(starts.slice(0, 3).sort((a, b) => a - b));
    expect(starts.slice(3)).toEqual(starts.slice(3).sort((a, b) => b - a));
  });

  it("refuses visitors (to /login) and readers (403) on the server, and writes nothing", async () => {
    const before = await rowCount();
    const visitorPage = await settle(async () => eventsAdminLoader(await routeArgs(services, "/adminpanel/eventos")));
    expect(statusOf(visitorPage)).toBe(302);
    const readerPage = await settle(async () =>
      eventsAdminLoader(await routeArgs(services, "/adminpanel/eventos", { cookie: reader.cookie })),
    );
    expect(statusOf(readerPage)).toBe(403);
    expect(statusOf(await post(undefined, VALID))).toBe(302);
    expect(statusOf(await post(reader.cookie, VALID))).toBe(403);
    expect(statusOf(await post(reader.cookie, { intent: "delete", id: "dia-del-nino" }))).toBe(403);
    expect(await rowCount()).toBe(before);
  });

  it("answers 400 with the message beside its field and writes nothing on bad input", async () => {
    const before = await rowCount();
    const bad = await post(admin.cookie, {
      ...VALID,
      name: "  ",
      date: `${FUTURE_YEAR}-02-30`,
      capacity: "0",
      bookingUrl: "javascript:alert(1)",
    });
    expect(statusOf(bad)).toBe(400);
    expect(answerOf<{ errors: Record<string, string> }>(bad).body.errors).toEqual({
      name: EVENT_MESSAGES.name,
      date: EVENT_MESSAGES.date,
      capacity: EVENT_MESSAGES.capacity,
      bookingUrl: EVENT_MESSAGES.bookingUrl,
    });
    expect(await rowCount()).toBe(before);
  });

  it("takes a page of this site as booking link, never an address that leaves it", async () => {
    const before = await rowCount();
    for (const elsewhere of ["//evil.example/x", "/\\evil.example", "/con espacio", "ftp://boletos.example"]) {
      const refused = await post(admin.cookie, { ...VALID, bookingUrl: elsewhere });
      expect(statusOf(refused)).toBe(400);
      expect(answerOf<{ errors: Record<string, string> }>(refused).body.errors).toEqual({
        bookingUrl: EVENT_MESSAGES.bookingUrl,
      });
    }
    expect(await rowCount()).toBe(before);
    expect(await post(admin.cookie, { ...VALID, name: "Lectura en la sala", bookingUrl: "/contact" })).toMatchObject({
      ok: true,
    });
    const added = calendarEvents(await publicPage()).find((event) => event.name === "Lectura en la sala")!;
    expect(added.status.reservation?.to).toBe("/contact");
    await services.db.deleteFrom("events").where("id", "=", added.id).execute();
  });

  it("adds a future event that readers can book, and the calendar's years follow it", async () => {
    expect(await post(admin.cookie, VALID)).toMatchObject({ ok: true, message: EVENT_MESSAGES.added });
    const page = await publicPage();
    const added = page.calendar.upcoming.events.find((event) => event.name === VALID.name)!;
    expect(added.past).toBe(false);
    expect(added.status).toMatchObject({ label: "Disponible", reservation: { to: VALID.bookingUrl } });
    expect(added.capacity).toBe("Cupo: 40 lugares");
    expect(added.startDate).toBe(new Date(`${FUTURE_YEAR}-11-01T00:30:00Z`).toISOString());
    expect(page.calendar.title).toMatch(new RegExp(`^\\d{4}-${FUTURE_YEAR}$`));
    // The admin editor shows the venue's own date and time back.
    const editor = (await eventsAdminLoader(
      await routeArgs(services, "/adminpanel/eventos", { cookie: admin.cookie }),
    )) as Awaited<ReturnType<typeof eventsAdminLoader>>;
    expect(editor.events.find((event) => event.name === VALID.name)).toMatchObject({
      date: VALID.date,
      time: VALID.time,
      capacity: "40",
      bookingUrl: VALID.bookingUrl,
      past: false,
    });
  });

  it("saves changes (full, then moved into the past: never bookable) and deletes", async () => {
    const { id } = await services.db
      .selectFrom("events")
      .select("id")
      .where("name", "=", VALID.name)
      .executeTakeFirstOrThrow();
    expect(await post(admin.cookie, { ...VALID, intent: "save", id, soldOut: "on" })).toMatchObject({ ok: true });
    let event = calendarEvents(await publicPage()).find((entry) => entry.id === id)!;
    expect(event.status).toMatchObject({ label: "¡Cupo lleno!", reservation: null });

    await post(admin.cookie, { ...VALID, intent: "save", id, date: "2024-05-01" });
    event = calendarEvents(await publicPage()).find((entry) => entry.id === id)!;
    expect(event.status).toMatchObject({ label: "Ya pasó", reservation: null });

    expect(statusOf(await post(admin.cookie, { ...VALID, intent: "save", id: "no-existe" }))).toBe(404);
    expect(await post(admin.cookie, { intent: "delete", id })).toMatchObject({ ok: true });
    expect(calendarEvents(await publicPage()).some((entry) => entry.id === id)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  CALENDAR_TITLE,
  EVENTS_HEADING,
  GENERAL_WELCOME,
  NO_UPCOMING_EVENTS,
  WELCOME_LINES,
  eventsPageContent,
  nextBookableEvent,
} from "./events-content.server.ts";
import type { ScheduledEvent } from "./event-schedule.ts";
import { WELCOME_KEYS } from "./welcome-line.ts";

const now = new Date("2026-11-22T12:00:00Z");
const options = {
  siteUrl: "https://ejemplo.mx",
  organizer: "Editorial Luna",
  imagePath: "/images/book-cover.svg",
  now,
};
const event = (id: string, startDate: string, availability: ScheduledEvent["availability"]): ScheduledEvent => ({
  id,
  name: `Evento ${id}`,
  startDate,
  place: { name: "Biblioteca", city: "Pátzcuaro", region: "Michoacán" },
  description: "Una lectura.",
  availability,
  bookingUrl: "https://boletos.example/" + id,
  capacity: 40,
});
const EVENTS = [
  event("pasado", "2026-04-30T16:00:00Z", "past"),
  event("lleno", "2027-01-10T17:00:00Z", "sold-out"),
  event("abierto", "2027-02-10T17:00:00Z", "available"),
];
const page = (search: string) => eventsPageContent(new URLSearchParams(search), options, EVENTS);

describe("eventsPageContent", () => {
  it("keeps SPEC.md's exact strings", () => {
    expect(EVENTS_HEADING).toBe("Si estás aquí, ya eres parte de esta historia");
    expect(CALENDAR_TITLE).toBe("2025-2026");
  });

  it("has an original line for every key, different from the general welcome", () => {
    const lines = WELCOME_KEYS.map((key) => WELCOME_LINES[key]);
    expect(new Set([...lines, GENERAL_WELCOME]).size).toBe(WELCOME_KEYS.length + 1);
  });

  it("greets by key and falls back to the general welcome", () => {
    expect(page("?choc").welcome.line).toBe(WELCOME_LINES.choc);
    expect(page("").welcome.line).toBe(GENERAL_WELCOME);
  });

  it("links only a bookable event, to its booking page; a past one says so and is not bookable", () => {
    const { upcoming, past } = page("").calendar;
    const shown = [...upcoming.events, ...past.events];
    expect(shown.map((entry) => [entry.status.label, entry.status.reservation?.to ?? null, entry.past])).toEqual([
      ["¡Cupo lleno!", null, false],
      ["Disponible", "https://boletos.example/abierto", false],
      ["Ya pasó", null, true],
    ]);
    expect(shown[0]!.capacity).toBe("Cupo: 40 lugares");
  });

  it("shows the upcoming events first, soonest first, and the past ones below, latest first", () => {
    const content = eventsPageContent(new URLSearchParams(), options, [
      event("hace-un-mes", "2026-10-22T12:00:00Z", "past"),
      event("en-dos-meses", "2027-01-22T12:00:00Z", "free"),
      event("hace-un-ano", "2025-11-22T12:00:00Z", "past"),
      event("manana", "2026-11-23T12:00:00Z", "available"),
    ]);
    expect(content.calendar.upcoming.events.map((entry) => entry.id)).toEqual(["manana", "en-dos-meses"]);
    expect(content.calendar.past.events.map((entry) => entry.id)).toEqual(["hace-un-mes", "hace-un-ano"]);
    const listed = (content.seo.jsonLd.itemListElement as { item: { name: string } }[]).map((entry) => entry.item.name);
    expect(listed).toEqual(["Evento manana", "Evento en-dos-meses", "Evento hace-un-mes", "Evento hace-un-ano"]);
  });

  it("says plainly that nothing is upcoming when every event is past", () => {
    const content = eventsPageContent(new URLSearchParams(), options, [
      event("pasado", "2026-04-30T16:00:00Z", "past"),
    ]);
    expect(content.calendar.upcoming.events).toEqual([]);
    expect(content.calendar.upcoming.empty).toBe(NO_UPCOMING_EVENTS);
    expect(NO_UPCOMING_EVENTS).toMatch(/^Por ahora no hay eventos próximos\./);
  });

  it("leads /reservation to the soonest event a seat can be booked for", () => {
    expect(nextBookableEvent(EVENTS)?.id).toBe("abierto");
    expect(
      nextBookableEvent([
        event("despues", "2027-03-10T17:00:00Z", "available"),
        event("antes", "2027-02-10T17:00:00Z", "available"),
      ])?.id,
    ).toBe("antes");
    expect(nextBookableEvent([EVENTS[0]!, EVENTS[1]!])).toBeNull();
  });

  it("titles the calendar with the years of its events", () => {
    expect(page("").calendar.title).toBe("2026-2027");
    expect(eventsPageContent(new URLSearchParams(), options, []).calendar.title).toBe("2026");
  });
});

import { describe, expect, it } from "vitest";
import {
  CALENDAR_TITLE,
  EVENTS_HEADING,
  GENERAL_WELCOME,
  WELCOME_LINES,
  eventsPageContent,
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
    const events = page("").calendar.events;
    expect(events.map((entry) => [entry.status.label, entry.status.reservation?.to ?? null, entry.past])).toEqual([
      ["Ya pasó", null, true],
      ["¡Cupo lleno!", null, false],
      ["Disponible", "https://boletos.example/abierto", false],
    ]);
    expect(events[0]!.capacity).toBe("Cupo: 40 lugares");
  });

  it("titles the calendar with the years of its events", () => {
    expect(page("").calendar.title).toBe("2026-2027");
    expect(eventsPageContent(new URLSearchParams(), options, []).calendar.title).toBe("2026");
  });
});

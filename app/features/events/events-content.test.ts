import { describe, expect, it } from "vitest";
import {
  CALENDAR_TITLE,
  EVENTS_HEADING,
  GENERAL_WELCOME,
  WELCOME_LINES,
  eventsPageContent,
} from "./events-content.server.ts";
import { WELCOME_KEYS } from "./welcome-line.ts";

const options = { siteUrl: "https://ejemplo.mx", organizer: "Editorial Luna", imagePath: "/images/book-cover.svg" };
const page = (search: string) => eventsPageContent(new URLSearchParams(search), options);

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

  it("lists 4 to 6 events with one bookable and one full", () => {
    const events = page("").calendar.events;
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.length).toBeLessThanOrEqual(6);
    const bookable = events.filter((event) => event.status.reservation);
    expect(bookable.map((event) => [event.status.label, event.status.reservation?.to])).toEqual([
      ["Disponible", "/reservation"],
    ]);
    expect(events.filter((event) => event.status.label === "¡Cupo lleno!")).toHaveLength(1);
  });

  it("lists events in date order within 2025-2026", () => {
    const dates = page("").calendar.events.map((event) => new Date(event.startDate).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    for (const date of dates) expect([2025, 2026]).toContain(new Date(date).getUTCFullYear());
  });
});

import { describe, expect, it } from "vitest";
import {
  availabilityOf,
  calendarYears,
  eventWhen,
  eventsJsonLd,
  siteLocalParts,
  siteLocalToDate,
  type ScheduledEvent,
} from "./event-schedule.ts";

const event = (id: string, availability: ScheduledEvent["availability"]): ScheduledEvent => ({
  id,
  name: `Evento ${id}`,
  startDate: "2025-11-01T17:00:00-06:00",
  place: { name: "Biblioteca", city: "Pátzcuaro", region: "Michoacán" },
  description: "Una lectura.",
  availability,
  bookingUrl: availability === "available" ? "https://boletos.example/lectura" : null,
  capacity: null,
});

const options = {
  siteUrl: "https://ejemplo.mx",
  listName: "Eventos",
  organizer: "Editorial Luna",
  imagePath: "/images/book-cover.svg",
};

describe("eventWhen", () => {
  it("says the date and time in Spanish, in the venue's time zone", () => {
    const when = eventWhen("2025-11-01T17:00:00-06:00");
    expect(when.date).toBe("sábado, 1 de noviembre de 2025");
    expect(when.time).toBe("17:00");
  });

  it("keeps the venue's day even late at night", () => {
    expect(eventWhen("2025-10-31T22:30:00-06:00").date).toBe("viernes, 31 de octubre de 2025");
  });

  it("refuses a date it cannot read", () => {
    expect(() => eventWhen("pronto")).toThrow(/Invalid event date/);
  });
});

describe("eventsJsonLd", () => {
  const list = eventsJsonLd([event("a", "available"), event("b", "sold-out"), event("c", "free")], options);
  const items = (list.itemListElement as { position: number; item: Record<string, unknown> }[]).map(
    (element) => element.item,
  );

  it("lists every event, in order, as a schema.org Event", () => {
    expect(list["@type"]).toBe("ItemList");
    expect(list.numberOfItems).toBe(3);
    expect(items.map((item) => [item["@type"], item.name])).toEqual([
      ["Event", "Evento a"],
      ["Event", "Evento b"],
      ["Event", "Evento c"],
    ]);
    expect(items[0]).toMatchObject({
      startDate: "2025-11-01T17:00:00-06:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "Biblioteca",
        address: { addressLocality: "Pátzcuaro", addressCountry: "MX" },
      },
    });
  });

  it("marks a full event SoldOut and the others InStock", () => {
    expect(items.map((item) => (item.offers as { availability: string }).availability)).toEqual([
      "https://schema.org/InStock",
      "https://schema.org/SoldOut",
      "https://schema.org/InStock",
    ]);
  });

  it("points the bookable event's offer at its booking page", () => {
    expect((items[0]!.offers as { url: string }).url).toBe("https://boletos.example/lectura");
    expect((items[1]!.offers as { url: string }).url).toBe("https://ejemplo.mx/eventos");
  });
});

describe("availabilityOf", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const at = (iso: string, soldOut = false, bookingUrl: string | null = "https://boletos.example/") =>
    availabilityOf({ startsAt: new Date(iso), soldOut, bookingUrl }, now);

  it("never offers booking once the event has started, whatever else is set", () => {
    expect(at("2026-04-30T16:00:00Z")).toBe("past");
    expect(at("2026-11-22T12:00:00Z")).toBe("past");
    expect(at("2026-04-30T16:00:00Z", true)).toBe("past");
  });

  it("is bookable with a link, full when sold out, free without a link", () => {
    expect(at("2027-01-10T17:00:00Z")).toBe("available");
    expect(at("2027-01-10T17:00:00Z", true)).toBe("sold-out");
    expect(at("2027-01-10T17:00:00Z", false, null)).toBe("free");
  });
});

describe("calendarYears", () => {
  it("follows the events' years, in the venue's time zone", () => {
    expect(calendarYears([{ startDate: "2025-10-25T17:00:00Z" }, { startDate: "2026-04-30T16:00:00Z" }], 2030)).toBe(
      "2025-2026",
    );
    expect(calendarYears([{ startDate: "2027-03-01T17:00:00Z" }], 2030)).toBe("2027");
    // 1 January 2027, 03:00 UTC is still New Year's Eve in Mexico City.
    expect(calendarYears([{ startDate: "2027-01-01T03:00:00Z" }], 2030)).toBe("2026");
    expect(calendarYears([], 2030)).toBe("2030");
  });
});

describe("site-local dates of the admin form", () => {
  it("reads the venue's wall-clock time and gives it back", () => {
    const instant = siteLocalToDate("2026-04-30", "10:00")!;
    expect(instant.toISOString()).toBe("2026-04-30T16:00:00.000Z");
    expect(siteLocalParts(instant)).toEqual({ date: "2026-04-30", time: "10:00" });
  });

  it("refuses dates that do not exist", () => {
    expect(siteLocalToDate("2026-02-30", "10:00")).toBeNull();
    expect(siteLocalToDate("2026-04-30", "25:00")).toBeNull();
    expect(siteLocalToDate("pronto", "10:00")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { eventWhen, eventsJsonLd, type ScheduledEvent } from "./event-schedule.ts";

const event = (id: string, availability: ScheduledEvent["availability"]): ScheduledEvent => ({
  id,
  name: `Evento ${id}`,
  startDate: "2025-11-01T17:00:00-06:00",
  place: { name: "Biblioteca", city: "Pátzcuaro", region: "Michoacán" },
  description: "Una lectura.",
  availability,
});

const options = {
  siteUrl: "https://ejemplo.mx",
  listName: "Eventos",
  organizer: "Editorial Luna",
  reservationPath: "/reservation",
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

  it("points the bookable event's offer at the reservation page", () => {
    expect((items[0]!.offers as { url: string }).url).toBe("https://ejemplo.mx/reservation");
    expect((items[1]!.offers as { url: string }).url).toBe("https://ejemplo.mx/eventos");
  });
});

/** Placeholder events of the 2025-2026 calendar: their shape, display dates and structured data. */
import { SITE_TIME_ZONE } from "../../lib/dates.ts";

export type EventAvailability = "available" | "sold-out" | "free";

export type ScheduledEvent = {
  id: string;
  name: string;
  /** ISO 8601 with the venue's UTC offset, e.g. 2025-11-01T17:00:00-06:00. */
  startDate: string;
  place: { name: string; city: string; region: string };
  description: string;
  availability: EventAvailability;
};

/** Events happen in Mexico; their times are shown in the venue's time zone, whatever the server's. */
const EVENT_TIME_ZONE = SITE_TIME_ZONE;

const dateFormat = new Intl.DateTimeFormat("es-ES", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: EVENT_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat("es-ES", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: EVENT_TIME_ZONE,
});

/** Date and time as a Spanish reader says them: "sábado, 1 de noviembre de 2025", "17:00". */
export function eventWhen(startDate: string) {
  const start = new Date(startDate);
  if (Number.isNaN(start.getTime())) throw new Error(`Invalid event date: ${startDate}`);
  return { date: dateFormat.format(start), time: timeFormat.format(start) };
}

const SCHEMA_AVAILABILITY: Record<EventAvailability, string> = {
  available: "https://schema.org/InStock",
  free: "https://schema.org/InStock",
  "sold-out": "https://schema.org/SoldOut",
};

type EventListOptions = {
  siteUrl: string;
  listName: string;
  organizer: string;
  /** Where a seat is booked, for events that take reservations. */
  reservationPath: string;
  imagePath: string;
};

/** schema.org ItemList of Event items for /eventos. */
export function eventsJsonLd(events: readonly ScheduledEvent[], options: EventListOptions): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, options.siteUrl).href;
  return {
    "@type": "ItemList",
    name: options.listName,
    url: absolute("/eventos"),
    numberOfItems: events.length,
    itemListElement: events.map((event, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Event",
        name: event.name,
        description: event.description,
        startDate: event.startDate,
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        image: absolute(options.imagePath),
        location: {
          "@type": "Place",
          name: event.place.name,
          address: {
            "@type": "PostalAddress",
            addressLocality: event.place.city,
            addressRegion: event.place.region,
            addressCountry: "MX",
          },
        },
        organizer: { "@type": "Organization", name: options.organizer },
        offers: {
          "@type": "Offer",
          price: "0",
          priceCurrency: "MXN",
          availability: SCHEMA_AVAILABILITY[event.availability],
          url: absolute(event.availability === "available" ? options.reservationPath : "/eventos"),
        },
      },
    })),
  };
}

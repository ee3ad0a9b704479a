/** Events of the calendar: their shape, display dates, whether they are bookable, and structured data. */
import { SITE_TIME_ZONE } from "../../lib/dates.ts";
import { onFirstUse } from "../../lib/on-first-use.ts";

/** available: has a booking link; free: no booking needed; past: over, never bookable. */
export type EventAvailability = "available" | "sold-out" | "free" | "past";

export type ScheduledEvent = {
  id: string;
  name: string;
  /** ISO 8601, e.g. 2025-11-01T17:00:00-06:00 or 2025-11-01T23:00:00.000Z. */
  startDate: string;
  place: { name: string; city: string; region: string };
  description: string;
  availability: EventAvailability;
  /** Where a seat is booked (an http(s) address or a page of this site); only followed while the event is "available". */
  bookingUrl: string | null;
  /** Seats in all, when limited. */
  capacity: number | null;
};

/** An event whose booking link is this page takes its bookings on this site (decision 070). */
export const SITE_BOOKING_PATH = "/reservation";

/** The booking page of one event taken here. */
export const siteBookingPath = (id: string) => `${SITE_BOOKING_PATH}?evento=${encodeURIComponent(id)}`;

/**
 * An event's availability at `now`: one that has started is past, whatever else is set, so a
 * booking link is never offered for it; then full (the organiser's switch, or every seat of an
 * event booked here taken); then bookable when it has a link.
 */
export function availabilityOf(
  event: {
    startsAt: Date;
    soldOut: boolean;
    bookingUrl: string | null;
    capacity?: number | null;
    seatsTaken?: number;
  },
  now: Date,
): EventAvailability {
  if (event.startsAt.getTime() <= now.getTime()) return "past";
  if (event.soldOut) return "sold-out";
  const full = event.capacity != null && (event.seatsTaken ?? 0) >= event.capacity;
  if (event.bookingUrl === SITE_BOOKING_PATH && full) return "sold-out";
  return event.bookingUrl ? "available" : "free";
}

/** The calendar's title: the years its events span ("2025-2026"), or one year. */
export function calendarYears(events: readonly { startDate: string }[], fallbackYear: number): string {
  const years = events.map((event) => Number(eventYear().format(new Date(event.startDate))));
  if (years.length === 0) return String(fallbackYear);
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}-${last}`;
}

const eventYear = onFirstUse(() => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: SITE_TIME_ZONE }));

/**
 * The instant a wall-clock date and time in the site's time zone stands for ("2026-04-30",
 * "10:00" in Mexico City → 16:00 UTC). Admins type the venue's local time.
 */
export function siteLocalToDate(date: string, time: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The zone's offset at that moment (twice: the first guess may sit across a change of offset).
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}

/** The site's local date and time of an instant, as the admin form's fields take them. */
export function siteLocalParts(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    partsFormat()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const hour = parts.hour === "24" ? "00" : parts.hour;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${hour}:${parts.minute}` };
}

const partsFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: SITE_TIME_ZONE,
    }),
);

function offsetAt(instant: number): number {
  const { date, time } = siteLocalParts(new Date(instant));
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return Date.UTC(year, month - 1, day, hour, minute) - Math.floor(instant / 60_000) * 60_000;
}

/** Events happen in Mexico; their times are shown in the venue's time zone, whatever the server's. */
const EVENT_TIME_ZONE = SITE_TIME_ZONE;

const dateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: EVENT_TIME_ZONE,
    }),
);
const timeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: EVENT_TIME_ZONE,
    }),
);

/** Date and time as a Spanish reader says them: "sábado, 1 de noviembre de 2025", "17:00". */
export function eventWhen(startDate: string) {
  const start = new Date(startDate);
  if (Number.isNaN(start.getTime())) throw new Error(`Invalid event date: ${startDate}`);
  return { date: dateFormat().format(start), time: timeFormat().format(start) };
}

const SCHEMA_AVAILABILITY: Record<EventAvailability, string> = {
  available: "https://schema.org/InStock",
  free: "https://schema.org/InStock",
  "sold-out": "https://schema.org/SoldOut",
  past: "https://schema.org/SoldOut",
};

type EventListOptions = {
  siteUrl: string;
  listName: string;
  organizer: string;
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
          url: absolute(event.availability === "available" && event.bookingUrl ? event.bookingUrl : "/eventos"),
        },
      },
    })),
  };
}

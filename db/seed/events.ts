import { siteLocalParts, siteLocalToDate } from "../../app/features/events/event-schedule.ts";

/**
 * The demo calendar, dated from the moment the site is first started (decision 024): a fresh
 * install shows what a real season looks like (one event to book, one full, one free, two past),
 * whenever it is installed. Migration 0010 inserted the same events with fixed 2025-2026 dates,
 * all past by now; the seed moves them (same ids) and leaves databases seeded earlier alone.
 */
type SeedEvent = {
  id: string;
  /** Days from the first start; negative: already past. */
  inDays: number;
  /** The venue's wall-clock time (Mexico City). */
  time: string;
  capacity: number | null;
  soldOut: boolean;
  /** A page of this site or an http(s) address; null: free entry, no booking. */
  bookingUrl: string | null;
};

/** The demo's bookable event takes its bookings on this site (decision 070). */
export const DEMO_BOOKING_PATH = "/reservation";

export const seedEvents: readonly SeedEvent[] = [
  { id: "lectura-patzcuaro", inDays: -61, time: "11:00", capacity: null, soldOut: false, bookingUrl: null },
  { id: "papel-picado", inDays: -30, time: "16:00", capacity: 30, soldOut: true, bookingUrl: null },
  { id: "dia-del-nino", inDays: 21, time: "10:00", capacity: 60, soldOut: false, bookingUrl: DEMO_BOOKING_PATH },
  { id: "alebrijes", inDays: 42, time: "11:00", capacity: 25, soldOut: true, bookingUrl: null },
  { id: "feria-del-libro", inDays: 70, time: "12:00", capacity: null, soldOut: false, bookingUrl: null },
];

/** The instant a seed event starts: `inDays` after `now`, at its local time in the venue. */
export function seedEventStart(event: Pick<SeedEvent, "inDays" | "time">, now: Date): Date {
  const day = siteLocalParts(new Date(now.getTime() + event.inDays * 24 * 60 * 60 * 1000)).date;
  const start = siteLocalToDate(day, event.time);
  if (!start) throw new Error(`seed: bad event time ${event.time}`);
  return start;
}

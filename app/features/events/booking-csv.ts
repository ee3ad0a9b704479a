import { csvFile } from "../../lib/csv.ts";
import type { BookingRow } from "./bookings.server.ts";

export const BOOKING_CSV_HEADER = [
  "nombre",
  "correo",
  "ninos",
  "adultos",
  "lugares",
  "estado",
  "asistio",
  "reservado_el",
] as const;

/** The organiser's list: one row per booking (then the waiting list), seats as plain numbers. */
export function bookingsCsv(bookings: readonly BookingRow[]): string {
  return csvFile([
    [...BOOKING_CSV_HEADER],
    ...bookings.map((booking) => [
      booking.name,
      booking.email,
      String(booking.children),
      String(booking.adults),
      String(booking.children + booking.adults),
      booking.status === "booked" ? "reservado" : "lista de espera",
      booking.status === "booked" ? (booking.attended ? "si" : "no") : "",
      booking.createdAt.toISOString(),
    ]),
  ]);
}

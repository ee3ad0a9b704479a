import { z } from "zod";
import { CHECK_MARKED_FIELDS, firstErrorPerField } from "../../lib/form-errors.ts";

/** The most seats one booking takes (children and adults together). */
export const MAX_SEATS_PER_BOOKING = 10;

/** What the booking form says (Spanish, beside its field or above the form). */
export const BOOKING_MESSAGES = {
  name: "Escribe tu nombre (hasta 80 caracteres).",
  email: "Escribe un correo electrónico válido.",
  children: `Escribe cuántos niños y niñas vienen: un número entero de 0 a ${MAX_SEATS_PER_BOOKING}.`,
  adults: `Escribe cuántas personas adultas vienen: un número entero de 0 a ${MAX_SEATS_PER_BOOKING}.`,
  noSeats: "Reserva al menos un lugar: ¿cuántos niños, niñas y personas adultas vienen?",
  tooManySeats: `Una reserva puede tener hasta ${MAX_SEATS_PER_BOOKING} lugares en total.`,
  seatsLeft: (left: number) =>
    left === 1 ? "Solo queda 1 lugar: reserva menos lugares." : `Solo quedan ${left} lugares: reserva menos lugares.`,
  consent: "Marca la casilla para que podamos escribirte sobre este evento.",
  full: "¡Cupo lleno! Ya no quedan lugares para este evento. Puedes anotarte en la lista de espera.",
  past: "Este evento ya pasó: ya no se puede reservar.",
  closed: "Este evento ya no recibe reservas.",
  notFound: "Ese evento no existe o no se reserva en este sitio.",
  invalid: CHECK_MARKED_FIELDS,
} as const;

const seatCount = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : 0),
    z.number({ message }).int(message).min(0, message).max(MAX_SEATS_PER_BOOKING, message),
  );

const bookingSchema = z.object({
  name: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().min(1, BOOKING_MESSAGES.name).max(80, BOOKING_MESSAGES.name),
  ),
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : ""),
    z.string().max(254, BOOKING_MESSAGES.email).pipe(z.email(BOOKING_MESSAGES.email)),
  ),
  children: seatCount(BOOKING_MESSAGES.children),
  adults: seatCount(BOOKING_MESSAGES.adults),
  consent: z.literal("on", { message: BOOKING_MESSAGES.consent }),
});

export type BookingInput = { name: string; email: string; children: number; adults: number };
export type BookingField = "name" | "email" | "children" | "adults" | "seats" | "consent";
export type BookingFieldErrors = Partial<Record<BookingField, string>>;

/** The form's fields as typed, to fill the form again after a refusal. */
export type BookingValues = Record<Exclude<BookingField, "consent" | "seats">, string> & { consent: boolean };

export function bookingValues(form: FormData): BookingValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    children: text("children"),
    adults: text("adults"),
    consent: form.get("consent") === "on",
  };
}

/** Checks the form; errors keyed by field (the first each); the seats in all under "seats". */
export function parseBookingForm(
  form: FormData,
): { ok: true; data: BookingInput } | { ok: false; errors: BookingFieldErrors } {
  const raw = Object.fromEntries(
    ["name", "email", "children", "adults", "consent"].map((key) => [key, form.get(key) ?? undefined]),
  );
  const result = bookingSchema.safeParse(raw);
  if (!result.success) return { ok: false, errors: firstErrorPerField<BookingField>(result.error.issues) };
  const { name, email, children, adults } = result.data;
  const seats = children + adults;
  if (seats === 0) return { ok: false, errors: { seats: BOOKING_MESSAGES.noSeats } };
  if (seats > MAX_SEATS_PER_BOOKING) return { ok: false, errors: { seats: BOOKING_MESSAGES.tooManySeats } };
  return { ok: true, data: { name, email, children, adults } };
}

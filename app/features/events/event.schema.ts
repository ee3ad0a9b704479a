import { z } from "zod";
import { siteLocalToDate } from "./event-schedule.ts";
import { CHECK_MARKED_FIELDS, firstErrorPerField } from "../../lib/form-errors.ts";

/** What the admin event form says beside a field (Spanish, as readers and admins see it). */
export const EVENT_MESSAGES = {
  name: "Escribe el nombre del evento (hasta 120 caracteres).",
  description: "La descripción puede tener hasta 600 caracteres.",
  date: "Escribe una fecha válida.",
  time: "Escribe una hora válida (HH:MM).",
  place: "Escribe el lugar (hasta 120 caracteres).",
  city: "Escribe la ciudad (hasta 80 caracteres).",
  region: "El estado puede tener hasta 80 caracteres.",
  capacity: "El cupo es un número entero de 1 a 100000, o vacío si no hay límite.",
  bookingUrl:
    "El enlace para reservar debe empezar con https:// o http://, o con / si es una página de este sitio (o dejarse vacío).",
  saved: "Evento guardado.",
  added: "Evento agregado.",
  deleted: "Evento borrado.",
  notFound: "Ese evento ya no existe.",
  invalid: CHECK_MARKED_FIELDS,
} as const;

const text = (max: number, message: string, min = 0) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().min(min, message).max(max, message),
  );

/** A page of this site: one leading slash (not "//" or "/\\", which browsers read as another host), no spaces. */
const isSitePath = (value: string) => /^\/(?![/\\])\S*$/.test(value);
const isWebAddress = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);

export const eventFormSchema = z.object({
  name: text(120, EVENT_MESSAGES.name, 1),
  description: text(600, EVENT_MESSAGES.description),
  date: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string()),
  time: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string()),
  placeName: text(120, EVENT_MESSAGES.place, 1),
  city: text(80, EVENT_MESSAGES.city, 1),
  region: text(80, EVENT_MESSAGES.region),
  capacity: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : null),
    z
      .number({ message: EVENT_MESSAGES.capacity })
      .int(EVENT_MESSAGES.capacity)
      .min(1, EVENT_MESSAGES.capacity)
      .max(100_000, EVENT_MESSAGES.capacity)
      .nullable(),
  ),
  soldOut: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  bookingUrl: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null),
    z
      .string()
      .max(500, EVENT_MESSAGES.bookingUrl)
      .refine((value) => isSitePath(value) || isWebAddress(value), EVENT_MESSAGES.bookingUrl)
      .nullable(),
  ),
});

export type EventInput = z.output<typeof eventFormSchema> & { startsAt: Date };
export type EventFieldErrors = Partial<
  Record<"name" | "description" | "date" | "time" | "placeName" | "city" | "region" | "capacity" | "bookingUrl", string>
>;

/** Parses the admin form; errors keyed by field, the first message each. */
export function parseEventForm(
  form: FormData,
): { ok: true; data: EventInput } | { ok: false; errors: EventFieldErrors } {
  const raw = Object.fromEntries(
    ["name", "description", "date", "time", "placeName", "city", "region", "capacity", "soldOut", "bookingUrl"].map(
      (key) => [key, form.get(key) ?? undefined],
    ),
  );
  const result = eventFormSchema.safeParse(raw);
  const errors: EventFieldErrors = firstErrorPerField<keyof EventFieldErrors>(result.error?.issues ?? []);
  // The date and time are checked together (one instant in the venue's time zone), and
  // apart from the other fields so every mistake is reported at once.
  const date = typeof raw.date === "string" ? raw.date.trim() : "";
  const time = typeof raw.time === "string" ? raw.time.trim() : "";
  const timeOk = /^\d{2}:\d{2}$/.test(time);
  if (!timeOk) errors.time = EVENT_MESSAGES.time;
  const startsAt = siteLocalToDate(date, timeOk ? time : "00:00");
  if (!startsAt) errors.date = EVENT_MESSAGES.date;
  if (!result.success || !startsAt || !timeOk) return { ok: false, errors };
  return { ok: true, data: { ...result.data, startsAt } };
}

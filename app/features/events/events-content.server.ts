import {
  calendarYears,
  eventWhen,
  eventsJsonLd,
  type EventAvailability,
  type ScheduledEvent,
} from "./event-schedule.ts";
import { welcomeLineFor, type WelcomeKey } from "./welcome-line.ts";

/** Spanish copy of /eventos. Server-only: the loader picks the welcome line and formats dates. */

export const EVENTS_HEADING = "Si estás aquí, ya eres parte de esta historia";
/** SPEC.md's calendar title; the title now follows the events' years (calendarYears). */
export const CALENDAR_TITLE = "2025-2026";

export const GENERAL_WELCOME =
  "Te damos la bienvenida al lugar donde la aventura de Valentina y Taquito sale del libro: lecturas, talleres y mucho cempasúchil.";

/** One line per key printed at events (SPEC.md §2: valentina … ofrenda). */
export const WELCOME_LINES: Readonly<Record<WelcomeKey, string>> = {
  valentina: "¡Valentina te estaba esperando! Trae tu linterna y tu cuaderno de dibujo: hoy empieza otra aventura.",
  espejo: "Cruzaste el espejo de la abuela Lupe. Del otro lado hay un puente de flores… y aquí estamos para recibirte.",
  taquito: "¡Guau! Taquito movió la cola en cuanto llegaste. Seguro traes una galleta de animalitos escondida.",
  camazotz:
    "Camazotz devolvió las luces y una de ellas te trajo hasta aquí. No tengas miedo: ahora es un murciélago amigable.",
  tinskani: "Tinskani pescó tu luz en el lago de estrellas y la guio con su red de mariposa hasta este evento.",
  choc: "¡Choc está feliz de verte! Dice que tus colores son casi tan bonitos como los suyos. Casi.",
  mictlan: "Bajaste los nueve niveles del Mictlán y llegaste sano y salvo. ¡Eso merece una fiesta!",
  ofrenda:
    "Pusiste tu flor en la ofrenda y el camino de pétalos te trajo hasta aquí. Gracias por recordar a quienes quieres.",
};

const STATUS_LABELS: Record<EventAvailability, string> = {
  available: "Disponible",
  "sold-out": "¡Cupo lleno!",
  free: "Entrada libre",
  past: "Ya pasó",
};

function eventView(event: ScheduledEvent) {
  const when = eventWhen(event.startDate);
  return {
    id: event.id,
    name: event.name,
    startDate: event.startDate,
    date: when.date,
    time: `${when.time} h`,
    place: `${event.place.name} · ${event.place.city}, ${event.place.region}`,
    description: event.description,
    capacity: event.capacity ? `Cupo: ${event.capacity} lugares` : null,
    past: event.availability === "past",
    status: {
      availability: event.availability,
      label: STATUS_LABELS[event.availability],
      /** Only bookable events link to their booking page; the rest of the sentence is for screen readers. */
      reservation:
        event.availability === "available" && event.bookingUrl
          ? { to: event.bookingUrl, context: `: reserva tu lugar en «${event.name}»` }
          : null,
    },
  };
}

export type EventView = ReturnType<typeof eventView>;

/** Said plainly where the upcoming events would be, when every event is past (or there are none). */
export const NO_UPCOMING_EVENTS =
  "Por ahora no hay eventos próximos. Vuelve pronto: aquí anunciaremos las siguientes lecturas y talleres.";

/**
 * What a parent looks for first: the events still to come, soonest first; below them the past
 * ones, the most recent first.
 */
export function upcomingThenPast(events: readonly ScheduledEvent[]) {
  const byStart = [...events].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return {
    upcoming: byStart.filter((event) => event.availability !== "past"),
    past: byStart.filter((event) => event.availability === "past").reverse(),
  };
}

/** The next event a seat can be booked for, where /reservation leads (decision 024). */
export function nextBookableEvent(events: readonly ScheduledEvent[]): ScheduledEvent | null {
  return (
    upcomingThenPast(events).upcoming.find((event) => event.availability === "available" && event.bookingUrl) ?? null
  );
}

export function eventsPageContent(
  searchParams: URLSearchParams,
  options: { siteUrl: string; organizer: string; imagePath: string; now: Date },
  events: readonly ScheduledEvent[],
) {
  const title = calendarYears(events, options.now.getFullYear());
  const { upcoming, past } = upcomingThenPast(events);
  return {
    seo: {
      title: "Eventos",
      description: `Lecturas, talleres y presentaciones de «Valentina y Taquito en el Mictlán» en la temporada ${title}. Reserva tu lugar.`,
      jsonLd: eventsJsonLd([...upcoming, ...past], {
        siteUrl: options.siteUrl,
        listName: `Eventos ${title}`,
        organizer: options.organizer,
        imagePath: options.imagePath,
      }),
    },
    kicker: "Eventos",
    heading: EVENTS_HEADING,
    welcome: welcomeLineFor(searchParams, WELCOME_LINES, GENERAL_WELCOME),
    calendar: {
      eyebrow: "Calendario de eventos",
      title,
      intro: "Lecturas, talleres y presentaciones para toda la familia. Las fechas pueden cambiar.",
      upcoming: { heading: "Próximos eventos", events: upcoming.map(eventView), empty: NO_UPCOMING_EVENTS },
      past: { heading: "Eventos que ya pasaron", events: past.map(eventView) },
    },
  };
}

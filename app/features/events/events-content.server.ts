import { eventWhen, eventsJsonLd, type EventAvailability, type ScheduledEvent } from "./event-schedule.ts";
import { welcomeLineFor, type WelcomeKey } from "./welcome-line.ts";

/** Spanish copy of /eventos. Server-only: the loader picks the welcome line and formats dates. */

export const EVENTS_HEADING = "Si estás aquí, ya eres parte de esta historia";
export const CALENDAR_TITLE = "2025-2026";
export const RESERVATION_PATH = "/reservation";

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

/** Placeholder calendar (SPEC.md: 2025-2026 with placeholder events). */
const EVENTS: readonly ScheduledEvent[] = [
  {
    id: "lectura-patzcuaro",
    name: "Lectura en voz alta: Salida a Tzintzuntzan",
    startDate: "2025-10-25T11:00:00-06:00",
    place: { name: "Biblioteca del Lago", city: "Pátzcuaro", region: "Michoacán" },
    description:
      "Leemos juntos el primer capítulo y cada quien se lleva una mariposa monarca de papel para su cuaderno.",
    availability: "free",
  },
  {
    id: "papel-picado",
    name: "Taller de papel picado para la ofrenda",
    startDate: "2025-11-01T16:00:00-06:00",
    place: { name: "Casa de la Cultura", city: "Tzintzuntzan", region: "Michoacán" },
    description:
      "Con tijeras, papel de china y mucha paciencia, hacemos el papel picado morado y naranja de la abuela Lupe.",
    availability: "sold-out",
  },
  {
    id: "feria-del-libro",
    name: "Presentación del libro con sus autores",
    startDate: "2025-11-29T12:00:00-06:00",
    place: { name: "Salón de las Letras de la feria del libro", city: "Guadalajara", region: "Jalisco" },
    description:
      "Regina y Tomás cuentan cómo nació la historia, responden preguntas y firman libros. Taquito manda saludos.",
    availability: "free",
  },
  {
    id: "alebrijes",
    name: "Taller: dibuja tu alebrije con Choc",
    startDate: "2026-03-21T11:00:00-06:00",
    place: { name: "Museo de Arte Popular del Barrio", city: "Morelia", region: "Michoacán" },
    description:
      "Cabeza de jaguar, alas de águila, cola de iguana… Inventa tu propio alebrije y ponle todos los colores que quieras.",
    availability: "free",
  },
  {
    id: "dia-del-nino",
    name: "Cuentacuentos del Mictlán por el Día del Niño",
    startDate: "2026-04-30T10:00:00-06:00",
    place: { name: "Foro Cultural del Jardín", city: "Ciudad de México", region: "CDMX" },
    description:
      "Una función de cuentos con música, calaveritas y sombras chinas. El cupo es limitado: reserva tu lugar gratis.",
    availability: "available",
  },
];

const STATUS_LABELS: Record<EventAvailability, string> = {
  available: "Disponible",
  "sold-out": "¡Cupo lleno!",
  free: "Entrada libre",
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
    status: {
      availability: event.availability,
      label: STATUS_LABELS[event.availability],
      /** Only bookable events link to the reservation page; the rest of the sentence is for screen readers. */
      reservation:
        event.availability === "available"
          ? { to: RESERVATION_PATH, context: `: reserva tu lugar en «${event.name}»` }
          : null,
    },
  };
}

export type EventView = ReturnType<typeof eventView>;

export function eventsPageContent(
  searchParams: URLSearchParams,
  options: { siteUrl: string; organizer: string; imagePath: string },
) {
  return {
    seo: {
      title: "Eventos",
      description:
        "Lecturas, talleres y presentaciones de «Valentina y Taquito en el Mictlán» en la temporada 2025-2026. Reserva tu lugar.",
      jsonLd: eventsJsonLd(EVENTS, {
        siteUrl: options.siteUrl,
        listName: `Eventos ${CALENDAR_TITLE}`,
        organizer: options.organizer,
        reservationPath: RESERVATION_PATH,
        imagePath: options.imagePath,
      }),
    },
    kicker: "Eventos",
    heading: EVENTS_HEADING,
    welcome: welcomeLineFor(searchParams, WELCOME_LINES, GENERAL_WELCOME),
    calendar: {
      eyebrow: "Calendario de eventos",
      title: CALENDAR_TITLE,
      intro: "Lecturas, talleres y presentaciones para toda la familia. Las fechas son de ejemplo y pueden cambiar.",
      events: EVENTS.map(eventView),
    },
  };
}

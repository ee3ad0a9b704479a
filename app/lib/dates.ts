import { onFirstUse } from "./on-first-use.ts";

/**
 * The site's one time zone: the book's (Michoacán). Every date is written in it, so the HTML the
 * server renders and what the browser hydrates always say the same thing.
 */
export const SITE_TIME_ZONE = "America/Mexico_City";

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("es-ES", {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: SITE_TIME_ZONE,
    }),
);

/** SPEC.md §9: es-ES with day, long month, year, hour and minute ("3 de noviembre de 2026, 18:05"). */
export const formatDateTime = (value: string | Date) => dateTimeFormat().format(new Date(value));

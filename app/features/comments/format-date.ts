// One fixed zone (the book's, Michoacán) so server and browser render the same text.
const formatter = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "America/Mexico_City",
});

/** SPEC.md §9: es-ES with day, long month, year, hour and minute. */
export const formatCommentDate = (iso: string) => formatter.format(new Date(iso));

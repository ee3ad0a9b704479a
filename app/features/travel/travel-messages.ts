import { onFirstUse } from "../../lib/on-first-use.ts";

/** What the trip's copy says, in Spanish (issue 43). */
const sizeFormat = onFirstUse(() => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }));

/** Bytes as a reader reads them: "850 KB", "1,2 MB". */
export const readableSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${sizeFormat().format(bytes / (1024 * 1024))} MB`;

export const chapterWord = (count: number) => (count === 1 ? "1 capítulo" : `${count} capítulos`);

export const savedOn = (savedAt: number) =>
  new Date(savedAt).toLocaleDateString("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export const TRAVEL_MESSAGES = {
  heading: "Para leer sin señal",
  save: "Guardar para el viaje",
  clear: "Borrar lo guardado",
  saving: "Guardando…",
  refreshing: "Actualizando lo guardado…",
  persistent: "Este teléfono conservará lo guardado aunque le falte espacio.",
  notPersistent:
    "Si al teléfono le falta espacio, podría borrar lo guardado: vuelve a guardarlo antes de salir de viaje.",
  offer: (chapters: number, estimate: number) =>
    `Guarda en este teléfono ${chapterWord(chapters)} que has desbloqueado, tus personajes y tu pasaporte, para leerlos en el viaje aunque no haya señal. Ocupará unos ${readableSize(estimate)}.`,
  saved: (savedAt: number, chapters: number, bytes: number) =>
    `Guardado el ${savedOn(savedAt)}: ${chapterWord(chapters)}, tus personajes y tu pasaporte (${readableSize(bytes)}).`,
  backToChapter: (title: string) => `Volver al capítulo «${title}»`,
  cleared: "Hemos borrado lo guardado en este teléfono.",
  failed: "No se pudo guardar. Comprueba que tienes señal e inténtalo de nuevo.",
  unsupported: "Este navegador no puede guardar páginas para leer sin conexión.",
  iphone:
    "En iPhone o iPad: añade esta página a la pantalla de inicio (botón Compartir, «Añadir a pantalla de inicio») para que el teléfono no borre lo guardado.",
} as const;

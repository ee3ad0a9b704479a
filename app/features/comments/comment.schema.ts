export const COMMENT_MAX_LENGTH = 1000;

export const COMMENT_MESSAGES = {
  hint: "Recuerda mantener una conversación en respeto",
  queued: "Se enviará cuando haya señal",
  empty: "Escribe tu comentario antes de enviarlo.",
  tooLong: `Tu comentario puede tener hasta ${COMMENT_MAX_LENGTH} caracteres.`,
  none: "¡El primer comentario es tuyo!",
  heading: "Lo que otros lectores opinan",
  signInPrompt: "Ingresa para dejar tu comentario.",
  rateLimited: "Vas muy rápido. Espera un momento antes de comentar otra vez.",
  published: "Tu comentario se publicó.",
  held: "Gracias. Tu comentario está en revisión: lo verán los demás cuando un adulto lo apruebe.",
  inReview: "En revisión",
  notFound: "Ese comentario ya no está.",
  reportOwn: "No puedes reportar tu propio comentario.",
  reportTwice: "Ya reportaste este comentario.",
  reportReason: "Elige un motivo de la lista.",
  reported: "Gracias. Un adulto revisará el comentario.",
  forbidden: "Solo un administrador puede hacer eso.",
  unknownAction: "Acción desconocida.",
} as const;

/** The short reasons a reader can give for 'Reportar' (a list: no free text to moderate too). */
export const REPORT_REASONS = [
  "Comparte datos personales",
  "Groserías o insultos",
  "Molesta o es cruel",
  "Publicidad o enlaces",
  "Otra razón",
] as const;

/** How many readers' reports hide a comment until an admin decides. */
export const REPORTS_TO_HIDE = 3;

export const MODERATION_ACTIONS = ["approve", "hide", "delete"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What an admin sees on the buttons of the queue and the chapter page. */
export const MODERATION_LABELS: Record<ModerationAction, string> = {
  approve: "Aprobar",
  hide: "Ocultar",
  delete: "Borrar",
};

/** Why a comment waits, beyond the filter's reasons (app/lib/risky-text.server.ts). */
export const HOLD_LABELS: Record<string, string> = {
  enlace: "Enlace o dirección web",
  correo: "Correo electrónico",
  telefono: "Número de teléfono",
  contacto: "Otros datos de contacto",
  palabras: "Palabras de la lista de groserías",
  menor: "Lector menor de 14 años",
  todos: "Todos los comentarios se revisan",
  reportes: `${REPORTS_TO_HIDE} o más reportes`,
};

/** DESIGN.md: 1–1000 characters after trimming. Shared by the form and the action. */
export function checkComment(raw: unknown): { ok: true; text: string } | { ok: false; error: string; blank: boolean } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) return { ok: false, error: COMMENT_MESSAGES.empty, blank: true };
  if ([...text].length > COMMENT_MAX_LENGTH) return { ok: false, error: COMMENT_MESSAGES.tooLong, blank: false };
  return { ok: true, text };
}

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
  otherReader: "Este comentario lo escribió otro lector en este dispositivo: se enviará cuando vuelva a entrar.",
} as const;

/** DESIGN.md: 1–1000 characters after trimming. Shared by the form and the action. */
export function checkComment(raw: unknown): { ok: true; text: string } | { ok: false; error: string; blank: boolean } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text) return { ok: false, error: COMMENT_MESSAGES.empty, blank: true };
  if ([...text].length > COMMENT_MAX_LENGTH) return { ok: false, error: COMMENT_MESSAGES.tooLong, blank: false };
  return { ok: true, text };
}

/**
 * What readers report and admins decide, apart from comment.schema.ts: the chapter page's
 * first load carries the comment form's words, and these only when a control is opened.
 */

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

/** DESIGN.md: the comment up to 5000 characters; the rest sized for real names and addresses. */
export const CONTACT_LIMITS = { name: 100, email: 254, comment: 5000 } as const;

export type ContactField = keyof typeof CONTACT_LIMITS;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** Every contact string a reader or a client of the endpoint sees, SPEC.md's exact ones included. */
export const CONTACT_MESSAGES = {
  // SPEC.md §8, letter for letter.
  sending: "Enviando...",
  sent: "¡Mensaje enviado!",
  failed: "Error al enviar. Intenta de nuevo.",

  nameRequired: "Escribe tu nombre.",
  nameTooLong: "Tu nombre puede tener hasta 100 caracteres.",
  emailRequired: "Escribe tu correo electrónico.",
  emailInvalid: "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
  commentRequired: "Escribe tu mensaje.",
  commentTooLong: "Tu mensaje puede tener hasta 5000 caracteres.",

  // Bodies of the endpoint's refusals (text/plain).
  invalidRequest: "Revisa el formulario: faltan datos o no son válidos.",
  rateLimited: "Enviaste varios mensajes seguidos. Espera unos minutos y vuelve a intentarlo.",
  storeFailed: "No pudimos guardar tu mensaje. Intenta de nuevo en un momento.",
  methodNotAllowed: "Usa POST para enviar un mensaje.",

  // The admins' inbox (/adminpanel/mensajes).
  inboxInvalidRequest: "Solicitud no válida.",
  inboxMessageGone: "Ese mensaje ya no existe.",
  inboxHandled: "Mensaje marcado como atendido.",
  inboxReopened: "Mensaje marcado como pendiente.",
  inboxRetryNoMail:
    "El correo no está configurado en el servidor (SMTP_URL y CONTACT_TO): los mensajes siguen guardados y esperan.",
  inboxRetried: (sent: number, waiting: number) =>
    waiting === 0
      ? `Listo: se enviaron ${sent} mensajes.`
      : `Se enviaron ${sent} mensajes; ${waiting} siguen esperando (mira su último error).`,
} as const;

/** The guardian's page: the consent token follows this prefix. */
export const GUARDIAN_PATH_PREFIX = "/permiso-familiar/";

/** What readers and guardians read about guardian consent, in one place. */
export const GUARDIAN_MESSAGES = {
  waitingTitle: "Esperando el permiso de tu familia",
  waitingText:
    "Como tienes menos de 14 años, le pedimos permiso por correo a tu mamá, papá o tutor. Mientras tanto puedes leer, escanear los códigos del libro y coleccionar personajes y capítulos. Podrás comentar y cambiar tu nombre cuando acepten.",
  askEmailText:
    "Como tienes menos de 14 años, necesitamos el permiso de tu mamá, papá o tutor. Escribe su correo y le enviaremos un mensaje.",
  guardianEmailLabel: "Correo de tu mamá, papá o tutor",
  send: "Enviar el correo",
  resend: "Enviar el correo otra vez",
  sent: "Listo: enviamos el correo. Pídele a tu familia que lo abra.",
  sendFailed: "No pudimos enviar el correo ahora. Intenta de nuevo en un rato.",
  tooMany: "Ya enviamos varios correos hace poco. Espera un rato antes de pedir otro.",
  refused: "Esperando el permiso de tu familia: podrás hacerlo cuando tu familia acepte.",
  linkInvalid:
    "Este enlace ya se usó o caducó. Si tu hija o hijo todavía espera, puede pedir otro correo desde su perfil.",
  allowed: "¡Gracias! Ya puede comentar y elegir su nombre en el sitio.",
  deleted: "Listo: borramos la cuenta y todo lo que guardábamos de ella.",
} as const;

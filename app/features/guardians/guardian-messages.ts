/** The guardian's page: the consent token follows this prefix. */
export const GUARDIAN_PATH_PREFIX = "/permiso-familiar/";

/**
 * Where a waiting child's consent e-mail stands: it left ('sent'); the child's address is not
 * confirmed yet ('not-sent-yet'); no guardian's address is known ('no-address'); the site has no
 * mail server ('not-configured'); the mail server refused it ('send-failed').
 */
export type GuardianMailStatus = "sent" | "not-sent-yet" | "no-address" | "not-configured" | "send-failed";

const MEANWHILE =
  "Mientras tanto puedes leer, escanear los códigos del libro y coleccionar personajes y capítulos. Podrás comentar y cambiar tu nombre cuando acepten.";

/** What readers and guardians read about guardian consent, in one place. */
export const GUARDIAN_MESSAGES = {
  waitingTitle: "Esperando el permiso de tu familia",
  // Only when the e-mail really left (decision 031): never a promise of one that did not.
  waitingText: `Como tienes menos de 14 años, le pedimos permiso por correo a tu mamá, papá o tutor. ${MEANWHILE}`,
  notSentYetText: `Como tienes menos de 14 años, necesitamos el permiso de tu mamá, papá o tutor. Todavía no le enviamos el correo: revisa su dirección y envíalo. ${MEANWHILE}`,
  notConfiguredText: `Como tienes menos de 14 años, necesitamos el permiso de tu mamá, papá o tutor. No le enviamos ningún correo, porque este sitio no puede enviar correos por ahora. ${MEANWHILE}`,
  sendFailedText: `Como tienes menos de 14 años, necesitamos el permiso de tu mamá, papá o tutor. Intentamos enviarle un correo, pero no salió. Puedes intentarlo otra vez en un rato. ${MEANWHILE}`,
  askEmailText:
    "Como tienes menos de 14 años, necesitamos el permiso de tu mamá, papá o tutor. Escribe su correo y le enviaremos un mensaje.",
  mailNotConfigured: "No enviamos el correo: este sitio no puede enviar correos por ahora.",
  guardianEmailLabel: "Correo de tu mamá, papá o tutor",
  send: "Enviar el correo",
  resend: "Enviar el correo otra vez",
  sent: "Listo: enviamos el correo. Pídele a tu familia que lo abra.",
  sendFailed: "No pudimos enviar el correo: no salió. Intenta de nuevo en un rato.",
  tooMany: "Ya enviamos varios correos hace poco. Espera un rato antes de pedir otro.",
  refused: "Esperando el permiso de tu familia: podrás hacerlo cuando tu familia acepte.",
  linkInvalid:
    "Este enlace ya se usó o caducó. Si tu hija o hijo todavía espera, puede pedir otro correo desde su perfil.",
  allowed: "¡Gracias! Ya puede comentar y elegir su nombre en el sitio.",
  deleted: "Listo: borramos la cuenta y todo lo que guardábamos de ella.",
} as const;

/**
 * What a guardian accepts with 'Acepto' on the mailed link's page, stored word for word with the
 * date (guardian_consents.consent_text) and quoted in the receipt.
 */
export const MAIL_CONSENT_TEXT =
  "Soy la madre, el padre o el tutor legal de este menor de 14 años y consiento que use el sitio " +
  "Valentina y Taquito con su propia cuenta: que guarde su correo, su contraseña cifrada, su año de " +
  "nacimiento, el nombre que elija, su clan, lo que desbloquea y sus comentarios (revisados antes de " +
  "publicarse), como explica la página de privacidad.";

/** The receipt of a consent given through the mailed link (issue 39). */
export const MAIL_RECEIPT = {
  how: "Con el enlace del correo que te enviamos (Permiso de la familia).",
  withdraw: (siteUrl: string) =>
    `Entra en ${siteUrl}/familia con esta misma dirección de correo (si no tienes cuenta, crea una con ella y confírmala): allí verás a tu hija o hijo en «Tu familia» y podrás retirar el permiso, lo que borra su cuenta y todo lo suyo al momento. También puedes escribirnos desde ${siteUrl}/contact.`,
  inFamily:
    "Cuando entres en el sitio con esta dirección de correo, verás a tu hija o hijo en «Tu familia» (/familia), junto a los lectores que añadas allí.",
} as const;

/** The admins' counts of children waiting for their family, by where the consent e-mail stands. */
export const WAITING_REASON_LABELS: Record<GuardianMailStatus, string> = {
  sent: "Correo enviado: esperan la respuesta de su familia",
  "not-sent-yet": "Correo aún no enviado: el menor no ha confirmado su propia dirección",
  "no-address": "Sin correo de la familia: el menor aún no lo ha escrito",
  "not-configured": "Correo no enviado: el sitio no tiene servidor de correo (SMTP_URL)",
  "send-failed": "Correo no enviado: el servidor de correo lo rechazó",
};

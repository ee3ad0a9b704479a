import type { Mail, Mailer } from "../../lib/mail.server.ts";
import { GUARDIAN_LINK_DAYS } from "./guardian-consent.server.ts";
import { GUARDIAN_PATH_PREFIX } from "./guardian-messages.ts";

export const guardianLink = (siteUrl: string, token: string) => `${siteUrl}${GUARDIAN_PATH_PREFIX}${token}`;

/** The e-mail to the guardian, in plain Spanish; the link is the only way to answer. */
export function guardianMail(siteUrl: string, to: string, childEmail: string, token: string): Mail {
  return {
    kind: "guardian",
    to,
    subject: "Tu hija o hijo quiere usar el sitio de Valentina y Taquito",
    text: [
      "Hola:",
      "",
      `Alguien con el correo ${childEmail} creó una cuenta en el sitio del libro «Valentina y Taquito» y dijo que tiene menos de 14 años. En España, para usar un sitio así antes de los 14 años hace falta el permiso de su madre, padre o tutor.`,
      "",
      "Mientras no respondas, puede leer y coleccionar personajes y capítulos, pero no puede escribir comentarios ni cambiar su nombre.",
      "",
      "En este enlace te contamos qué guardamos y puedes aceptar o rechazar (si rechazas, borramos la cuenta y todos sus datos):",
      guardianLink(siteUrl, token),
      "",
      `El enlace sirve una sola vez y caduca en ${GUARDIAN_LINK_DAYS} días.`,
      `Más información: ${siteUrl}/privacidad`,
      "",
      "Si no sabes de qué se trata, puedes ignorar este correo: sin tu permiso la cuenta no podrá participar.",
      "",
      "Valentina y Taquito",
    ].join("\n"),
  };
}

export type GuardianMailer = { mailer: Mailer; siteUrl: string };

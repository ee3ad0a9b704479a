/** The e-mails about a reader's own account, in Spanish. */
import type { Mail } from "./mail.server.ts";

export const VERIFY_LINK_HOURS = 24;

export function confirmAccountMail(to: string, url: string): Mail {
  return {
    kind: "confirmation",
    to,
    subject: "Confirma tu cuenta en Valentina y Taquito",
    text: [
      "¡Hola!",
      "",
      "Alguien (seguramente tú) creó una cuenta con este correo en el sitio del libro «Valentina y Taquito».",
      "Abre este enlace para confirmarla y entrar:",
      url,
      "",
      `El enlace caduca en ${VERIFY_LINK_HOURS} horas. Si no fuiste tú, ignora este correo: sin confirmarla, la cuenta no se puede usar.`,
      "",
      "Valentina y Taquito",
    ].join("\n"),
  };
}

/** To the owner of an address someone tried to sign up again with: the page said the same as for a new one. */
export function existingAccountMail(to: string, siteUrl: string): Mail {
  return {
    kind: "existing-account",
    to,
    subject: "Ya tienes una cuenta en Valentina y Taquito",
    text: [
      "¡Hola!",
      "",
      "Alguien intentó crear una cuenta nueva con este correo en el sitio del libro «Valentina y Taquito», pero ya tienes una.",
      `Si fuiste tú, entra aquí con tu correo y tu contraseña (o con Google, si la creaste así): ${siteUrl}/login`,
      "Si olvidaste tu contraseña, en esa página puedes pedir otra.",
      "",
      "Si no fuiste tú, no tienes que hacer nada: tu cuenta sigue igual.",
      "",
      "Valentina y Taquito",
    ].join("\n"),
  };
}

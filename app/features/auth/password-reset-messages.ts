import { PASSWORD_RESET_LINK_MINUTES } from "../../lib/password-reset-timing.ts";

/** What readers read while resetting a password (forms, answers and the e-mail). */
export const PASSWORD_RESET_MESSAGES = {
  forgotLink: "¿Olvidaste tu contraseña?",
  requestTitle: "¿Olvidaste tu contraseña?",
  requestIntro: "Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.",
  requestButton: "Enviar enlace",
  // The same words whether or not the address has an account.
  sent: `Si hay una cuenta con ese correo, te enviamos un enlace para elegir una contraseña nueva. Revisa tu correo (y la carpeta de spam). El enlace sirve una sola vez y durante ${PASSWORD_RESET_LINK_MINUTES} minutos.`,
  newTitle: "Elige una contraseña nueva",
  newPassword: "Contraseña nueva",
  repeatPassword: "Repite la contraseña nueva",
  mismatch: "Las dos contraseñas no coinciden.",
  saveButton: "Guardar contraseña",
  invalidLink: "Este enlace ya no sirve: ya se usó o pasó demasiado tiempo. Pide uno nuevo.",
  askAgain: "Pedir un enlace nuevo",
  changed: "Listo: tu contraseña cambió y cerramos las sesiones abiertas. Ingresa con la nueva.",
  failed: "No pudimos completar la solicitud. Intenta de nuevo.",
} as const;

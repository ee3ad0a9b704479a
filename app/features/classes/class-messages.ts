/** What /clases says (Spanish, one place). */
export const CLASS_MESSAGES = {
  nameRequired: "Escribe el nombre de la clase (de 1 a 80 caracteres).",
  consentRequired: "Para crear la clase, confirma que la escuela o las familias autorizaron su uso.",
  tooManyClasses: "Puedes tener hasta 12 clases a la vez.",
  rosterEmpty: "Pega al menos un apodo, uno por línea.",
  rosterTooLong: "Una clase puede tener hasta 40 estudiantes.",
  rosterRefused: "No añadimos a nadie: corrige las líneas marcadas y vuelve a intentarlo.",
  rosterNamesToConfirm:
    "Todavía no añadimos a nadie: algunas líneas parecen nombres y apellidos reales. Si son los apodos que quieres, confírmalo y vuelve a enviar la lista.",
  fullNameLine:
    "parece un nombre y apellidos reales: lo verá la clase junto a sus comentarios, y va impreso en su tarjeta.",
  confirmNames: "Sí, son los apodos que quiero usar",
  duplicateInList: "ese apodo ya está en otra línea de la lista.",
  duplicateInClass: "ya hay alguien con ese apodo en la clase.",
  notYourClass: "Esa clase no es tuya.",
  notInClass: "Ese estudiante no es de esta clase.",
  notClassComment: "Ese comentario no es de esta clase.",
  closeConfirm: "Escribe «cerrar» para confirmar.",
  removeConfirm: "Escribe «quitar» para confirmar.",
  created: "¡Clase creada! Ahora añade a tus estudiantes.",
  added: "¡Listo! Estudiantes añadidos. Imprime sus tarjetas para que entren.",
  removed: "Quitamos a ese estudiante y todo lo suyo: desbloqueos, comentarios, sesiones y tarjeta.",
  closed: "Cerramos la clase: borramos a sus estudiantes y todo lo suyo. Solo queda el CSV que descargaste.",
  closedWithoutCsv: "Cerramos la clase: borramos a sus estudiantes y todo lo suyo.",
  approved: "Comentario aprobado: ya lo ve la clase.",
  hidden: "Comentario ocultado.",
  unblocked: "Listo: tus estudiantes ya pueden entrar con sus tarjetas.",
  nothingBlocked: "Ahora no hay nada bloqueado: tus estudiantes pueden entrar con sus tarjetas.",
  unblocksLimited:
    "Hoy ya desbloqueaste varias veces. Espera a que se desbloquee solo, y revisa si alguien está escaneando tarjetas que no son de la clase.",
  allApproved: (count: number) =>
    count === 1
      ? "Aprobamos el comentario: ya lo ve la clase."
      : `Aprobamos los ${count} comentarios: ya los ve la clase.`,
  noneLeft: "No quedan comentarios por revisar.",
  studentComments: "Solo tu clase ve estos comentarios.",
  studentOnly: "Esta página es para la persona que da la clase.",
  // The class code (decision 067): what the teacher reads…
  codeOff: "El código está apagado: nadie puede entrar con él hasta que lo enciendas.",
  codeTurnedOn: "Código encendido: tus estudiantes ya pueden entrar con él.",
  codeTurnedOff: "Código apagado: nadie puede entrar con él hasta que lo enciendas.",
  codeRenewed: "Código nuevo listo. El anterior ya no funciona.",
  pictureChanged: "Listo: cambiamos su dibujo.",
  pictureUnknown: "Elige un dibujo de la lista.",
  pictureTaken: (apodo: string) => `Ese dibujo ya es de «${apodo}»: elige otro.`,
  // …and what a student reads at /clase.
  codeMalformed: "Escribe el código de tu clase: 8 letras y números, como lo ves en la pizarra o en tu tarjeta.",
  codeUnknown: "No conocemos ese código. Revísalo letra por letra, o pídeselo a tu maestra o maestro.",
  codeClosed: "El código de tu clase está apagado ahora. Pide a tu maestra o maestro que lo encienda.",
  chooseName: "Elige tu nombre.",
  choosePicture: "Elige tu dibujo.",
} as const;

/** "15 minutos", "1 minuto": a wait a child can read (whole minutes, rounded up). */
const minutesToWait = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
};

const ASK_THE_TEACHER = "Si no recuerdas tu dibujo, pregúntale a tu maestra o maestro: lo ve en la página de la clase.";

/** A wrong picture at /clase: the tries left, and the wait after the last one. */
export function wrongPictureMessage({ triesLeft, waitSeconds }: { triesLeft: number; waitSeconds: number }) {
  if (triesLeft === 0)
    return `Ese no es tu dibujo. Ahora hay que esperar ${minutesToWait(waitSeconds)} para probar otra vez. ${ASK_THE_TEACHER}`;
  const left = triesLeft === 1 ? "Te queda 1 intento" : `Te quedan ${triesLeft} intentos`;
  return `Ese no es tu dibujo. ${left}; después habrá que esperar ${minutesToWait(waitSeconds)}. ${ASK_THE_TEACHER}`;
}

/** A try at /clase refused unchecked, past a limit: how long to wait. */
export const classCodeLimitedMessage = (waitSeconds: number) =>
  `Demasiados intentos seguidos. Espera ${minutesToWait(waitSeconds)} y vuelve a intentarlo. ${ASK_THE_TEACHER}`;

/** What the teacher declares for the class: stored word for word with who and when. */
export const CLASS_CONSENT_TEXT =
  "Doy esta clase y la escuela o las familias de mis estudiantes autorizaron que usen el sitio " +
  "Valentina y Taquito en clase: que guarde el apodo de cada estudiante, su dibujo, lo que desbloquea " +
  "y sus comentarios (solo para la clase, revisados antes de mostrarse), como explica la página de privacidad. " +
  "Al cerrar la clase se borra todo.";

/**
 * Class pages are one teacher's: never kept by any cache, and no card's address ever sent on
 * as a Referer.
 */
export const CLASS_PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/**
 * Why a class's comment was held, as the teacher reads it beside the comment: the reasons the
 * filter stored when it was posted (app/features/comments/comments.server.ts, holdReasons). A
 * phone number no longer looks like any other comment.
 */
export const CLASS_HOLD_LABELS: Record<string, string> = {
  enlace: "Tiene un enlace",
  correo: "Parece un correo electrónico",
  telefono: "Parece un número de teléfono",
  contacto: "Parece un dato de contacto (una red social, un usuario, una dirección)",
  palabras: "Tiene una palabra de la lista de groserías",
  reportes: "Lo reportaron otros lectores",
  todos: "El sitio revisa todos los comentarios",
  menor: "Quien lo escribió es menor de 14 años",
};

/** The stored reasons (comma-separated), in the teacher's words; an unknown one as stored. */
export const classHoldLabels = (stored: string) =>
  stored
    .split(",")
    .filter(Boolean)
    .map((reason) => CLASS_HOLD_LABELS[reason] ?? reason);

/**
 * The confirmation word of 'Cerrar la clase' and 'Quitar': as typed on a tablet, which
 * capitalises the first letter and may add a space after it ('Cerrar ' is 'cerrar').
 */
export const confirms = (typed: unknown, word: string) =>
  typeof typed === "string" && typed.trim().toLocaleLowerCase("es") === word;

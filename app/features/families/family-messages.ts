/** What /familia, the reader chooser and the login cards say (Spanish, one place). */
export const FAMILY_MESSAGES = {
  apodoRequired: "Escribe un apodo para tu hija o hijo.",
  pictureRequired: "Elige un dibujo de la lista.",
  birthYearRequired: "Elige un año de nacimiento de la lista.",
  pinInvalid: "El PIN debe tener de 4 a 6 números.",
  pinsDiffer: "Los dos PIN no coinciden.",
  consentRequired: "Para añadir a un menor, confirma que eres su madre, padre o tutor legal.",
  adultUnder14: "Solo una persona adulta puede añadir lectores a su familia.",
  emailNotConfirmed: "Primero confirma tu correo: te enviamos un enlace para hacerlo.",
  tooManyChildren: "Una familia puede tener hasta 8 lectores.",
  childAdded: "¡Listo! Ya puede entrar con su dibujo y su PIN.",
  pinChanged: "PIN cambiado.",
  childDeleted: "Borramos a ese lector y todo lo suyo: desbloqueos, comentarios, sesiones y tarjetas.",
  consentWithdrawn: "Retiraste el permiso: borramos su cuenta y todo lo suyo (desbloqueos, comentarios y sesiones).",
  deleteConfirm: "Escribe «borrar» para confirmar.",
  notYourChild: "Ese lector no es de tu familia.",
  wrongPin: "Ese PIN no es correcto. Vuelve a intentarlo.",
  chooseReader: "Elige tu dibujo.",
  // Whose card it was is not known: the same words for a family's child and a class's student.
  cardUnknown: "No conocemos esta tarjeta. Revisa que sea la tuya, o pide una nueva a quien te la dio.",
  cardOldClass: "Esta tarjeta es vieja: pide la nueva a tu maestra o maestro.",
  cardOldFamily: "Esta tarjeta es vieja: pide la nueva a tu familia.",
  childOnly: "Esta página es para la persona adulta de la familia.",
  apodoLooksLikeName:
    "Parece un nombre y apellidos reales: otros lectores lo verán junto a sus comentarios, y va impreso en su tarjeta.",
  apodoToConfirm: "Todavía no lo añadimos: el apodo parece un nombre real. Cámbialo, o confirma que es el que quieres.",
  confirmApodo: "Sí, es el apodo que quiero usar",
} as const;

/** "15 minutos", "1 minuto": a wait a child can read (whole minutes, rounded up). */
const minutesToWait = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
};

/** Who can help a child who forgot their PIN, and that it works at once (issue 39). */
export const ASK_AN_ADULT =
  "¿No recuerdas tu PIN? Una persona adulta de tu familia puede cambiarlo en «Tu familia», y entonces puedes entrar enseguida.";

/**
 * A wrong PIN on '¿Quién lee?': the tries left; from the second miss, how long the pause after
 * the last one lasts and that an adult can change the PIN; after the last one, how long to wait.
 */
export function wrongPinMessage({
  misses,
  triesLeft,
  waitSeconds,
}: {
  misses: number;
  triesLeft: number;
  waitSeconds: number;
}): string {
  if (triesLeft === 0)
    return `${FAMILY_MESSAGES.wrongPin} Ahora hay que esperar ${minutesToWait(waitSeconds)} para probar otra vez. ${ASK_AN_ADULT}`;
  const left = triesLeft === 1 ? "Te queda 1 intento" : `Te quedan ${triesLeft} intentos`;
  if (misses < 2) return `${FAMILY_MESSAGES.wrongPin} ${left}.`;
  return `${FAMILY_MESSAGES.wrongPin} ${left}; después habrá que esperar ${minutesToWait(waitSeconds)}. ${ASK_AN_ADULT}`;
}

/** A try refused unchecked, past a limit: how long to wait, and who can help. */
export const pinLimitedMessage = (waitSeconds: number) =>
  `Demasiados intentos seguidos. Espera ${minutesToWait(waitSeconds)} y vuelve a intentarlo. ${ASK_AN_ADULT}`;

/**
 * A card refused unchecked because its address tried too many unknown ones (any card, a real
 * one too: the answer is the same for every token, so it tells a guesser nothing). It never
 * says the card does not work: it may well work, after the wait or once the teacher lifts it.
 */
export const cardLimitedMessage = (waitSeconds: number) =>
  `Hubo demasiados intentos con tarjetas desde esta red. Espera ${minutesToWait(waitSeconds)} y vuelve a escanear tu tarjeta. Si estás en clase, tu maestra o maestro puede quitar la espera antes.`;

/** The heading of a card's refusal, by its status: an old card (410), a wait (429), an unknown one. */
export const cardRefusalTitle = (status: number) =>
  status === 410 ? "Tarjeta vieja" : status === 429 ? "Espera un momento" : "Esta tarjeta no sirve";

/** The consent the adult gives for each child: stored word for word with who and when. */
export const CONSENT_TEXT =
  "Soy la madre, el padre o el tutor legal de este menor de 14 años y consiento que use el sitio " +
  "Valentina y Taquito con mi cuenta: que guarde su apodo, su dibujo, su año de nacimiento, lo que " +
  "desbloquea y sus comentarios (revisados antes de publicarse), como explica la página de privacidad.";

/**
 * Copies of one child's card on a sheet: one to keep at home and a spare by default; at most
 * what one A4 page holds under the instructions (two columns of four).
 */
export const CARD_COPIES = { default: 2, max: 8 } as const;
export const CARD_COPIES_INVALID = `Elige de 1 a ${CARD_COPIES.max} copias.`;

/** The lines printed above a child's cards: what the card is, where to keep it, how it works, what if it is lost. */
export const cardInstructions = (apodo: string, familyUrl: string) => [
  `Qué es: la tarjeta para entrar de ${apodo} en el sitio del libro «Valentina y Taquito». Recorta cada copia por la línea de puntos.`,
  `Cómo se usa: escanea el código con la cámara de un teléfono o una tableta y pulsa «Entrar»; sin cámara, escribe la dirección que va debajo del código.`,
  `Guárdala en casa, como una llave: quien la tenga entra como ${apodo}, sin PIN. No la compartas ni publiques fotos de ella.`,
  `Si se pierde: en «Tu familia» (${familyUrl}) haz una tarjeta nueva; esta deja de servir en ese momento.`,
];

/** The receipt of the consent given when adding a child in /familia (issue 39). */
export const FAMILY_RECEIPT = {
  how: "Al añadirle en «Tu familia», marcando la casilla del consentimiento con tu cuenta.",
  withdraw: (siteUrl: string, apodo: string) =>
    `En ${siteUrl}/familia, abre «Borrar a ${apodo}» y escribe «borrar»: retirar el permiso borra su cuenta y todo lo suyo (desbloqueos, comentarios, sesiones y tarjetas) al momento.`,
} as const;

/**
 * Headers of every family page: never kept by the visitors' page cache or any other cache (a
 * family's chooser and a card's page are that family's alone), and no address with a card's
 * token ever sent on as a Referer.
 */
export const FAMILY_PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/**
 * A family page's headers, with the Retry-After of a try refused past a limit (a PIN, a card):
 * React Router answers with a route's own `headers` (cookies apart), so the one its loader or
 * action set would otherwise never reach the browser.
 */
export function familyPageHeaders(...answers: (Headers | undefined)[]): Headers {
  const headers = new Headers(FAMILY_PAGE_HEADERS);
  const retryAfter = answers.map((answer) => answer?.get("Retry-After")).find(Boolean);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

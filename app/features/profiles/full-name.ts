import { APODO_CREATURES, APODO_QUALITIES } from "./apodo-words.ts";

/**
 * Whether a typed apodo reads like a person's real full name ("María Fernanda López Hernández",
 * "Juan Pablo Ramírez"): the shape an adult types when they fill a child's name out of habit,
 * and the one thing a printed login card or a class list should not carry. A heuristic, so the
 * adult is warned and may keep it (decision 065); it never refuses.
 */

/** The most common surnames in Mexico, Spain and Latin America (accents off, lower case). */
const COMMON_SURNAMES = new Set(
  (
    "garcia rodriguez martinez hernandez lopez gonzalez perez sanchez ramirez torres flores rivera gomez diaz " +
    "cruz morales reyes gutierrez ortiz chavez ramos ruiz vazquez castillo jimenez moreno romero herrera medina " +
    "aguilar vargas castro mendoza guzman fernandez juarez munoz alvarez rojas salazar dominguez soto contreras " +
    "silva delgado vega rios navarro cortes guerrero campos estrada nunez mejia espinoza espinosa sandoval " +
    "cabrera rosales figueroa valdez acosta ponce cervantes ibarra molina orozco avila carrillo santos nava " +
    "velazquez alonso gil marin serrano blanco suarez ortega rubio iglesias garrido caballero calvo pena cano " +
    "prieto lozano leon pacheco zamora bautista pineda cardenas luna miranda trujillo rosas solis robles " +
    "montes fuentes cuevas palacios villanueva quintero padilla barrera cisneros zuniga escobar cordero " +
    "maldonado salinas villalobos arellano tapia quiroz bravo rangel valencia osorio carmona benitez"
  ).split(" "),
);

/** Words that join a full name's parts ("María de la Luz Pérez y Gómez"): not counted. */
const PARTICLES = new Set(["de", "del", "la", "las", "los", "y", "e"]);

/** Words of the generated apodos: a line holding one is an apodo, not a name. */
const APODO_WORDS = new Set(
  [...APODO_CREATURES, ...APODO_QUALITIES]
    .flatMap((entry) => entry.split(" "))
    .map((word) => fold(word))
    .filter((word) => !PARTICLES.has(word)),
);

function fold(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** A surname by the list, or by the patronymic ending -ez (Pérez, Ordóñez, Báez). */
const isSurname = (word: string) => COMMON_SURNAMES.has(word) || (word.length >= 4 && word.endsWith("ez"));

export function looksLikeFullName(apodo: string): boolean {
  const words = apodo.trim().split(/\s+/).filter(Boolean);
  // Letters only: a number ("Xolo Valiente 27") is an apodo's mark, never a name's.
  if (!words.every((word) => /^\p{L}+$/u.test(word))) return false;
  const folded = words.map(fold);
  if (folded.some((word) => APODO_WORDS.has(word))) return false;
  const parts = folded.filter((word) => !PARTICLES.has(word));
  // One or two given names and one or two surnames: three or four parts, a surname after the first.
  if (parts.length < 3 || parts.length > 4) return false;
  return parts.slice(1).some(isSurname);
}

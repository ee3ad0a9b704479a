import { randomInt } from "node:crypto";
import type { Db } from "../../lib/db.server.ts";
import { riskReasons } from "../../lib/risky-text.server.ts";
import { APODO_CREATURES, APODO_QUALITIES } from "./apodo-words.ts";

export const APODO_MESSAGES = {
  length: "Tu apodo debe tener entre 3 y 30 caracteres.",
  characters: "Usa solo letras, números y espacios.",
  risky: "Ese apodo no se puede usar: elige uno que no tenga datos de contacto ni groserías.",
  email: "Tu apodo no puede llevar ninguna parte de tu correo.",
  saved: "¡Listo! Ese es tu nuevo apodo.",
} as const;

const alnum = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** The e-mail's local part and its pieces ("lucia.garcia.2015" → lucia, garcia, 2015). */
function emailPieces(email: string) {
  const local = email.split("@")[0] ?? "";
  return {
    whole: alnum(local),
    pieces: local
      .split(/[^\p{L}\p{N}]+/u)
      .map(alnum)
      .filter((piece) => piece.length >= 3),
  };
}

/** True when `apodo` would show the e-mail or a piece of it (or the e-mail holds its words). */
export function apodoRevealsEmail(apodo: string, email: string) {
  const folded = alnum(apodo);
  const { whole, pieces } = emailPieces(email);
  if (!folded || !whole) return false;
  if (folded.includes(whole) || pieces.some((piece) => folded.includes(piece))) return true;
  return apodo
    .split(/\s+/)
    .map(alnum)
    .some((word) => word.length >= 4 && whole.includes(word));
}

const pick = <T>(list: readonly T[]) => list[randomInt(list.length)]!;

/** "Xolo Valiente 27": safe words and a number, never anything of the reader's own. */
export function generateApodo(email = "") {
  for (;;) {
    const apodo = `${pick(APODO_CREATURES)} ${pick(APODO_QUALITIES)} ${randomInt(10, 100)}`;
    if (!apodoRevealsEmail(apodo, email)) return apodo;
  }
}

/** Fresh choices for the picker on /tu-perfil. */
export function apodoSuggestions(email: string, count = 4) {
  const suggestions = new Set<string>();
  while (suggestions.size < count) suggestions.add(generateApodo(email));
  return [...suggestions];
}

/**
 * A typed apodo passes the same check as a comment (no contact details, no profanity) and
 * shows no part of the reader's e-mail. Shared by the form's action and its tests.
 */
export function checkApodo(raw: unknown, email: string): { ok: true; apodo: string } | { ok: false; error: string } {
  const apodo = (typeof raw === "string" ? raw : "").trim().replace(/\s+/g, " ");
  if ([...apodo].length < 3 || [...apodo].length > 30) return { ok: false, error: APODO_MESSAGES.length };
  if (!/^[\p{L}\p{N} ]+$/u.test(apodo)) return { ok: false, error: APODO_MESSAGES.characters };
  if (apodoRevealsEmail(apodo, email)) return { ok: false, error: APODO_MESSAGES.email };
  if (riskReasons(apodo).length) return { ok: false, error: APODO_MESSAGES.risky };
  return { ok: true, apodo };
}

export async function saveApodo(db: Db, userId: string, apodo: string) {
  await db.updateTable("profiles").set({ apodo, last_updated: new Date() }).where("user_id", "=", userId).execute();
}

import { randomInt } from "node:crypto";
import type { Db } from "../../lib/db.server.ts";
import { riskReasons } from "../../lib/risky-text.server.ts";
import { APODO_CREATURES, APODO_QUALITIES } from "./apodo-words.ts";

export const APODO_MESSAGES = {
  length: "Tu apodo debe tener entre 3 y 30 caracteres.",
  characters: "Usa solo letras, números y espacios.",
  risky: "Ese apodo no se puede usar: elige uno que no tenga datos de contacto ni groserías.",
  email: "Tu apodo no puede llevar ninguna parte de tu correo.",
  /** Said to an adult typing a child's or a student's apodo: the address is the adult's own. */
  adultEmail: "Se parece a tu correo: elige un apodo que no lleve ninguna parte de tu dirección.",
  saved: "¡Listo! Ese es tu nuevo apodo.",
} as const;

/** Whose e-mail an apodo is compared with: the reader's own, or the adult typing it for a child. */
export type ApodoTypist = "self" | "adult";

const alnum = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** Runs of letters and runs of digits, folded: "Lucía2015" → lucia, 2015. */
const wordsOf = (text: string) =>
  (
    text
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .match(/[a-z]+|[0-9]+/g) ?? []
  ).filter(Boolean);

/**
 * Whether `apodo` would show the e-mail or a piece of it, compared by whole words: a word of
 * the apodo that is a word of the address's local part ("lucia.garcia.2015" → lucia, garcia,
 * 2015), or the local part run together ("luciagarcia2015"), or a word of four letters or more
 * the local part holds ("Garcia" in "anagarcia"). A short piece inside a longer word is not the
 * address: "ana@…" is not in "Naranja" (issue 39).
 */
export function apodoRevealsEmail(apodo: string, email: string) {
  const local = email.split("@")[0] ?? "";
  const whole = alnum(local);
  if (!whole) return false;
  const pieces = wordsOf(local);
  const meaningful = new Set(pieces.filter((piece) => piece.length >= 3));
  // Consecutive pieces run together ("garcia2015", "luciagarcia"): a word made of them is the address.
  for (let start = 0; start < pieces.length; start++)
    for (let end = start + 2; end <= pieces.length; end++) meaningful.add(pieces.slice(start, end).join(""));
  const words = wordsOf(apodo);
  if (words.some((word) => meaningful.has(word))) return true;
  return apodo
    .split(/\s+/)
    .map(alnum)
    .some((word) => word.length >= 4 && (whole.includes(word) || word === whole));
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
 * A typed apodo passes the same check as a comment (no contact details, no profanity; a colour
 * after a noun is a colour) and shows no part of the e-mail of whoever types it: the reader's own
 * (`self`), or the adult naming a child or a student (`adult`), who is told it is their address.
 * Shared by the forms' actions and their tests.
 */
export function checkApodo(
  raw: unknown,
  email: string,
  typist: ApodoTypist = "self",
): { ok: true; apodo: string } | { ok: false; error: string } {
  const apodo = (typeof raw === "string" ? raw : "").trim().replace(/\s+/g, " ");
  if ([...apodo].length < 3 || [...apodo].length > 30) return { ok: false, error: APODO_MESSAGES.length };
  if (!/^[\p{L}\p{N} ]+$/u.test(apodo)) return { ok: false, error: APODO_MESSAGES.characters };
  if (apodoRevealsEmail(apodo, email))
    return { ok: false, error: typist === "adult" ? APODO_MESSAGES.adultEmail : APODO_MESSAGES.email };
  if (riskReasons(apodo, { asName: true }).length) return { ok: false, error: APODO_MESSAGES.risky };
  return { ok: true, apodo };
}

export async function saveApodo(db: Db, userId: string, apodo: string) {
  await db.updateTable("profiles").set({ apodo, last_updated: new Date() }).where("user_id", "=", userId).execute();
}

/** How a pasted roster is read: one apodo per line, all or nothing. */
import { CLASS_MESSAGES } from "./class-messages.ts";

/** A class has at most this many students (a class of 25–30, and a few to spare). */
export const MAX_STUDENTS_PER_CLASS = 40;

export type ApodoCheck = (raw: string) => { ok: true; apodo: string } | { ok: false; error: string };

export type RosterResult =
  | { ok: true; apodos: string[] }
  | { ok: false; lineErrors: { line: number; text: string; error: string }[]; formError?: string };

/** Case and accents do not make two apodos different to a child reading the list. */
const folded = (apodo: string) =>
  apodo
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * Reads a pasted list (blank lines skipped). Every line must pass `checkApodo` (the public-name
 * rules) and be new to the list and to the class; otherwise nothing is taken and each refused
 * line says why, by its number.
 */
export function readRoster(
  text: unknown,
  { existing, checkApodo }: { existing: readonly string[]; checkApodo: ApodoCheck },
): RosterResult {
  const lines = (typeof text === "string" ? text : "").split(/\r?\n/);
  const taken = new Set(existing.map(folded));
  const seen = new Map<string, number>();
  const apodos: string[] = [];
  const lineErrors: { line: number; text: string; error: string }[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const checked = checkApodo(raw);
    if (!checked.ok) return void lineErrors.push({ line, text: raw.trim(), error: checked.error });
    const key = folded(checked.apodo);
    if (taken.has(key))
      return void lineErrors.push({ line, text: checked.apodo, error: CLASS_MESSAGES.duplicateInClass });
    if (seen.has(key))
      return void lineErrors.push({ line, text: checked.apodo, error: CLASS_MESSAGES.duplicateInList });
    seen.set(key, line);
    apodos.push(checked.apodo);
  });
  if (lineErrors.length) return { ok: false, lineErrors };
  if (!apodos.length) return { ok: false, lineErrors: [], formError: CLASS_MESSAGES.rosterEmpty };
  if (apodos.length + existing.length > MAX_STUDENTS_PER_CLASS)
    return { ok: false, lineErrors: [], formError: CLASS_MESSAGES.rosterTooLong };
  return { ok: true, apodos };
}

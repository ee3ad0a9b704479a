/** How a pasted roster is read: one apodo per line, all or nothing. */
import { CLASS_MESSAGES } from "./class-messages.ts";

/** A class has at most this many students (a class of 25–30, and a few to spare). */
export const MAX_STUDENTS_PER_CLASS = 40;

export type ApodoCheck = (raw: string) => { ok: true; apodo: string } | { ok: false; error: string };

export type RosterLine = { line: number; text: string };

export type RosterResult =
  | { ok: true; apodos: string[] }
  | {
      ok: false;
      lineErrors: (RosterLine & { error: string })[];
      /** Lines that look like a real full name: taken once the teacher confirms them. */
      lineWarnings?: RosterLine[];
      formError?: string;
    };

type RosterRules = {
  existing: readonly string[];
  checkApodo: ApodoCheck;
  /** Whether an apodo reads like a person's real full name (warned about, never refused). */
  looksLikeFullName?: (apodo: string) => boolean;
  /** The teacher ticked 'Sí, son los apodos que quiero usar' after the warning. */
  namesConfirmed?: boolean;
};

/** Case and accents do not make two apodos different to a child reading the list. */
const folded = (apodo: string) =>
  apodo
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * Reads a pasted list (blank lines skipped). Every line must pass `checkApodo` (the public-name
 * rules) and be new to the list and to the class; otherwise nothing is taken and each refused
 * line says why, by its number. A line shaped like a real full name is not refused: the list
 * comes back with those lines marked until the teacher confirms them (decision 065).
 */
export function readRoster(
  text: unknown,
  { existing, checkApodo, looksLikeFullName = () => false, namesConfirmed = false }: RosterRules,
): RosterResult {
  const lines = (typeof text === "string" ? text : "").split(/\r?\n/);
  const taken = new Set(existing.map(folded));
  const seen = new Map<string, number>();
  const apodos: string[] = [];
  const lineErrors: (RosterLine & { error: string })[] = [];
  const lineWarnings: RosterLine[] = [];
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
    if (looksLikeFullName(checked.apodo)) lineWarnings.push({ line, text: checked.apodo });
  });
  const warnings = namesConfirmed ? [] : lineWarnings;
  if (lineErrors.length) return { ok: false, lineErrors, ...(warnings.length ? { lineWarnings: warnings } : {}) };
  if (warnings.length)
    return { ok: false, lineErrors: [], lineWarnings: warnings, formError: CLASS_MESSAGES.rosterNamesToConfirm };
  if (!apodos.length) return { ok: false, lineErrors: [], formError: CLASS_MESSAGES.rosterEmpty };
  if (apodos.length + existing.length > MAX_STUDENTS_PER_CLASS)
    return { ok: false, lineErrors: [], formError: CLASS_MESSAGES.rosterTooLong };
  return { ok: true, apodos };
}

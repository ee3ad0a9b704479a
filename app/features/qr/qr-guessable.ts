/**
 * Whether somebody could find a QR code by guessing, judged from the code alone. A code
 * printed in the book opens chapters and characters: one a visitor can type in (capitulo-3,
 * book, cartel-feria-2025) gives the book's content away without the book. Pure: the words to
 * look for are passed in (qr-words.server.ts builds them), so it runs and tests anywhere.
 */

/**
 * Fewer bits than this, counted as if every character were random, is a small search: about 12
 * letters and digits, 13 letters alone, 18 digits alone. (The studio's own codes carry 67.)
 */
export const MIN_SEARCH_BITS = 60;
/** Shorter words are common by chance inside random codes; longer ones almost never are. */
export const MIN_WORD_LENGTH = 4;
/** A run this long of one character, or of a series (abcd, 9876), is a pattern, not chance. */
const PATTERN_RUN = 4;

export type GuessableReason = "short" | "number" | "words" | "pattern";

/** Lower-case words without accents to look for inside codes. */
export type WordList = { has(word: string): boolean };

/** Why the studio flags a code, said to the admin beside it. */
export const GUESSABLE_REASON_TEXT: Record<GuessableReason, string> = {
  short: "es corto o usa pocos tipos de caracteres",
  number: "lleva un número que se puede ir contando (como capitulo-3)",
  words: "está hecho de palabras",
  pattern: "repite caracteres o sigue una serie",
};

/** True when `text` has PATTERN_RUN characters in a row each equal to, or one step from, the last. */
function hasRunOrSeries(text: string): boolean {
  let run = 1;
  let step: number | null = null;
  for (let index = 1; index < text.length; index++) {
    const difference = text.charCodeAt(index) - text.charCodeAt(index - 1);
    const small = Math.abs(difference) <= 1;
    if (small && difference === step) run += 1;
    else run = small ? 2 : 1;
    step = small ? difference : null;
    if (run >= PATTERN_RUN) return true;
  }
  return false;
}

/**
 * Bits of a random string of this length over the smallest usual alphabet its characters fit:
 * digits (10), letters (26), or both (36). Hyphens add nothing.
 */
export function searchBits(joined: string): number {
  const letters = /[a-z]/.test(joined);
  const digits = /\d/.test(joined);
  const alphabet = letters && digits ? 36 : letters ? 26 : 10;
  return joined.length * Math.log2(alphabet);
}

/** True when some stretch of `text` of MIN_WORD_LENGTH or more characters is one of `words`. */
function containsWord(text: string, words: WordList, longestWord: number): boolean {
  for (let start = 0; start + MIN_WORD_LENGTH <= text.length; start++) {
    const end = Math.min(text.length, start + longestWord);
    for (let stop = start + MIN_WORD_LENGTH; stop <= end; stop++) {
      if (words.has(text.slice(start, stop))) return true;
    }
  }
  return false;
}

/**
 * Null for a code that looks random enough not to be guessed; otherwise the first reason it
 * could be. `words` are lower-case words without accents (dictionary words, names, the site's
 * own names); `longestWord` bounds the search (the longest of them).
 */
export function guessableReason(code: string, words: WordList, longestWord = 24): GuessableReason | null {
  const text = code.trim().toLowerCase();
  const parts = text.split("-").filter(Boolean);
  const joined = parts.join("");
  if (searchBits(joined) < MIN_SEARCH_BITS) return "short";
  // People number what they name: a part that is a number, or a word and a number (feria2025).
  if (parts.length > 1 && parts.some((part) => /^\d+$/.test(part) || /^[a-z]*[aeiouy][a-z]*\d+$/.test(part)))
    return "number";
  if (parts.some((part) => containsWord(part, words, longestWord))) return "words";
  if (new Set(joined).size * 2 < joined.length || parts.some(hasRunOrSeries)) return "pattern";
  return null;
}

/** A class code's shape (decision 067), shared by the pages and the server. */

/** No 0/O, no 1/I/L: nothing a child can read two ways, on a board or a printed card. */
export const CLASS_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CLASS_CODE_LENGTH = 8;

/**
 * A code as typed, in its normal form (capitals, no spaces, dashes or dots), or null when it
 * cannot be any class's: case does not matter, and neither does how it was split.
 */
export function normalClassCode(typed: unknown): string | null {
  if (typeof typed !== "string") return null;
  const code = typed.replace(/[\s\-‐‑–—._]+/g, "").toUpperCase();
  if (code.length !== CLASS_CODE_LENGTH) return null;
  return [...code].every((char) => CLASS_CODE_ALPHABET.includes(char)) ? code : null;
}

/** How a code is shown and printed: two groups of four ("ABCD-EFGH"; never wrapped: `.class-code`). */
export const shownClassCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

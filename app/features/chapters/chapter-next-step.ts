import { onFirstUse } from "../../lib/on-first-use.ts";

/**
 * The line that ends a chapter page (issue 12): where the next printed code is and what it opens,
 * or, after the last chapter, that the journey is complete. Built from the database's texts on the
 * server; it never names a token path.
 */
export type ChapterNextStep = {
  kind: "next" | "complete";
  heading: string;
  text: string;
  /** After the last chapter: where to see what the reader found. */
  link?: { to: string; label: string };
};

/** The words live here, on the server, so the chapter page's own JavaScript stays small (JS budget). */
export const JOURNEY_COMPLETE: ChapterNextStep = {
  kind: "complete",
  heading: "¡Terminaste la aventura!",
  text: "Ya no quedan códigos por buscar en el libro. Mira en tu pasaporte todo lo que encontraste.",
  link: { to: "/pasaporte", label: "Ver mi pasaporte" },
};

/** Said when an author left the next chapter's hint empty. */
export const NEXT_CODE_FALLBACK = "Busca el siguiente código QR en el libro.";

const listFormat = onFirstUse(() => new Intl.ListFormat("es", { style: "long", type: "conjunction" }));

export function chapterNextStep(
  chapter: { number: number | null; layout: string },
  next: { number: number; title: string; hint: string } | null,
  characterNames: readonly string[],
): ChapterNextStep | null {
  if (next) {
    // The hint is the next chapter's own (chapters.required_url_text), the very words its locked
    // card shows, so the two can never disagree about where the code is.
    const where = next.hint.trim() || NEXT_CODE_FALLBACK;
    const opens = `Ese código abre el capítulo ${next.number}, «${next.title}»`;
    const meets = characterNames.length ? `, y te presenta a ${listFormat().format(characterNames)}` : "";
    return { kind: "next", heading: "¿Qué sigue?", text: `${where} ${opens}${meets}.` };
  }
  // The last numbered chapter, and the special chapter after the book: nothing left to scan.
  if (chapter.number !== null || chapter.layout === "special") return JOURNEY_COMPLETE;
  return null;
}

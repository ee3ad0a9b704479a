import { onFirstUse } from "../../lib/on-first-use.ts";

/** A code as the printable sheet receives it. */
export type SheetCode = {
  code: string;
  label: string;
  target: string;
  guessable: boolean;
  /** Why a scan would open nothing (its destination is gone or not a page), else null. */
  nowhere?: string | null;
};

/** A code on the sheet, with the words printed under it. */
export type SheetEntry = SheetCode & { title: string };

// 'capitulo-2' before 'capitulo-10', 'Capítulo 9' before 'Capítulo 10': numbers inside the
// words are compared as numbers, and accents as Spanish sorts them.
const naturalOrder = onFirstUse(() => new Intl.Collator("es", { numeric: true }));

/**
 * The sheet's entries, in the order an author looks for them: the codes that open a chapter
 * first, in the book's order, then the others. Under each code the words that say what it is
 * for: the label the admin gave it, else the name of the chapter it opens (`chapterAt`), else
 * where it leads. Never the code again: that is printed small beneath.
 */
export function qrSheetEntries(codes: readonly SheetCode[], chapterAt: (target: string) => string | null) {
  return codes
    .map((code) => {
      const chapter = chapterAt(code.target);
      const entry: SheetEntry = { ...code, title: code.label.trim() || chapter || `Lleva a ${code.target}` };
      return { entry, chapter };
    })
    .sort(
      (a, b) =>
        Number(a.chapter === null) - Number(b.chapter === null) ||
        naturalOrder().compare(a.chapter ?? a.entry.title, b.chapter ?? b.entry.title) ||
        naturalOrder().compare(a.entry.code, b.entry.code),
    )
    .map(({ entry }) => entry);
}

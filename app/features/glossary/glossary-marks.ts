/**
 * Finding the glossary's words in a chapter's stored HTML, and marking the first occurrence of
 * each (decision 077). Pure: no database, so the chapter page and /glosario share it and a test
 * runs it on any HTML.
 *
 * The HTML is the chapter sanitiser's output (app/features/chapters/chapters.server.ts): only
 * known tags, text escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`), so splitting at tags and entities
 * is exact. Only text between tags is ever searched, and the marked text is the stored text
 * itself, never a glossary entry's: nothing an author types into the glossary becomes HTML here.
 */

/** What matching needs of a glossary entry: its id (names its card) and every form it may take. */
export type GlossaryMatchEntry = { id: string; word: string; forms: readonly string[] };

/** The id of the card (a `popover` element) a marked word opens. */
export const glossaryCardId = (entryId: string) => `glosario-${entryId}`;

const TAG_OR_ENTITY = /(<[^>]*>|&[#a-z0-9]+;)/giu;
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A form as matched: same letters (accents count), any capitals, any run of spaces between words. */
const matchKey = (text: string) => text.normalize("NFC").toLocaleLowerCase("es").replace(/\s+/gu, " ").trim();

type Matcher = { pattern: RegExp; entryByKey: Map<string, string> };

function matcherFor(entries: readonly GlossaryMatchEntry[]): Matcher | null {
  const entryByKey = new Map<string, string>();
  for (const entry of entries)
    for (const form of [entry.word, ...entry.forms]) {
      const key = matchKey(form);
      // Two entries sharing a form: the first listed keeps it (the admin form refuses this).
      if (key && !entryByKey.has(key)) entryByKey.set(key, entry.id);
    }
  if (entryByKey.size === 0) return null;
  // Longest first, so 'pan de muerto' wins over 'pan' where both start.
  const alternatives = [...entryByKey.keys()]
    .sort((a, b) => b.length - a.length)
    .map((key) => key.split(" ").map(escapeForRegExp).join("\\s+"));
  // Whole words only: no letter, digit or mark may touch either end.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}\\p{M}])`, "giu");
  return { pattern, entryByKey };
}

/**
 * Calls `onText` with each run of the HTML's text a word may be marked in (outside links, whose
 * text is already a control), and keeps everything else as it is.
 */
function mapText(html: string, onText: (text: string) => string): string {
  let insideLink = 0;
  return html
    .split(TAG_OR_ENTITY)
    .map((piece, index) => {
      // split() with a capture group: odd pieces are the tags and entities.
      if (index % 2 === 1) {
        if (/^<a[\s>]/i.test(piece)) insideLink += 1;
        else if (/^<\/a\s*>/i.test(piece)) insideLink = Math.max(0, insideLink - 1);
        return piece;
      }
      return insideLink > 0 || piece === "" ? piece : onText(piece);
    })
    .join("");
}

/**
 * The chapter's HTML with the first occurrence of each entry's word (any of its forms) turned
 * into a button that opens its card, and the ids of the entries marked, in reading order.
 */
export function markGlossaryWords(
  html: string,
  entries: readonly GlossaryMatchEntry[],
): { html: string; markedIds: string[] } {
  const matcher = matcherFor(entries);
  if (!matcher) return { html, markedIds: [] };
  const marked: string[] = [];
  const result = mapText(html, (text) =>
    text.replace(matcher.pattern, (found) => {
      const id = matcher.entryByKey.get(matchKey(found));
      if (!id || marked.includes(id)) return found;
      marked.push(id);
      return `<button type="button" class="glossary-word" popovertarget="${glossaryCardId(id)}">${found}</button>`;
    }),
  );
  return { html: result, markedIds: marked };
}

/** The ids of the entries whose word occurs in this HTML (outside links), in reading order. */
export const glossaryWordsIn = (html: string, entries: readonly GlossaryMatchEntry[]): string[] =>
  markGlossaryWords(html, entries).markedIds;

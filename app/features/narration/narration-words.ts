/**
 * How a chapter's text is cut into the words a narration's timings count (decision 074). The
 * reading module (in the browser, over the page's text nodes) and the server (over the stored
 * HTML) cut the same way, so the n-th timing is the n-th word on the page: its fragment id is
 * `w<n>`, as in an EPUB 3 Media Overlay.
 *
 * A word is a run of non-space characters inside one text node that holds a letter or a digit;
 * a lone dash or full stop is not read, so it takes no timing.
 */
const READABLE = /[\p{L}\p{N}]/u;

/** Each word of one text node with where it starts, in order. */
export function wordsInText(text: string): { word: string; index: number }[] {
  const words: { word: string; index: number }[] = [];
  for (const match of text.matchAll(/\S+/g))
    if (READABLE.test(match[0])) words.push({ word: match[0], index: match.index });
  return words;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The words of a chapter's stored (sanitised) HTML, as the page's text nodes hold them. */
export function wordsOfHtml(html: string): string[] {
  return html
    .split(/<[^>]*>/)
    .map((chunk) =>
      chunk.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) =>
        name.startsWith("#")
          ? String.fromCodePoint(
              parseInt(
                name.slice(name[1] === "x" || name[1] === "X" ? 2 : 1),
                name[1]?.toLowerCase() === "x" ? 16 : 10,
              ),
            )
          : (ENTITIES[name.toLowerCase()] ?? entity),
      ),
    )
    .flatMap((chunk) => wordsInText(chunk).map(({ word }) => word));
}

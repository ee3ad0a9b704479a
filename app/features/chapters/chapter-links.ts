/** Every chapter's public address: its slug. Links never carry the printed token path. */
export { chapterSlugPath } from "../../lib/public-paths.ts";

/**
 * How the site names a chapter wherever it stands for the whole chapter (the tab title, the
 * passport, the QR sheet, the character editor): 'Capítulo 3: El convento…'. The special
 * chapter has no number and goes by its title.
 */
export const chapterName = (chapter: { number: number | null; title: string }) =>
  chapter.number ? `Capítulo ${chapter.number}: ${chapter.title}` : chapter.title;

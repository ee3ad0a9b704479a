/** Every chapter's public address: its slug. Links never carry the printed token path. */
export const chapterSlugPath = (chapter: { slug: string }) => `/${chapter.slug}`;

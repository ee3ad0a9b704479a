/**
 * The public addresses of the site's collectible cards, shared by the pages that open them and
 * the features that link to them (features never import one another).
 */

/** Every chapter's public address: its slug. Links never carry the printed token path. */
export const chapterSlugPath = (chapter: { slug: string }) => `/${chapter.slug}`;

/** The query parameter of /personajes that opens one character's detail on arrival. */
export const CHARACTER_DETAIL_PARAM = "personaje";

/** A character's card on /personajes, its detail open. */
export const characterCardPath = (character: { id: string }) =>
  `/personajes?${CHARACTER_DETAIL_PARAM}=${encodeURIComponent(character.id)}`;

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

/**
 * `/login?…&motivo=descubrimiento`: a visitor who reached a chapter by its code comes to sign up
 * from the chapter's discovery note, and /login says the account keeps that discovery.
 */
export const LOGIN_REASON_PARAM = "motivo";
export const DISCOVERY_MOTIVE = "descubrimiento";

/** The sign-up (or sign-in) page for a visitor who wants to keep what a scan discovered. */
export const keepDiscoveryPath = (returnTo: string, mode: "signup" | "login") =>
  `/login?${new URLSearchParams({ ...(mode === "signup" ? { modo: "registro" } : {}), redirectTo: returnTo, [LOGIN_REASON_PARAM]: DISCOVERY_MOTIVE })}`;

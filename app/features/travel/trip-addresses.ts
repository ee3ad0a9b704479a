/**
 * 'Guardar para el viaje' from a chapter page (issue 43, decision 075): a plain link to the
 * passport, whose trip panel starts saving because the address asks it to, and then offers the
 * way back to the chapter. The chapter is named by its public slug only (never its printed token
 * path); /pasaporte accepts it only when it is one of the reader's saved chapters.
 */

/** `?guardar=1`: the panel starts saving on arrival (once; not when the copy is a minute old). */
export const TRIP_START_PARAM = "guardar";
/** `?desde=<slug>`: the chapter to offer the way back to, once saved. */
export const TRIP_RETURN_PARAM = "desde";
/** The trip panel's heading: the link lands on the panel, whatever the passport above it holds. */
export const TRIP_PANEL_ANCHOR = "pasaporte-viaje";

/** The address of a chapter page's 'Guardar para el viaje'. */
export const saveForTripFromChapterPath = (chapter: { slug: string }) =>
  `/pasaporte?${new URLSearchParams({ [TRIP_START_PARAM]: "1", [TRIP_RETURN_PARAM]: chapter.slug })}#${TRIP_PANEL_ANCHOR}`;

/** What the passport's address asks of the trip panel: to start saving, and which slug to go back to (unchecked). */
export function tripRequestOf(url: URL): { start: boolean; returnSlug: string | null } {
  return {
    start: url.searchParams.get(TRIP_START_PARAM) === "1",
    returnSlug: url.searchParams.get(TRIP_RETURN_PARAM),
  };
}

/**
 * The reader's trip plan as JSON, asked with GET (decision 082): what a page whose copy is behind
 * saves again, the same the passport offers; never a token path. Signed-in readers only.
 */
export const TRIP_PLAN_PATH = "/api/unlocks";

/** The attribute of the script element the server adds to a page whose copy is behind (decision 082). */
export const TRIP_REFRESH_ATTRIBUTE = "data-viaje-actualizar";

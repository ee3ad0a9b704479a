/**
 * The elements the server sent, remembered just before the browser hydrates them (decision 083):
 * what React does only for elements it creates in the browser (a select's `defaultValue`) must
 * not be done again to them. The browser handled their attributes as it parsed the page, and a
 * reader may have chosen or moved on since.
 */
export const serverRendered = new WeakSet<Element>();

/** Called by the entry once the whole page is parsed and before hydrating it. */
export function rememberServerRenderedElements() {
  for (const element of document.querySelectorAll("*")) serverRendered.add(element);
}

/**
 * The selects the server sent, remembered just before the browser hydrates them (decision 083):
 * a select's `defaultValue`, which React applies only to selects it creates in the browser, must
 * not be applied again to them. The browser chose their option as it parsed the page, and a
 * reader may have chosen another since.
 */
export const serverRenderedSelects = new WeakSet<Element>();

/** Called by the entry once the whole page is parsed and before hydrating it. */
export function rememberServerRenderedSelects() {
  for (const select of document.querySelectorAll("select")) serverRenderedSelects.add(select);
}

/**
 * Reading the HTML a server answers, for the checks that are about what the server sends (no
 * browser page is loaded for them). Each spec that uses these also checks a case that must match,
 * so a change of markup fails the test instead of passing it.
 */

/** The words of an HTML answer's first h1, as they read on screen (tags and React's markers dropped). */
export const headingOf = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** How many elements of an HTML answer carry `className` among their classes. */
export const elementsWithClass = (html: string, className: string) =>
  [...html.matchAll(/class="([^"]*)"/g)].filter((match) => match[1]!.split(/\s+/).includes(className)).length;

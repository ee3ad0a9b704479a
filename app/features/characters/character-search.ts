import { CHARACTER_MESSAGES } from "./character-messages.ts";

/** SPEC.md §5: a case-insensitive substring match on the name. Blank searches match all. */
export function filterByName<T extends { name: string }>(characters: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase("es");
  if (!needle) return [...characters];
  return characters.filter((character) => character.name.toLocaleLowerCase("es").includes(needle));
}

/** SPEC.md §8: 'No characters found', with ' matching "{search}"' appended while searching. */
export function noCharactersMessage(search: string): string {
  const term = search.trim();
  return term ? `${CHARACTER_MESSAGES.noneFound} matching "${term}"` : CHARACTER_MESSAGES.noneFound;
}

export const SEARCH_FIELD_ID = "buscar-personaje";

/**
 * The search before the page is interactive. The scripts load after the first paint (decision
 * 021): on a slow phone a reader can type seconds before React hydrates. This inline script
 * (a few hundred bytes in the HTML, no request) hides the cards whose name does not contain what
 * is typed, with the same match as `filterByName`, until the root marks the page hydrated; then
 * the gallery takes the typed value over (useValueFromBeforeHydration) and renders the same list.
 * React creates scripts it renders itself without running them, so only the server's copy runs.
 */
export const FILTER_BEFORE_HYDRATION =
  `(function(){var f=document.getElementById("${SEARCH_FIELD_ID}");if(!f)return;` +
  `function apply(){if(document.documentElement.dataset.hydrated)return;` +
  `var n=f.value.trim().toLocaleLowerCase("es");` +
  `document.querySelectorAll(".characters-grid>li").forEach(function(li){` +
  `var name=li.querySelector(".character-card-name");` +
  `li.hidden=n!==""&&!(name&&name.textContent.toLocaleLowerCase("es").indexOf(n)>=0)})}` +
  `f.addEventListener("input",apply);apply()})()`;

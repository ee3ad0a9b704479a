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

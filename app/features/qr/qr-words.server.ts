import * as commonWords from "@zxcvbn-ts/language-common";
import * as spanishWords from "@zxcvbn-ts/language-es-es";
import type { Db } from "../../lib/db.server.ts";
import { MIN_WORD_LENGTH, type WordList } from "./qr-guessable.ts";

/** Lower case, accents dropped (capítulo → capitulo), as a word would be typed into a code. */
export const plainWord = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Words worth looking for: long enough, and with a letter (numbers are judged on their own). */
const wordsOf = (texts: Iterable<string>) => {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of plainWord(text).split(/[^a-z0-9]+/)) {
      if (word.length >= MIN_WORD_LENGTH && /[a-z]/.test(word)) words.add(word);
    }
  }
  return words;
};

let dictionary: Set<string> | undefined;

/**
 * Spanish words, first names and surnames, and the commonest passwords: the lists zxcvbn
 * already ships for the password check (about 100,000 words, built once, on first use).
 */
export function dictionaryWords(): ReadonlySet<string> {
  dictionary ??= wordsOf(
    Object.values({ ...commonWords.dictionary, ...spanishWords.dictionary }).flatMap((list) =>
      Array.isArray(list) ? list.map(String) : [],
    ),
  );
  return dictionary;
}

/**
 * The dictionary plus this site's own names (characters, chapter addresses and titles), which a
 * guesser who has seen the site tries first: mictlan-xolotl-camazotz is no dictionary's but is
 * easily guessed here.
 */
export async function guessableWords(db: Db): Promise<WordList> {
  const [characters, chapters] = await Promise.all([
    db.selectFrom("characters").select(["id", "name"]).execute(),
    db.selectFrom("chapters").select(["id", "slug", "title"]).execute(),
  ]);
  const site = wordsOf([
    ...characters.flatMap((character) => [character.id, character.name]),
    ...chapters.flatMap((chapter) => [chapter.id, chapter.slug, chapter.title]),
  ]);
  const common = dictionaryWords();
  return { has: (word) => common.has(word) || site.has(word) };
}

/**
 * A reader's passport (issue 12, item 2): the chapters and characters they have found, as an
 * album. This module only shapes what the route composed from the chapters, characters and
 * profiles features (a feature never imports another), so the types here are structural.
 */

/** A chapter as the passport gets it: a /capitulos card (the path is its slug path, never its token). */
export type ChapterInput = {
  id: string;
  number: number | null;
  title: string;
  path: string;
  requiredUrlText: string;
  found: boolean;
  /** The reader has read part of it (issue 44 §3): a place is kept for them. */
  started?: boolean;
};

/** A character as /personajes sends it to a signed-in reader: a locked one carries no details. */
export type CharacterInput =
  | { id: string; name: string; subtitle: string; imageSrc: string; requiredUrlText: string; locked: false }
  | { id: string; imageSrc: string; requiredUrlText: string; locked: true };

export type PassportClan = { id: number; name: string; title: string; description: string; emblem: string | null };

/** A found card shows itself in full; a pending one is a silhouette with its hint, nothing more. */
export type PassportChapter =
  | { key: string; found: true; number: number | null; title: string; path: string; started: boolean }
  | { key: string; found: false; number: number | null; hint: string; started: boolean };

export type PassportCharacter =
  | { key: string; found: true; name: string; subtitle: string; imageSrc: string }
  | { key: string; found: false; hint: string; imageSrc: string };

export type Passport = {
  chapters: { found: number; total: number; cards: PassportChapter[] };
  characters: { found: number; total: number; cards: PassportCharacter[] };
  clan: PassportClan;
};

/**
 * Builds the album. Pending cards are keyed by position, not by id: a character's id is its
 * name in lower case, and the passport keeps even the names of the ones still to find.
 */
export function buildPassport(input: {
  chapters: readonly ChapterInput[];
  characters: readonly CharacterInput[];
  clan: PassportClan;
}): Passport {
  const chapters: PassportChapter[] = input.chapters.map((chapter, index) =>
    chapter.found
      ? {
          key: chapter.id,
          found: true,
          number: chapter.number,
          title: chapter.title,
          path: chapter.path,
          started: chapter.started ?? false,
        }
      : {
          key: `capitulo-pendiente-${index}`,
          found: false,
          number: chapter.number,
          hint: chapter.requiredUrlText,
          started: chapter.started ?? false,
        },
  );
  const characters: PassportCharacter[] = input.characters.map((character, index) =>
    character.locked
      ? {
          key: `personaje-pendiente-${index}`,
          found: false,
          hint: character.requiredUrlText,
          imageSrc: character.imageSrc,
        }
      : {
          key: character.id,
          found: true,
          name: character.name,
          subtitle: character.subtitle,
          imageSrc: character.imageSrc,
        },
  );
  return {
    chapters: { found: chapters.filter((card) => card.found).length, total: chapters.length, cards: chapters },
    characters: {
      found: characters.filter((card) => card.found).length,
      total: characters.length,
      cards: characters,
    },
    clan: input.clan,
  };
}

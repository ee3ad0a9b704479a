/**
 * What a page view unlocked, as the celebration shows it. The server decides every part of it
 * (unlocks.server.ts); the browser only shows it (unlock-celebration.tsx).
 */

export type CelebratedCard = {
  kind: "character" | "chapter";
  id: string;
  name: string;
  /** The card's own picture, cache-busted by its version; "" when it has none. */
  imageSrc: string;
  /** Spanish alt text of the picture. */
  imageAlt: string;
  /** Where the card lives: a character's card on /personajes, a chapter's slug. Never a token path. */
  path: string;
};

export type Celebration = {
  /** Everything this view unlocked that the reader did not have, characters first. */
  cards: CelebratedCard[];
  /** Nothing was unlocked for the reader before this view. */
  firstUnlock: boolean;
  /** This view completed a set: the reader now has every character, or every listed chapter. */
  completed: { characters: boolean; chapters: boolean };
  /**
   * Codes scanned before signing in or up count in it (decision 025): it is shown on the first
   * signed-in page, whichever that is (the age question, say), and goes on with the reader from
   * there. Any other celebration belongs to the page whose view unlocked it (decision 050).
   */
  scannedBeforeSignIn?: boolean;
};

export const CELEBRATION_MESSAGES = {
  firstUnlock: "¡Tu primer descubrimiento!",
  newUnlock: "¡Nuevo descubrimiento!",
  charactersComplete: "¡Completaste la colección de personajes!",
  chaptersComplete: "¡Encontraste todos los capítulos del libro!",
  seeCharacter: "Ver carta",
  readChapter: "Leer capítulo",
  character: "Personaje",
  chapter: "Capítulo",
  close: "Cerrar aviso",
} as const;

/** The line that names what was unlocked: "¡Desbloqueaste A, B y el capítulo «C»!". */
export function unlockedSummary(cards: readonly Pick<CelebratedCard, "kind" | "name">[]): string {
  const names = cards.map((card) => (card.kind === "chapter" ? `el capítulo «${card.name}»` : card.name));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} y ${names.at(-1)}` : names[0];
  return `¡Desbloqueaste ${list}!`;
}

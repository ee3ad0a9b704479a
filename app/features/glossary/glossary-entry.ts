/** A glossary word as its card and the /glosario page show it. */
export type GlossaryEntry = {
  id: string;
  word: string;
  forms: string[];
  meaning: string;
  english: string;
  imageUrl: string;
  imageAlt: string;
  audioUrl: string;
};

/** What a word's card on a chapter page shows. */
export type GlossaryCard = Omit<GlossaryEntry, "forms">;

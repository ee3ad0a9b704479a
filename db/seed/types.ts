import type { ChapterImage, CharacterStyle } from "../../app/lib/db-schema.ts";

export type SeedCharacter = {
  id: string;
  name: string;
  subtitle: string;
  description: string;
  imageUrl: string;
  position: string;
  order: number;
  power: string;
  weakness: string;
  color: string;
  place: string;
  tags: string[];
  /** The path whose visit unlocks the character (a chapter's token path, usually). */
  requiredUrl: string | null;
  requiredUrlText: string;
  style: CharacterStyle;
};

export type SeedChapterText = {
  /** Matches an id in app/features/chapters/chapter-paths.ts. */
  id: string;
  title: string;
  subtitle: string;
  description: string;
  /** Trusted HTML written by us; sanitised again on render. */
  content: string;
  requiredUrlText: string;
  decorativeImage: string;
  numberImage: string;
  images: ChapterImage[];
  background: string;
  commentPrompt: string;
  hidden: boolean;
};

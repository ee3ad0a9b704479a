import type { Character } from "../../app/features/characters/characters.server.ts";
import type { ChapterImage } from "../../app/lib/db-schema.ts";

/** A character as the seed writes it: every field of SPEC.md §3 but the audit columns. */
export type SeedCharacter = Omit<Character, "createdAt" | "createdBy" | "updatedAt" | "updatedBy">;

export type SeedChapterText = {
  /** Matches an id in db/seed/chapter-paths.ts. */
  id: string;
  title: string;
  subtitle: string;
  description: string;
  /** Spoiler-free line shown instead of the description while the chapter is locked. */
  teaser: string;
  /** Trusted HTML written by us; sanitised once when seeded. */
  content: string;
  requiredUrlText: string;
  decorativeImage: string;
  numberImage: string;
  images: ChapterImage[];
  background: string;
  commentPrompt: string;
  hidden: boolean;
};

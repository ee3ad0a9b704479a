import type { Db } from "../lib/db.server.ts";
import { chapterName } from "../features/chapters/chapter-links.ts";
import { listChapterAddresses } from "../features/chapters/chapters.server.ts";
import { listCharacters } from "../features/characters/characters.server.ts";
import type { KnownContent } from "../features/qr/qr-destinations.ts";

/**
 * The chapters and characters a QR code may open, by name: the studio's picker and its "what a
 * scan opens" read them (the QR feature does not read the others').
 */
export async function qrKnownContent(db: Db): Promise<KnownContent> {
  const [chapters, characters] = await Promise.all([listChapterAddresses(db), listCharacters(db)]);
  return {
    chapters: chapters.map((chapter) => ({
      name: chapterName(chapter),
      requiredUrl: chapter.requiredUrl,
      slugPath: chapter.slugPath,
    })),
    characters: characters.map((character) => ({ id: character.id, name: character.name })),
  };
}

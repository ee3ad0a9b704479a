import { chapterSlugPath, keepDiscoveryPath } from "../../lib/public-paths.ts";
import { onFirstUse } from "../../lib/on-first-use.ts";

/**
 * What a visitor who reached a chapter by its printed code would collect with an account
 * (decision 025): the chapter, and the characters the same code unlocks, shown as silhouettes
 * with their names (the same a locked card shows to everyone). Signed out, a scan unlocks
 * nothing yet; the code is remembered and unlocked by their first view once signed in or up.
 * Built on the server, so the page's own JavaScript barely grows; no token path in it.
 */
export type ChapterDiscovery = {
  heading: string;
  text: string;
  characters: { name: string; imageSrc: string; imageAlt: string }[];
  keep: string;
  signUp: { to: string; label: string };
  signIn: { to: string; label: string };
};

const listFormat = onFirstUse(() => new Intl.ListFormat("es", { style: "long", type: "conjunction" }));

export function chapterDiscovery(
  chapter: { number: number | null; title: string; slug: string },
  characterNames: readonly string[],
  silhouetteSrc: string,
): ChapterDiscovery {
  const opens = chapter.number
    ? `Este código abre el capítulo ${chapter.number}, «${chapter.title}»`
    : `Este código abre «${chapter.title}»`;
  const meets = characterNames.length ? `, y te presenta a ${listFormat().format(characterNames)}` : "";
  const back = chapterSlugPath(chapter);
  return {
    heading: "¡Encontraste un código del libro!",
    text: `${opens}${meets}.`,
    characters: characterNames.map((name) => ({
      name,
      imageSrc: silhouetteSrc,
      imageAlt: `Silueta de ${name}, por descubrir`,
    })),
    keep: "Crea tu cuenta y quedará en tu pasaporte.",
    signUp: { to: keepDiscoveryPath(back, "signup"), label: "Crear mi cuenta y guardarlo" },
    signIn: { to: keepDiscoveryPath(back, "login"), label: "Ya tengo cuenta" },
  };
}

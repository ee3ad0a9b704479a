import { data } from "react-router";
import type { Db } from "../lib/db.server.ts";
import type { PublicCharacter } from "../features/characters/characters.server.ts";
import type { Route } from "./+types/personajes";
import { CharacterGallery } from "../features/characters/components/character-gallery.tsx";
import { CHARACTERS_TOPIC } from "../features/characters/character-topics.ts";
import { getCharacter, listCharacters, readCatalogue } from "../features/characters/characters.server.ts";
import { characterPreviewPath } from "../features/seo/link-preview-card.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../runtime/context.server.ts";
import { CHARACTER_DETAIL_PARAM } from "../lib/public-paths.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { getReaderFacts, getUser } from "../access/session.server.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";

const SEARCH_MAX = 120;

// Public, and the same collection for everyone (decision 025): a character a QR code unlocks is a
// silhouette, name and hint until this reader unlocks it; a signed-in reader also gets their unlocks.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const search = (url.searchParams.get("q") ?? "").slice(0, SEARCH_MAX);
  const user = await getUser(context);
  const { db, contentCache } = services(context);
  try {
    const catalogue = await readCatalogue(
      db,
      user?.id ?? null,
      () => contentCache.remember("characters", () => listCharacters(db)),
      // Kept with the reader's session between page views (decision 041).
      async () => (await getReaderFacts(context))?.unlockedCharacterIds ?? [],
    );
    return { ...catalogue, search, shared: await sharedCharacter(db, catalogue.characters, url), loadError: null };
  } catch (error) {
    log.error("characters load failed", { requestId: requestId(request), error });
    const message = error instanceof Error ? error.message : String(error);
    return data({ characters: [], unlockedIds: null, search, shared: null, loadError: message }, { status: 500 });
  }
}

/**
 * `?personaje=<id>`: a shared link to one character, or the unlock celebration's link to it. Its
 * card opens at once and the page's link preview is the character's own; a card still locked for
 * this reader shares the site's.
 */
async function sharedCharacter(db: Db, characters: PublicCharacter[], url: URL) {
  const id = url.searchParams.get(CHARACTER_DETAIL_PARAM);
  const listed = id ? characters.find((character) => character.id === id) : undefined;
  if (!listed) return null;
  const full = listed.locked ? null : await getCharacter(db, listed.id);
  return {
    id: listed.id,
    name: listed.name,
    subtitle: full?.subtitle ?? "",
    preview: full ? characterPreviewPath(full.id, full.updatedAt.getTime()) : undefined,
  };
}

const DESCRIPTION =
  "Conoce a Valentina, a Taquito y a todos los personajes del libro: sus poderes, sus debilidades y cómo desbloquearlos con los códigos QR.";

// The canonical URL is the bare path (a search shows a part of the same collection), or one
// character's shared address.
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const shared = loaderData?.shared;
  return pageMeta({
    title: shared ? `${shared.name} · Personajes` : "Personajes",
    description: shared?.subtitle || DESCRIPTION,
    path: shared
      ? `${location.pathname}?${CHARACTER_DETAIL_PARAM}=${encodeURIComponent(shared.id)}`
      : location.pathname,
    siteUrl: siteUrlFrom(matches),
    image: shared?.preview,
    jsonLd: {
      "@type": "CollectionPage",
      name: "Personajes",
      description: DESCRIPTION,
      hasPart: (loaderData?.characters ?? []).map((character) => ({
        "@type": "Thing",
        name: character.name,
        description: character.locked ? undefined : character.subtitle,
      })),
    },
  });
};

export default function Personajes({ loaderData }: Route.ComponentProps) {
  // A character added or edited by an admin appears without a reload.
  useLiveRevalidation([CHARACTERS_TOPIC]);
  return (
    <CharacterGallery
      characters={loaderData.characters}
      unlockedIds={loaderData.unlockedIds}
      search={loaderData.search}
      openId={loaderData.shared?.id ?? null}
      loadError={loaderData.loadError}
    />
  );
}

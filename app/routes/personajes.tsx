import { data } from "react-router";
import type { Route } from "./+types/personajes";
import { CharacterGallery } from "../features/characters/components/character-gallery.tsx";
import { CHARACTERS_TOPIC } from "../features/characters/character-topics.ts";
import { readCatalogue } from "../features/characters/characters.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { getUser } from "../composition/session.server.ts";
import { useLiveRevalidation } from "../ui/use-live.ts";
import { CHARACTER_DETAIL_PARAM } from "../lib/public-paths.ts";

const SEARCH_MAX = 120;

// Public: every character is readable by everyone; a signed-in reader also gets their unlocks.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const search = (url.searchParams.get("q") ?? "").slice(0, SEARCH_MAX);
  // ?personaje=<id> opens that character's card on arrival (the unlock celebration links here).
  const openId = url.searchParams.get(CHARACTER_DETAIL_PARAM);
  const user = await getUser(context);
  try {
    const catalogue = await readCatalogue(services(context).db, user?.id ?? null);
    const opened = catalogue.characters.some((character) => character.id === openId) ? openId : null;
    return { ...catalogue, search, openId: opened, loadError: null };
  } catch (error) {
    log.error("characters load failed", { requestId: requestId(request), error });
    const message = error instanceof Error ? error.message : String(error);
    return data({ characters: [], unlockedIds: null, search, openId: null, loadError: message }, { status: 500 });
  }
}

const DESCRIPTION =
  "Conoce a Valentina, a Taquito y a todos los personajes del libro: sus poderes, sus debilidades y cómo desbloquearlos con los códigos QR.";

// The canonical URL is the bare path: a search shows a part of the same collection.
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: "Personajes",
    description: DESCRIPTION,
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
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

export default function Personajes({ loaderData }: Route.ComponentProps) {
  // A character added or edited by an admin appears without a reload.
  useLiveRevalidation([CHARACTERS_TOPIC]);
  return (
    <CharacterGallery
      characters={loaderData.characters}
      unlockedIds={loaderData.unlockedIds}
      search={loaderData.search}
      openId={loaderData.openId}
      loadError={loaderData.loadError}
    />
  );
}

import type { Route } from "./+types/vista-previa.personaje.$file";
import { getCharacter } from "../features/characters/characters.server.ts";
import { previewFileName, previewVersion } from "../features/seo/link-preview-card.ts";
import { previewResponse } from "../features/seo/link-preview.server.ts";
import { services } from "../runtime/context.server.ts";
import { uploadedPictures } from "../pages/preview-pictures.server.ts";

/**
 * /vista-previa/personaje/<id>.png: a character's link preview: name, subtitle and picture, which
 * every visitor reads on /personajes. Power, weakness and the unlocking path stay out. A character
 * that a code unlocks is a silhouette for every visitor (decision 025), and a preview is public:
 * it has none (its shared link shows the site's), so its picture and subtitle stay behind the book.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = previewFileName(params.file);
  const character = id ? await getCharacter(services(context).db, id).catch(() => null) : null;
  if (!character || character.requiredUrl !== null) return new Response("Vista previa no encontrada.", { status: 404 });
  const version = previewVersion(character.updatedAt.getTime());
  return previewResponse(request, {
    key: `personaje:${character.id}:${version}`,
    version,
    readOther: uploadedPictures(services(context).db),
    card: {
      kicker: "Personaje",
      title: character.name,
      subtitle: character.subtitle,
      imagePath: character.imageUrl || null,
    },
  });
}

import type { Route } from "./+types/vista-previa.capitulo.$file";
import { findChapterBySlug } from "../features/chapters/chapters.server.ts";
import { previewFileName, previewVersion } from "../features/seo/link-preview-card.ts";
import { previewResponse } from "../features/seo/link-preview.server.ts";
import { services } from "../runtime/context.server.ts";
import { uploadedPictures } from "../pages/preview-pictures.server.ts";

/**
 * /vista-previa/capitulo/<slug>.png: a chapter's link preview. By slug only: its title and
 * picture are on the public chapter list already; its printed token path is never drawn.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = previewFileName(params.file);
  const chapter = slug ? await findChapterBySlug(services(context).db, slug) : null;
  if (!chapter) return new Response("Vista previa no encontrada.", { status: 404 });
  const version = previewVersion(chapter.version);
  return previewResponse(request, {
    key: `capitulo:${chapter.slug}:${version}`,
    version,
    readOther: uploadedPictures(services(context).db),
    card: {
      kicker: chapter.number ? `Capítulo ${chapter.number}` : "Capítulo especial",
      title: chapter.title,
      subtitle: chapter.subtitle || chapter.description,
      imagePath: chapter.decorativeImage || null,
    },
  });
}

import type { Route } from "./+types/vista-previa.sitio[.]png";
import { previewVersion, SITE_PREVIEW_CARD } from "../features/seo/link-preview-card.ts";
import { previewResponse } from "../features/seo/link-preview.server.ts";

/** The site's own link preview (og:image of every page without one of its own). */
export function loader({ request }: Route.LoaderArgs) {
  const version = previewVersion(null);
  return previewResponse(request, { key: `sitio:${version}`, version, card: SITE_PREVIEW_CARD });
}

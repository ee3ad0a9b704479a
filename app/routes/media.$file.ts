import type { Route } from "./+types/media.$file";
import { readImage } from "../features/media/images.server.ts";
import { services } from "../runtime/context.server.ts";

/** /media/<hash>.webp: an uploaded image. The URL names its content, so it never changes: cached for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([0-9a-f]{32})\.webp$/.exec(params.file ?? "");
  const image = match ? await readImage(services(context).db, match[1]!) : undefined;
  if (!image) return new Response("Imagen no encontrada.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.content_type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

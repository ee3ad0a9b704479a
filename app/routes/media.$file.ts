import type { Route } from "./+types/media.$file";
import { readImage } from "../features/media/images.server.ts";
import { readRecording } from "../features/glossary/glossary-recordings.server.ts";
import { services } from "../runtime/context.server.ts";

const notFound = () =>
  new Response("Archivo no encontrado.", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * /media/<hash>.webp: an uploaded image; /media/<hash>.<m4a|mp3|ogg|webm|wav>: a glossary word's
 * recorded pronunciation. The URL names its content, so it never changes: cached for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([0-9a-f]{32})\.(webp|m4a|mp3|ogg|webm|wav)$/.exec(params.file ?? "");
  if (!match) return notFound();
  const { db } = services(context);
  const [, hash, extension] = match as unknown as [string, string, string];
  const file = extension === "webp" ? await readImage(db, hash) : await readRecording(db, hash, extension);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.content_type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import type { Route } from "./+types/adminpanel.capitulos.$id.narracion.$file";
import { requireAdmin } from "../access/session.server.ts";
import { narrationTimingsOf } from "../features/narration/narration-authoring.server.ts";
import { NARRATION_EDITOR_FILES } from "../features/narration/narration-timings.ts";
import { timingsToWebVtt } from "../features/narration/narration-webvtt.ts";
import { readNarrationAudio } from "../features/narration/narrations.server.ts";
import { audioResponse } from "../lib/audio-response.server.ts";
import { services } from "../runtime/context.server.ts";

const notFound = () =>
  new Response("No hay narración aquí.", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * /adminpanel/capitulos/<id>/narracion/grabacion (the recording, by byte ranges, for the marking
 * editor) and …/palabras.vtt (the marks to download, for a subtitle editor or an EPUB 3 edition).
 */
export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const { db } = services(context);
  if (params.file === NARRATION_EDITOR_FILES.audio) {
    const narration = await readNarrationAudio(db, params.id);
    return narration
      ? audioResponse(request, narration.audio, narration.contentType, { "Cache-Control": "private, no-cache" })
      : notFound();
  }
  if (params.file === NARRATION_EDITOR_FILES.webVtt) {
    const timings = await narrationTimingsOf(db, params.id);
    if (!timings) return notFound();
    return new Response(timingsToWebVtt(timings), {
      headers: {
        "Content-Type": "text/vtt; charset=utf-8",
        "Content-Disposition": `attachment; filename="capitulo-${params.id}-palabras.vtt"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  return notFound();
}

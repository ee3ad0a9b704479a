import type { Route } from "./+types/narracion.$";
import {
  NARRATION_AUDIO,
  NARRATION_TIMINGS,
  NARRATION_WEBVTT,
  readNarrationAudio,
  readNarrationTimings,
} from "../features/narration/narrations.server.ts";
import { timingsToWebVtt } from "../features/narration/narration-webvtt.ts";
import { audioResponse } from "../lib/audio-response.server.ts";
import { openChapter } from "../pages/chapter-page.server.ts";
import { services } from "../runtime/context.server.ts";

const notFound = () =>
  new Response("No hay narración aquí.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** Kept by this reader's browser only: whether it may have them depends on who asks. */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, max-age=86400",
  "X-Content-Type-Options": "nosniff",
};

/**
 * /narracion/<slug>/audio.ogg, …/palabras.json and …/palabras.vtt: a chapter's narration and its
 * word timings, as JSON and as WebVTT (decision 074). The book stays the key: the chapter is opened by the very rule of its
 * page (openChapter), so a locked chapter's narration answers as its page does (a 404, or the
 * sign-in redirect for a chapter that needs an account).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const match = /^(.+)\/([^/]+)$/.exec(params["*"] ?? "");
  const file = match?.[2];
  if (!match || (file !== NARRATION_AUDIO && file !== NARRATION_TIMINGS && file !== NARRATION_WEBVTT))
    return notFound();
  const url = new URL(`/${match[1]}`, request.url);
  let chapterId: string;
  try {
    chapterId = (await openChapter({ url, context })).chapter.id;
  } catch (refusal) {
    // A redirect (sign in first) goes out as it is; anything else the page would answer 404.
    if (refusal instanceof Response) throw refusal;
    return notFound();
  }
  const { db } = services(context);
  if (file !== NARRATION_AUDIO) {
    const timings = await readNarrationTimings(db, chapterId);
    if (!timings) return notFound();
    if (file === NARRATION_TIMINGS) return Response.json(timings, { headers: PRIVATE_HEADERS });
    return new Response(timingsToWebVtt(timings), {
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/vtt; charset=utf-8" },
    });
  }
  const narration = await readNarrationAudio(db, chapterId);
  return narration ? audioResponse(request, narration.audio, narration.contentType, PRIVATE_HEADERS) : notFound();
}

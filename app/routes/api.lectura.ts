import { redirect } from "react-router";
import type { Route } from "./+types/api.lectura";
import {
  mayRecordPosition,
  parsePosition,
  recordReadingPosition,
  saveReadingSettings,
} from "../features/reading/reading-comfort.server.ts";
import { readingSettingsCookie, readingSettingsFrom } from "../lib/reading-settings-cookie.ts";
import { services } from "../runtime/context.server.ts";
import { getUser, safeRedirectPath } from "../access/session.server.ts";

const MAX_BODY_CHARS = 1024;

const plain = (body: string | null, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return plain("Usa POST.", 405);
}

/**
 * Reading comfort's one endpoint (issue 44, decision 076; one route, so the route manifest every
 * page loads grows by one entry), form-encoded, `que` saying what:
 * - `ajustes`: the 'Aa' form of a chapter page, posted as a plain form so it works before and
 *   without JavaScript. Keeps the settings in this device's cookie and, for a signed-in reader,
 *   with their account; then back (303) to the chapter, which the server renders with them.
 * - `posicion`: where a signed-in reader is in a chapter (`capitulo`, `parrafo`), sent with
 *   navigator.sendBeacon when the page is hidden or left. Nothing is kept for a visitor.
 * The root middleware has already refused a post from another site (app/access/origin-check).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await request.text();
  if (body.length > MAX_BODY_CHARS) return plain("Demasiados datos.", 413);
  const form = new URLSearchParams(body);
  const what = form.get("que");
  if (what === "ajustes") return saveSettings(form, request, context);
  if (what === "posicion") return savePosition(form, context);
  return plain("¿Qué quieres guardar? Falta «que».", 400);
}

/**
 * Where the reader comes back to: the form's 'volver', else the page the form was on, as the
 * browser's Referer names it (same origin only; the origin check already refused any other).
 * The chapter's panel names no address itself: a chapter opened by its printed code would carry
 * that code in its page data (app/features/chapters/chapter-route.test.ts).
 */
function comeBackTo(form: URLSearchParams, request: Request): string | null {
  const named = form.get("volver");
  if (named) return named;
  const referer = URL.parse(request.headers.get("Referer") ?? "");
  return referer && referer.origin === new URL(request.url).origin ? `${referer.pathname}${referer.search}` : null;
}

async function saveSettings(form: URLSearchParams, request: Request, context: Route.ActionArgs["context"]) {
  const settings = readingSettingsFrom({
    size: form.get("tamano"),
    spacing: form.get("espaciado"),
    lines: form.get("interlineado"),
    theme: form.get("tema"),
  });
  if (!settings) return plain("Esos ajustes de lectura no existen: elige una opción de cada grupo.", 400);
  const { db, env } = services(context);
  const user = await getUser(context);
  if (user) await saveReadingSettings(db, user.id, settings);
  return redirect(safeRedirectPath(comeBackTo(form, request), "/capitulos"), {
    status: 303,
    headers: { "Set-Cookie": readingSettingsCookie(settings, env.siteUrl.startsWith("https:")) },
  });
}

async function savePosition(form: URLSearchParams, context: Route.ActionArgs["context"]) {
  const user = await getUser(context);
  if (!user) return plain(null, 401);
  const { db } = services(context);
  if (!(await mayRecordPosition(db, user.id))) return plain("Demasiadas posiciones seguidas.", 429);
  const position = parsePosition(form);
  if (!position) return plain("Posición no válida.", 400);
  if (!(await recordReadingPosition(db, user.id, position))) return plain("Ese capítulo no existe.", 404);
  return plain(null, 204);
}

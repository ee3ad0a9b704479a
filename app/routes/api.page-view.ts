import type { Route } from "./+types/api.page-view";
import {
  mayCountView,
  parsePageView,
  QR_PATH_PREFIX,
  recordPageView,
} from "../features/analytics/page-views.server.ts";
import { services } from "../runtime/context.server.ts";
import { clientIp } from "../lib/request.server.ts";

const MAX_BODY_CHARS = 4096;

const plain = (body: string | null, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return plain("Usa POST.", 405);
}

/**
 * First-party page views, sent by the browser with navigator.sendBeacon: `{ path, title }` as
 * JSON. Only the path and title are stored: no address, no account (DESIGN.md analytics).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  if (request.method !== "POST") return plain("Usa POST.", 405);
  if (!(await mayCountView(db, clientIp(request)))) return plain("Demasiadas visitas registradas seguidas.", 429);
  const body = await request.text();
  const view = body.length <= MAX_BODY_CHARS ? parsePageView(body) : null;
  if (!view) return plain("Visita no válida.", 400);
  // The QR route counts its own scans on the server; a browser report would count them twice.
  // A path that carries a credential is redacted where every view is stored (recordPageView).
  if (!view.path.startsWith(QR_PATH_PREFIX)) await recordPageView(db, view);
  return plain(null, 204);
}

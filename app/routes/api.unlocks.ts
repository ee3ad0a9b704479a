import { data } from "react-router";
import type { Route } from "./+types/api.unlocks";
import { type Celebration, unlockForVisit, unlockPathsFor } from "../features/unlocks/unlocks.server.ts";
import { services } from "../runtime/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { getUser } from "../access/session.server.ts";
import { celebrationOfView, takeRememberedScans } from "../pages/remembered-scans.server.ts";

/**
 * Called on every page view by a signed-in reader (first load and each client-side
 * navigation): unlocks what the visited path unlocks, and answers what to celebrate (null when
 * nothing is new). A failure is only logged (SPEC.md §8).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(context);
  if (!user) return data({ celebration: null }, { status: 401 });
  const body = (await request.json().catch(() => null)) as { path?: unknown } | null;
  const raw = typeof body?.path === "string" ? body.path : "";
  // A path on this site: "//host" or a malformed one is not (URL.parse answers null).
  const visited = raw.startsWith("/") && raw.length <= 500 ? URL.parse(raw, "http://site.invalid") : null;
  if (!visited || visited.origin !== "http://site.invalid") return data({ celebration: null }, { status: 400 });
  // Codes scanned before signing in or up count as part of this view (decision 025), once.
  const remembered = await takeRememberedScans({ request, context });
  const answer = (body: { celebration: Celebration | null }) =>
    remembered ? data(body, { headers: remembered.forget }) : body;
  try {
    const celebration = await unlockForVisit(services(context).db, user.id, [
      ...unlockPathsFor(visited.pathname, visited.search),
      ...(remembered?.paths ?? []),
    ]);
    return answer({ celebration: celebrationOfView(celebration, remembered) });
  } catch (error) {
    log.error("unlock failed", { requestId: requestId(request), error });
    return answer({ celebration: null });
  }
}

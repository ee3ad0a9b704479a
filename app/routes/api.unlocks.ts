import { data } from "react-router";
import type { Route } from "./+types/api.unlocks";
import { type Celebration, unlockForVisit, unlockPathsFor } from "../features/unlocks/unlocks.server.ts";
import { services } from "../runtime/context.server.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { getUser } from "../access/session.server.ts";
import { celebrationOfView, takeRememberedScans } from "../pages/remembered-scans.server.ts";
import { tripPlanOf } from "../pages/trip-copy.server.ts";
import { listChapterCards } from "../features/chapters/chapters.server.ts";
import type { TripPlanAnswer } from "../features/travel/refresh-trip.client.ts";
import { clientModuleAddress } from "../lib/client-modules.server.ts";

/**
 * What this reader unlocked, as the trip's plan (decision 082): the pages their copy keeps, and
 * the modules a saved page loads on demand, for a page whose copy is behind to save it again.
 * Not a route of its own: every page's route manifest would grow by one entry.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "no-store" };
  const user = await getUser(context);
  // A visitor has unlocked nothing this device could keep (the route is everyone's: no refusal).
  if (!user) return Response.json({ plan: null, modules: [] } satisfies TripPlanAnswer, { headers: noStore });
  const { db, env } = services(context);
  const chapters = await listChapterCards(db, { userId: user.id, forceUnlocked: env.CHAPTERS_FORCE_UNLOCKED });
  const { owner, chapterPaths, otherPaths, siteFiles } = await tripPlanOf(
    db,
    user.id,
    chapters.cards.filter((card) => card.found),
  );
  const answer: TripPlanAnswer = {
    plan: { owner, chapterPaths, otherPaths, siteFiles },
    modules: [clientModuleAddress("readAloud"), clientModuleAddress("commentOutbox")].filter(
      (address): address is string => address !== null,
    ),
  };
  return Response.json(answer, { headers: noStore });
}

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

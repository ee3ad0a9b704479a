import { data, type RouterContextProvider } from "react-router";
import { unlockForVisit, unlockingPaths, unlockPathsFor } from "../features/unlocks/unlocks.server.ts";
import { consentFromCookies } from "../lib/consent-cookie.ts";
import { log } from "../lib/log.server.ts";
import { requestId } from "../lib/request.server.ts";
import { services } from "../runtime/context.server.ts";
import { celebrationOfView, takeRememberedScans } from "./remembered-scans.server.ts";
import { tripCopyBehind } from "./trip-copy.server.ts";
import { shownName } from "../features/profiles/shown-name.ts";
import { deviceRemembersFamily } from "../access/family-session.server.ts";
import {
  forgetReaderCopy,
  getReaderProfile,
  getUser,
  readerIsAdmin,
  readerIsChild,
  readerIsStudent,
} from "../access/session.server.ts";

/**
 * What every page's layout needs (the root loader): who is signed in and whether an admin, the
 * analytics settings, and what this visit unlocked, for the celebration. Wrapped in data(): it may
 * forget the scans a visitor made before signing in (a cookie).
 */
export async function rootData(request: Request, url: URL, context: Readonly<RouterContextProvider>) {
  const { env, db, contentCache } = services(context);
  const sessionUser = await getUser(context);
  // A full page load unlocks on the server, before any JavaScript runs; client-side
  // navigations report themselves through /api/unlocks (see UnlockToast). Codes the reader
  // scanned before signing in are unlocked by their first signed-in view (decision 025).
  const fullLoad = sessionUser && request.method === "GET" && !new URL(request.url).pathname.endsWith(".data");
  const remembered = fullLoad ? await takeRememberedScans({ request, context }) : null;
  const visited = fullLoad ? [...unlockPathsFor(url.pathname, url.search), ...(remembered?.paths ?? [])] : [];
  // Most views are of paths no code leads to: the set of those that do is content (kept in memory).
  const unlocking = visited.length ? await contentCache.remember("unlocking-paths", () => unlockingPaths(db)) : null;
  const unlocked =
    sessionUser && unlocking && visited.some((path) => unlocking.has(path))
      ? await unlockForVisit(db, sessionUser.id, visited).catch((error: unknown) => {
          log.error("unlock failed", { requestId: requestId(request), error });
          return null;
        })
      : null;
  // A read that may have written this reader's unlocks: their kept copy (decision 041) goes at
  // once, so the next page shows them even before the database's notice arrives.
  if (unlocked) await forgetReaderCopy(request, context);
  const [profile, admin, childReader, student, tripBehind] = sessionUser
    ? await Promise.all([
        getReaderProfile(context),
        readerIsAdmin(context),
        readerIsChild(context),
        readerIsStudent(context),
        // This device's trip copy of this reader missed a code scanned since, or is old: the page
        // names the module that saves it again (entry.server.tsx; decision 082). After the unlock
        // above, so a scan's own page counts it.
        fullLoad ? tripCopyBehind(db, sessionUser.id, request.headers.get("Cookie")) : false,
      ])
    : [null, false, false, false, false];
  // A class's student is on the school's device, which is nobody's family (decision 036).
  const familyDevice = !student && (await deviceRemembersFamily(request, context));
  return data(
    {
      siteUrl: env.siteUrl,
      // Google Analytics loads only when this is set (the CSP admits its hosts only then).
      gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
      // The reader's answer to the analytics banner (a first-party cookie), so the page is
      // rendered already knowing it: no Google before 'Aceptar', no banner once answered.
      analyticsConsent: consentFromCookies(request.headers.get("cookie")),
      year: new Date().getFullYear(),
      user: sessionUser
        ? {
            id: sessionUser.id,
            // Never the e-mail nor its local part: a family's tablet is read by everyone (issue 39).
            name: shownName(profile, sessionUser.email),
            childReader,
            // A class's student has no family chooser to switch to (decision 036).
            student,
          }
        : null,
      isAdmin: admin as boolean | null,
      // This device remembers a family: '¿Quién lee?' is one tap away on every page.
      familyDevice,
      // What this load unlocked, for the celebration (null when nothing is new).
      celebration: celebrationOfView(unlocked, remembered),
      // Only when true: no other page's data carries it.
      ...(tripBehind ? { tripCopyBehind: true as const } : {}),
    },
    // Unlocked or not (a code may have expired since), remembered scans are used once.
    remembered ? { headers: remembered.forget } : undefined,
  );
}

import type { ChapterCard } from "../features/chapters/chapters.server.ts";
import { narrationBytes } from "../features/narration/narrations.server.ts";
import { estimateTripBytes } from "../features/travel/trip-estimate.ts";
import type { TripPlan } from "../features/travel/save-for-trip.client.ts";
import { lastUnlockAt } from "../features/unlocks/unlocks.server.ts";
import { travelOwnerKey } from "../access/travel-owner.server.ts";
import type { Db } from "../lib/db.server.ts";
import { parseTravelCookie, TRIP_REFRESH_AFTER_MS } from "../lib/travel-copy.ts";
import { wholeStylesheetHref } from "../lib/whole-stylesheet.server.ts";
import { builtVersion } from "../lib/client-modules.server.ts";

/**
 * The trip's copy (issue 43, decisions 075 and 082), joined from the chapters, the narrations
 * and the reader's unlocks: what a reader may keep, and whether the copy on this device is behind.
 */

/**
 * What this reader may keep on the device: their found chapters by slug path (never a token
 * path), their characters and their passport; and what that will take.
 */
export async function tripPlanOf(
  db: Db,
  userId: string,
  found: Pick<ChapterCard, "id" | "path">[],
): Promise<TripPlan & { estimateBytes: number }> {
  const chapterPaths = found.map((card) => card.path);
  return {
    owner: travelOwnerKey(userId),
    chapterPaths,
    otherPaths: ["/personajes", "/pasaporte"],
    // The whole stylesheet: a client-side visit to another route waits for it (decision 080).
    siteFiles: [wholeStylesheetHref],
    estimateBytes: estimateTripBytes(
      chapterPaths.length,
      await narrationBytes(
        db,
        found.map((card) => card.id),
      ),
    ),
  };
}

/**
 * Whether this reader's copy on the device that sent `cookieHeader` should be saved again on
 * this visit: it was saved before their last unlock (a code scanned since, which is what a
 * reader on a trip most wants kept), over 12 hours ago (chapters' texts and pictures change), or
 * from another build of the site (a deploy: the worker refreshes a saved page the reader opens,
 * whose new scripts the copy does not hold yet). False when the device holds no copy of theirs.
 */
export async function tripCopyBehind(db: Db, userId: string, cookieHeader: string | null): Promise<boolean> {
  const saved = parseTravelCookie(cookieHeader);
  if (!saved || saved.owner !== travelOwnerKey(userId)) return false;
  if (Date.now() - saved.savedAt >= TRIP_REFRESH_AFTER_MS) return true;
  const build = builtVersion();
  if (build !== null && saved.build !== build) return true;
  const unlockedAt = await lastUnlockAt(db, userId);
  return unlockedAt !== null && unlockedAt.getTime() > saved.savedAt;
}

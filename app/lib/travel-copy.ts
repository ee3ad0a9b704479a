/**
 * The trip's copy (issue 43, decision 075): names shared by the server, the passport's saving
 * code and public/sw.js (a plain script with no build step, which repeats them: keep in step).
 */

/** Every page and `.data` answer the app renders says whose it is: the service worker drops a copy kept for someone else. */
export const TRAVEL_OWNER_HEADER = "X-Viaje-Lector";
/** The owner of an answer for nobody signed in. */
export const NO_READER = "-";
/** The one Cache Storage cache the copy lives in. */
export const TRAVEL_CACHE = "viaje";
/** What is saved and for whom, kept in the cache itself (written first, so no entry is ever ownerless). */
export const TRAVEL_INDEX_URL = "/__viaje/indice.json";
/** React Router's route manifest for the saved pages, answered offline for /__manifest. */
export const TRAVEL_MANIFEST_URL = "/__viaje/manifest.json";
/**
 * Readable by the server, so /pasaporte says what is saved without any first-load script:
 * `<owner>.<saved at, ms>.<chapters>.<bytes>.<build>`, the build being React Router's manifest
 * version of the pages saved (decision 082: a copy of an older build is saved again). Not a
 * secret; the server ignores one that is not the current reader's and removes it.
 */
export const TRAVEL_COOKIE = "viaje";

/**
 * How old a copy may get before a visit with signal saves it again (decision 082: a code scanned
 * since it was saved makes it behind at once).
 */
export const TRIP_REFRESH_AFTER_MS = 12 * 60 * 60 * 1000;

export type TravelCookie = { owner: string; savedAt: number; chapters: number; bytes: number; build?: string };

export function parseTravelCookie(cookieHeader: string | null | undefined): TravelCookie | null {
  const raw = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRAVEL_COOKIE}=`));
  if (!raw) return null;
  const [owner, savedAt, chapters, bytes, build] = decodeURIComponent(raw.slice(TRAVEL_COOKIE.length + 1)).split(".");
  const numbers = [savedAt, chapters, bytes].map(Number);
  if (!owner || !/^[0-9a-f]{16}$/.test(owner) || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null;
  // Saved before builds were named (or a mangled name): an unknown build.
  const named = build && /^[\w-]{1,40}$/.test(build) ? { build } : {};
  return { owner, savedAt: numbers[0]!, chapters: numbers[1]!, bytes: numbers[2]!, ...named };
}

export const formatTravelCookie = (cookie: TravelCookie) =>
  `${cookie.owner}.${cookie.savedAt}.${cookie.chapters}.${cookie.bytes}.${cookie.build ?? ""}`;

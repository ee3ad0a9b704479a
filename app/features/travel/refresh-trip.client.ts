/**
 * The trip's copy saves itself again on a visit with signal (issue 43, decision 082), from any
 * page: the server names this module, with `data-viaje-actualizar`, only in the pages of a reader
 * whose copy on this device is behind (a code scanned since it was saved, or older than 12 hours).
 * No other page loads it. The passport's panel uses the same run, so one visit saves once.
 */
import type { TravelCookie } from "../../lib/travel-copy.ts";
import { saveForTrip, type TripPlan } from "./save-for-trip.client.ts";
import { TRIP_PLAN_PATH, TRIP_REFRESH_ATTRIBUTE } from "./trip-addresses.ts";

/** What GET /api/unlocks answers: the reader's plan (none for a visitor), and the modules a saved page loads on demand. */
export type TripPlanAnswer = { plan: TripPlan | null; modules: string[] };

/** Told on `window` when the copy was saved again: the passport's panel shows the new date. */
export const TRIP_REFRESHED_EVENT = "viaje:actualizado";

/** A refresh that failed (no space, the signal went) is not tried again on every page. */
const RETRY_AFTER_MS = 10 * 60 * 1000;
const LAST_TRY_KEY = "viaje-intento";

let running: Promise<TravelCookie | null> | null = null;

async function saveAgain(): Promise<TravelCookie | null> {
  if (!navigator.onLine) return null;
  const lastTry = Number(localStorage.getItem(LAST_TRY_KEY) ?? 0);
  if (Date.now() - lastTry < RETRY_AFTER_MS) return null;
  localStorage.setItem(LAST_TRY_KEY, String(Date.now()));
  const answer = await fetch(TRIP_PLAN_PATH, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!answer.ok) return null;
  const { plan, modules } = (await answer.json()) as TripPlanAnswer;
  if (!plan) return null;
  // Loading them puts their scripts among the files this page fetched, which the copy keeps:
  // every time (as the offline hand-off), not only when a saved chapter reads aloud.
  const loadModules = () => Promise.all(modules.map((module) => import(/* @vite-ignore */ module)));
  const saved = await saveForTrip(plan, undefined, loadModules);
  localStorage.removeItem(LAST_TRY_KEY);
  window.dispatchEvent(new CustomEvent(TRIP_REFRESHED_EVENT, { detail: saved }));
  return saved;
}

/**
 * Saves this reader's copy again, once per page however often it is asked, and once at a time
 * across the reader's open tabs (a Web Lock; another tab already saving is left to it).
 */
export function refreshTrip(): Promise<TravelCookie | null> {
  running ??= (
    navigator.locks
      ? navigator.locks.request("viaje", { ifAvailable: true }, (lock) => (lock ? saveAgain() : null))
      : saveAgain()
  ).catch(() => null);
  return running;
}

// Named by the server in this page: saves once the page itself has loaded and the phone is idle.
if (document.querySelector(`script[${TRIP_REFRESH_ATTRIBUTE}]`)) {
  const start = () =>
    "requestIdleCallback" in window ? requestIdleCallback(() => void refreshTrip()) : setTimeout(refreshTrip, 500);
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}

import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { TravelCookie } from "../../../lib/travel-copy.ts";
import type { LoadOnDemand, TripPlan } from "../save-for-trip.client.ts";
import { TRAVEL_MESSAGES } from "../travel-messages.ts";
import { TRIP_PANEL_ANCHOR, TRIP_START_PARAM } from "../trip-addresses.ts";

export type TripOffer = TripPlan & {
  /** What saving will take, told before saving (decision 075: measured per page). */
  estimateBytes: number;
  /** What this reader saved on this device, as its cookie says (null: nothing). */
  saved: Omit<TravelCookie, "owner"> | null;
  /** That copy is behind (decision 082: a code scanned since, or over 12 hours old): saved again on arrival. */
  behind: boolean;
  /** The address asks to save on arrival (a chapter page's 'Guardar para el viaje'). */
  startOnArrival?: boolean;
  /** The chapter that link came from, checked by the server as one of the reader's saved chapters. */
  returnTo?: { path: string; title: string } | null;
};

/**
 * A copy saved this recently is what the reader just asked for: arriving again by the same
 * address (a reload, the back button) shows it rather than saving it all over again.
 */
const FRESH_COPY_MS = 60 * 1000;

/** Takes `?guardar=1` out of the address, so that reloading the page does not ask again. */
function forgetStartRequest() {
  const url = new URL(window.location.href);
  url.searchParams.delete(TRIP_START_PARAM);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

type PanelState = "idle" | "busy" | "refreshing" | "failed" | "unsupported" | "cleared";

/** What the panel says under its buttons: what it is doing, else what is saved. */
function statusText(state: PanelState, saved: TripOffer["saved"]): string {
  if (state === "busy") return TRAVEL_MESSAGES.saving;
  if (state === "refreshing") return TRAVEL_MESSAGES.refreshing;
  if (state === "failed") return TRAVEL_MESSAGES.failed;
  if (state === "unsupported") return TRAVEL_MESSAGES.unsupported;
  if (state === "cleared") return TRAVEL_MESSAGES.cleared;
  return saved ? TRAVEL_MESSAGES.saved(saved.savedAt, saved.chapters, saved.bytes) : "";
}

/**
 * What the panel does by itself on a visit with signal: save on arrival when the address asks
 * (a chapter page's link), else save again a copy the server says is behind (decision 082).
 */
function useSaveOnArrival(
  offer: TripOffer,
  save: (trip: typeof import("../save-for-trip.client.ts")) => Promise<void>,
  setState: (state: PanelState) => void,
  setSaved: (saved: TripOffer["saved"]) => void,
) {
  // Whether the request to save on arrival was answered in this visit: a new offer (the page's
  // data loaded again) must not start another save.
  const arrivalAnswered = useRef(false);
  useEffect(() => {
    // Without signal the page came from the copy itself: nothing to save, nothing to refresh.
    if (!navigator.onLine) return;
    if (offer.startOnArrival && !arrivalAnswered.current) {
      arrivalAnswered.current = true;
      forgetStartRequest();
      const fresh = offer.saved !== null && Date.now() - offer.saved.savedAt < FRESH_COPY_MS;
      if (fresh) return;
      // Said at once: the saving code is still to load.
      setState("busy");
      void import("../save-for-trip.client.ts").then(save, () => setState("failed"));
      return;
    }
    if (!offer.behind) return;
    // The whole copy is saved again: every saved page, not only those the reader opened. The
    // same run as any other page's whose copy is behind (the server names it there): one a visit.
    setState("refreshing");
    void import("../refresh-trip.client.ts")
      .then((trip) => trip.refreshTrip())
      .then((again) => again && setSaved(again))
      // The older copy stays as it was; the reader can save again by hand.
      .finally(() => setState("idle"));
  }, [offer, save, setState, setSaved]);
}

/** 'Guardar para el viaje', and 'Borrar lo guardado' once something is saved; neither while working. */
function TripButtons({
  working,
  saved,
  run,
}: {
  working: boolean;
  saved: boolean;
  run: (work: "save" | "clear") => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <button type="button" className="btn btn-warning" disabled={working} onClick={() => run("save")}>
        {TRAVEL_MESSAGES.save}
      </button>
      {saved && (
        <button type="button" className="btn btn-outline-secondary" disabled={working} onClick={() => run("clear")}>
          {TRAVEL_MESSAGES.clear}
        </button>
      )}
    </div>
  );
}

/**
 * 'Guardar para el viaje' on /pasaporte. Server-rendered: the offer, its size and what is saved
 * need no script; the saving code loads on the first click (no first-load JavaScript).
 */
export function TripPanel({
  offer,
  loadReadAloud,
  loadOffline,
}: {
  offer: TripOffer;
  loadReadAloud?: LoadOnDemand;
  loadOffline?: LoadOnDemand;
}) {
  const [saved, setSaved] = useState(offer.saved);
  const [state, setState] = useState<PanelState>("idle");
  // Whether the browser promised to keep the copy when the phone runs short of space (null: unknown).
  const [persistent, setPersistent] = useState<boolean | null>(null);
  const checkPersistent = () =>
    navigator.storage
      ?.persisted?.()
      .then(setPersistent)
      .catch(() => {});
  const save = useCallback(
    async (trip: typeof import("../save-for-trip.client.ts")) => {
      setState("busy");
      try {
        setSaved(await trip.saveForTrip(offer, loadReadAloud, loadOffline));
        setState("idle");
        void checkPersistent();
      } catch (error) {
        setState(error instanceof Error && error.message === "unsupported" ? "unsupported" : "failed");
      }
    },
    [offer, loadReadAloud, loadOffline],
  );
  useEffect(() => {
    if (offer.saved) void checkPersistent();
  }, [offer]);
  useSaveOnArrival(offer, save, setState, setSaved);
  const run = async (work: "save" | "clear"): Promise<void> => {
    setState("busy");
    try {
      const trip = await import("../save-for-trip.client.ts");
      if (work === "save") return await save(trip);
      await trip.clearTrip();
      setSaved(null);
      setState("cleared");
    } catch {
      setState("failed");
    }
  };
  const status = statusText(state, saved);
  return (
    <section className="card card-body shadow-sm mb-4 trip-panel" aria-labelledby={TRIP_PANEL_ANCHOR}>
      <h2 id={TRIP_PANEL_ANCHOR} className="h4">
        {TRAVEL_MESSAGES.heading}
      </h2>
      <p>{TRAVEL_MESSAGES.offer(offer.chapterPaths.length, offer.estimateBytes)}</p>
      <TripButtons working={state === "busy" || state === "refreshing"} saved={saved !== null} run={run} />
      <p role="status" className="mt-2 mb-0" data-testid="viaje-estado">
        {status}
      </p>
      {/* Back to the chapter the reader saved from, once saved (or if it could not be). */}
      {offer.returnTo && (state === "idle" ? saved : state === "failed" || state === "unsupported") && (
        <p className="mt-2 mb-0">
          <Link to={offer.returnTo.path} className="btn btn-outline-primary">
            {TRAVEL_MESSAGES.backToChapter(offer.returnTo.title)}
          </Link>
        </p>
      )}
      {saved && persistent !== null && state !== "cleared" && (
        <p className="small mt-2 mb-0" data-testid="viaje-persistente">
          {persistent ? TRAVEL_MESSAGES.persistent : TRAVEL_MESSAGES.notPersistent}
        </p>
      )}
      <p className="small text-muted mt-2 mb-0">{TRAVEL_MESSAGES.iphone}</p>
    </section>
  );
}

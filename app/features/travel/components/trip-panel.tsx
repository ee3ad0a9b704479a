import { useEffect, useState } from "react";
import type { TravelCookie } from "../../../lib/travel-copy.ts";
import type { LoadOnDemand, TripPlan } from "../save-for-trip.client.ts";
import { TRAVEL_MESSAGES } from "../travel-messages.ts";

export type TripOffer = TripPlan & {
  /** What saving will take, told before saving (decision 075: measured per page). */
  estimateBytes: number;
  /** What this reader saved on this device, as its cookie says (null: nothing). */
  saved: Omit<TravelCookie, "owner"> | null;
};

/**
 * 'Guardar para el viaje' on /pasaporte. Server-rendered: the offer, its size and what is saved
 * need no script; the saving code loads on the first click (no first-load JavaScript).
 */
export function TripPanel({ offer, loadReadAloud }: { offer: TripOffer; loadReadAloud?: LoadOnDemand }) {
  const [saved, setSaved] = useState(offer.saved);
  const [state, setState] = useState<"idle" | "busy" | "refreshing" | "failed" | "unsupported" | "cleared">("idle");
  // Whether the browser promised to keep the copy when the phone runs short of space (null: unknown).
  const [persistent, setPersistent] = useState<boolean | null>(null);
  const checkPersistent = () =>
    navigator.storage
      ?.persisted?.()
      .then(setPersistent)
      .catch(() => {});
  useEffect(() => {
    if (!offer.saved) return;
    void checkPersistent();
    // The whole copy is saved again on a visit with signal once it is old: every saved page,
    // not only those the reader opened. Only this reader's (the server gave `saved` only then).
    if (!navigator.onLine) return;
    void import("../save-for-trip.client.ts").then(async (trip) => {
      if (Date.now() - offer.saved!.savedAt < trip.TRIP_REFRESH_AFTER_MS) return;
      setState("refreshing");
      try {
        setSaved(await trip.saveForTrip(offer, loadReadAloud));
      } catch {
        // The older copy stays as it was; the reader can save again by hand.
      }
      setState("idle");
    });
  }, [offer, loadReadAloud]);
  const run = async (work: "save" | "clear") => {
    setState("busy");
    try {
      const trip = await import("../save-for-trip.client.ts");
      if (work === "clear") {
        await trip.clearTrip();
        setSaved(null);
        setState("cleared");
      } else {
        setSaved(await trip.saveForTrip(offer, loadReadAloud));
        setState("idle");
        void checkPersistent();
      }
    } catch (error) {
      setState(error instanceof Error && error.message === "unsupported" ? "unsupported" : "failed");
    }
  };
  const status =
    state === "busy"
      ? TRAVEL_MESSAGES.saving
      : state === "refreshing"
        ? TRAVEL_MESSAGES.refreshing
        : state === "failed"
          ? TRAVEL_MESSAGES.failed
          : state === "unsupported"
            ? TRAVEL_MESSAGES.unsupported
            : state === "cleared"
              ? TRAVEL_MESSAGES.cleared
              : saved
                ? TRAVEL_MESSAGES.saved(saved.savedAt, saved.chapters, saved.bytes)
                : "";
  return (
    <section className="card card-body shadow-sm mb-4 trip-panel" aria-labelledby="pasaporte-viaje">
      <h2 id="pasaporte-viaje" className="h4">
        {TRAVEL_MESSAGES.heading}
      </h2>
      <p>{TRAVEL_MESSAGES.offer(offer.chapterPaths.length, offer.estimateBytes)}</p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-warning"
          disabled={state === "busy" || state === "refreshing"}
          onClick={() => run("save")}
        >
          {TRAVEL_MESSAGES.save}
        </button>
        {saved && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={state === "busy" || state === "refreshing"}
            onClick={() => run("clear")}
          >
            {TRAVEL_MESSAGES.clear}
          </button>
        )}
      </div>
      <p role="status" className="mt-2 mb-0" data-testid="viaje-estado">
        {status}
      </p>
      {saved && persistent !== null && state !== "cleared" && (
        <p className="small mt-2 mb-0" data-testid="viaje-persistente">
          {persistent ? TRAVEL_MESSAGES.persistent : TRAVEL_MESSAGES.notPersistent}
        </p>
      )}
      <p className="small text-muted mt-2 mb-0">{TRAVEL_MESSAGES.iphone}</p>
    </section>
  );
}

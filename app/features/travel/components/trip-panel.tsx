import { useState } from "react";
import type { TravelCookie } from "../../../lib/travel-copy.ts";
import type { TripPlan } from "../save-for-trip.client.ts";
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
export function TripPanel({ offer }: { offer: TripOffer }) {
  const [saved, setSaved] = useState(offer.saved);
  const [state, setState] = useState<"idle" | "busy" | "failed" | "unsupported" | "cleared">("idle");
  const run = async (work: "save" | "clear") => {
    setState("busy");
    try {
      const trip = await import("../save-for-trip.client.ts");
      if (work === "clear") {
        await trip.clearTrip();
        setSaved(null);
        setState("cleared");
      } else {
        setSaved(await trip.saveForTrip(offer));
        setState("idle");
      }
    } catch (error) {
      setState(error instanceof Error && error.message === "unsupported" ? "unsupported" : "failed");
    }
  };
  const status =
    state === "busy"
      ? TRAVEL_MESSAGES.saving
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
        <button type="button" className="btn btn-warning" disabled={state === "busy"} onClick={() => run("save")}>
          {TRAVEL_MESSAGES.save}
        </button>
        {saved && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={state === "busy"}
            onClick={() => run("clear")}
          >
            {TRAVEL_MESSAGES.clear}
          </button>
        )}
      </div>
      <p role="status" className="mt-2 mb-0" data-testid="viaje-estado">
        {status}
      </p>
      <p className="small text-muted mt-2 mb-0">{TRAVEL_MESSAGES.iphone}</p>
    </section>
  );
}

import type { NarrationFiles } from "../read-aloud.ts";

/**
 * 'Léemelo' (issue 42): the reading module and the narration load when it is pressed, never
 * with the page (decision 074).
 */
export function ReadAloudButton({ narration }: { narration: NarrationFiles }) {
  return (
    <p>
      <button
        type="button"
        className="btn btn-primary me-2"
        // The recording starts loading with the press, beside the module, not one round trip
        // after it (the first sound came 0.45 s later on a slow phone's link: decision 078).
        onClick={({ currentTarget }) => {
          const recording = fetch(narration.audio);
          import("../read-aloud.ts").then((module) => module.readAloud(currentTarget, narration, recording));
        }}
      >
        Léemelo
      </button>
      <small>{narration.label}</small>
    </p>
  );
}

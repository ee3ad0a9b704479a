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
        onClick={({ currentTarget }) =>
          import("../read-aloud.ts").then((module) => module.readAloud(currentTarget, narration))
        }
      >
        Léemelo
      </button>
      <small>{narration.label}</small>
    </p>
  );
}

import { Link } from "react-router";
import type { ChapterNextStep } from "../chapter-next-step.ts";

/**
 * Ends a chapter page: the next code to look for in the book, or the journey's end. Every word
 * comes from the loader, so the page's JavaScript barely grows (JS budget, scripts/budget.ts).
 */
export function ChapterNextStepNote({ step }: { step: ChapterNextStep }) {
  return (
    <aside className="chapter-next-step" aria-label={step.heading}>
      <h2>{step.heading}</h2>
      <p>
        {step.text} {step.link && <Link to={step.link.to}>{step.link.label}</Link>}
      </p>
    </aside>
  );
}

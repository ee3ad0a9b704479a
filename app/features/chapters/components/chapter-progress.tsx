import { Link } from "react-router";
import type { ChapterProgress } from "../chapters.server.ts";

/** The same count as the passport's, so a reader sees one number in both places. */
export const chapterProgressText = (progress: ChapterProgress) => `${progress.found} de ${progress.total} capítulos`;

export function ChapterProgressLine({ progress }: { progress: ChapterProgress }) {
  return (
    <p className="lead" data-testid="capitulos-progreso">
      Has encontrado {chapterProgressText(progress)}. <Link to="/pasaporte">Ver tu pasaporte</Link>
    </p>
  );
}

/** A chapter the reader has found by its code: read. */
export function ReadBadge() {
  return (
    <span className="badge bg-primary mb-2 ms-1 chapter-read-badge">
      <span aria-hidden="true">✓ </span>Leído
    </span>
  );
}

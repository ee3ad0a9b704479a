import { useEffect } from "react";
import { READING_MESSAGES as M } from "../reading-messages.ts";

/** The paragraph anchors of a chapter's text (reading-comfort.server.ts numbers them). */
export const paragraphAnchor = (paragraph: number) => `#parrafo-${paragraph}`;

/**
 * A signed-in reader's place in a chapter (issue 44 §3, decision 076): 'Seguir donde me quedé'
 * when they left it midway (a plain link to the paragraph, in the page's first HTML), and the
 * tracker that notes where they are, loaded only once the browser is idle or the reader scrolls,
 * so neither the page's first scripts nor its first moments pay for it.
 */
export function ReadingPlace({ chapterId, resumeAt }: { chapterId: string; resumeAt: number | null }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      removeEventListener("scroll", start);
      void import("../reading-position.client.ts").then((module) => {
        if (!cancelled) stop = module.trackReadingPosition(chapterId, resumeAt ?? 0);
      });
    };
    addEventListener("scroll", start, { passive: true, once: true });
    const idle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(start, { timeout: 4000 })
        : setTimeout(start, 2000);
    return () => {
      cancelled = true;
      removeEventListener("scroll", start);
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle as number);
      else clearTimeout(idle);
      stop?.();
    };
  }, [chapterId, resumeAt]);

  if (resumeAt === null) return null;
  return (
    <p className="reading-resume">
      <a href={paragraphAnchor(resumeAt)} className="btn btn-outline-primary">
        {M.resume}
      </a>
    </p>
  );
}

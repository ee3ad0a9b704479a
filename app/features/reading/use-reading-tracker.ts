import { useEffect } from "react";

/**
 * Notes a signed-in reader's place in a chapter (issue 44 §3, decision 076): the tracker loads
 * once the browser is idle or the reader scrolls, so neither the page's first scripts nor its
 * first moments pay for it. Nothing for a visitor (`chapterId` null).
 */
export function useReadingTracker(chapterId: string | null, resumeAt: number | null) {
  useEffect(() => {
    if (!chapterId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      removeEventListener("scroll", start);
      clearTimeout(idle);
      void import("./reading-position.client.ts").then((module) => {
        if (!cancelled && !stop) stop = module.trackReadingPosition(chapterId, resumeAt ?? 0);
      });
    };
    addEventListener("scroll", start, { passive: true, once: true });
    const idle = setTimeout(start, 2000);
    return () => {
      cancelled = true;
      removeEventListener("scroll", start);
      clearTimeout(idle);
      stop?.();
    };
  }, [chapterId, resumeAt]);
}

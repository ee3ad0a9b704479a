import { useEffect } from "react";

/**
 * A chapter page's idle work (chapter-idle.client.ts): notes a signed-in reader's place (issue 44
 * §3, decision 076; `chapterId` null for a visitor) and offers 'Léemelo' by the device's voice
 * where the chapter has no recording (decision 079). It loads once the browser is idle or the
 * reader scrolls, so neither the page's first scripts nor its first moments pay for it.
 */
export function useReadingTracker(chapterId: string | null, resumeAt: number | null) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      removeEventListener("scroll", start);
      clearTimeout(idle);
      void import("./chapter-idle.client.ts").then((module) => {
        if (!cancelled && !stop) stop = module.whenChapterIdle(chapterId, resumeAt ?? 0);
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

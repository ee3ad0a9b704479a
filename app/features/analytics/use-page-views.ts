import { useEffect } from "react";
import { useLocation } from "react-router";
import { keptPath } from "./kept-path.ts";

let lastReported: string | undefined;

/**
 * SPEC.md §2: every route change is one page view, with the title the new page has set
 * (effects run after the commit that rendered it), reported to our own /api/page-view. The
 * path keeps only the query keys the site uses (kept-path.ts); it is returned for Google's part.
 */
export function usePageViews(): string {
  const { pathname, search } = useLocation();
  const path = keptPath(pathname, search);
  useEffect(() => {
    // Once per route: a data revalidation changes no path, and a re-run of the effect
    // (React's development double run) reports nothing new.
    if (path === lastReported) return;
    lastReported = path;
    navigator.sendBeacon?.("/api/page-view", JSON.stringify({ path, title: document.title }));
  }, [path]);
  return path;
}

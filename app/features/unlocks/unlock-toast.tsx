import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { lazyInBrowser } from "../../ui/lazy-in-browser.ts";
import type { Celebration } from "./celebration.ts";
import { initialLedger, mustReport } from "./unlock-visits.ts";

// The pictures, words and animation are needed only when something unlocks: loaded then, so a
// first visit downloads none of it (scripts/budget.ts).
const UnlockCelebration = lazyInBrowser(() => import("./unlock-celebration.tsx").then((module) => module.default));

type Props = { userId: string | null; celebrationOnLoad: Celebration | null };

/**
 * A celebration and the page (pathname) it belongs to: null for one that goes on with the reader
 * (codes scanned before signing in, shown on whatever page came first).
 */
type Shown = { celebration: Celebration; page: string | null };

const shownOn = (celebration: Celebration, page: string): Shown => ({
  celebration,
  page: celebration.scannedBeforeSignIn ? null : page,
});

/**
 * Celebrates what a page view unlocked. A full page load was handled by the server (root
 * loader) for whoever was signed in then; every other view of a signed-in reader is reported
 * here — including the page the tab first opened, once a visitor signs in or up on it
 * (unlock-visits.ts).
 */
export function UnlockToast({ userId, celebrationOnLoad }: Props) {
  const location = useLocation();
  const page = location.pathname;
  const [shown, setShown] = useState(() => (celebrationOnLoad ? shownOn(celebrationOnLoad, page) : null));
  const path = location.pathname + location.search;
  const ledger = useRef(initialLedger(userId, path));

  // Moving on to another page ends its celebration, which would only cover the new page's
  // controls until its time ran out; coming back later does not bring it back.
  useEffect(() => {
    setShown((current) => (current?.page && current.page !== page ? null : current));
  }, [page]);

  useEffect(() => {
    if (!mustReport(ledger.current, userId, path)) return;
    let current = true;
    const reportedPage = page;
    // keepalive: the unlock still lands if the reader moves on at once.
    fetch("/api/unlocks", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path }),
      keepalive: true,
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ celebration: Celebration | null }>) : null))
      .then((result) => {
        if (current && result?.celebration) setShown(shownOn(result.celebration, reportedPage));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [userId, path, page]);

  // The region is always in the page, so screen readers announce what appears in it.
  return (
    <div className="unlock-toast-region" aria-live="polite">
      {shown && (shown.page === null || shown.page === page) && (
        <Suspense fallback={null}>
          <UnlockCelebration celebration={shown.celebration} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </div>
  );
}

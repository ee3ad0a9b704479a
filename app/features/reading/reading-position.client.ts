/**
 * Notes where a signed-in reader is in a chapter and tells the server when they leave (issue 44
 * §3, decision 076). Loaded on demand by useReadingTracker (use-reading-tracker.ts). The position is the first paragraph still
 * on screen from the top; it is sent with sendBeacon when the page is hidden or left, or the
 * reader goes to another page of the site, and only when it changed: a handful of small
 * requests per chapter read, which the server also limits.
 */
const ENDPOINT = "/api/lectura";
const PREFIX = "parrafo-";

function paragraphAtTop(): number | null {
  // Below the sticky navbar, if any: a paragraph hidden under it is already read.
  const top = document.querySelector(".site-navbar")?.getBoundingClientRect().bottom ?? 0;
  for (const paragraph of document.querySelectorAll<HTMLElement>(`.chapter-body p[id^="${PREFIX}"]`)) {
    if (paragraph.getBoundingClientRect().bottom > Math.max(top, 0) + 1)
      return Number(paragraph.id.slice(PREFIX.length));
  }
  return null;
}

export function trackReadingPosition(chapterId: string, openedAt: number): () => void {
  let sent = openedAt;
  let latest = paragraphAtTop() ?? openedAt;
  let frame = 0;
  const note = () => {
    frame = 0;
    latest = paragraphAtTop() ?? latest;
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(note);
  };
  const send = () => {
    if (latest === sent) return;
    sent = latest;
    navigator.sendBeacon(
      ENDPOINT,
      new URLSearchParams({ que: "posicion", capitulo: chapterId, parrafo: String(latest) }),
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === "hidden") send();
  };
  addEventListener("scroll", onScroll, { passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  addEventListener("pagehide", send);
  return () => {
    if (frame) cancelAnimationFrame(frame);
    removeEventListener("scroll", onScroll);
    document.removeEventListener("visibilitychange", onVisibility);
    removeEventListener("pagehide", send);
    send();
  };
}

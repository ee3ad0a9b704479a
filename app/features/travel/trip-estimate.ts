/**
 * What saving will take, told before saving (issue 43). Measured on the demo content with the
 * end-to-end test's saved copy (decision 075): the site's scripts, stylesheet and fonts once
 * (196 KB less since the browser runs Preact, decision 083), then each saved page (document, its
 * `.data` and its pictures; 136–139 KB a chapter with the glossary's cards, decision 077).
 */
export const SITE_FILES_BYTES = 224 * 1024;
export const PAGE_BYTES = 140 * 1024;

/**
 * Chapters plus the passport and the characters page, and the narrations of those chapters that
 * have one, counted exactly by the server (the largest part of a narrated chapter).
 */
export const estimateTripBytes = (chapters: number, narrationBytes = 0) =>
  SITE_FILES_BYTES + PAGE_BYTES * (chapters + 2) + narrationBytes;

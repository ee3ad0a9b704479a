/**
 * What saving will take, told before saving (issue 43). Measured on the demo content with the
 * end-to-end test's saved copy (decision 075): the site's scripts, stylesheet and fonts once,
 * then each saved page (document, its `.data` and its pictures).
 */
export const SITE_FILES_BYTES = 420 * 1024;
export const PAGE_BYTES = 120 * 1024;

/** Chapters plus the passport and the characters page. */
export const estimateTripBytes = (chapters: number) => SITE_FILES_BYTES + PAGE_BYTES * (chapters + 2);

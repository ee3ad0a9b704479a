import { CHAPTER_PATHS } from "./chapter-paths.ts";

/** Every path that shows a chapter page: token paths, slug paths and the /section3 placeholder. */
export const CHAPTER_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/section3",
  ...CHAPTER_PATHS.flatMap((chapter) => [`/${chapter.token}`, ...(chapter.slugRoute ? [`/${chapter.slug}`] : [])]),
]);

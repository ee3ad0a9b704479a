/** Every chapter's public address: its slug. Links never carry the printed token path. */
export { chapterSlugPath } from "../../lib/public-paths.ts";

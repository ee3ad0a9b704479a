import sanitizeHtml from "sanitize-html";
import type { Db } from "../../lib/db.server.ts";
import type { Selectable } from "kysely";
import type { ChapterImage, ChapterLayout, ChapterTable } from "../../lib/db-schema.ts";
import { canonicalPath } from "../../lib/site-paths.ts";

export { CHAPTERS_TOPIC } from "./chapter-topics.ts";
import { chapterSlugPath } from "./chapter-links.ts";
export { chapterSlugPath };

export type ChapterPage = {
  id: string;
  number: number | null;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  /** Sanitised once, when saved (or seeded): safe to render as HTML. */
  contentHtml: string;
  requiredUrl: string;
  layout: ChapterLayout;
  requiresSignIn: boolean;
  slugRoute: boolean;
  decorativeImage: string;
  numberImage: string;
  images: ChapterImage[];
  background: string;
  commentPrompt: string;
  /** Cache-busting version for images: the content's last change, so images still cache. */
  version: number;
};

/** Authors write chapter bodies as HTML; only these tags ever reach a reader's browser. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "em", "strong", "i", "b", "h2", "h3", "blockquote", "ul", "ol", "li", "a", "span"],
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }),
  },
};

export const sanitizeChapterHtml = (html: string) => sanitizeHtml(html, SANITIZE_OPTIONS);

type ChapterRow = Selectable<ChapterTable>;

function toPage(row: ChapterRow): ChapterPage {
  return {
    id: row.id,
    number: row.number,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    contentHtml: row.content,
    requiredUrl: row.required_url,
    layout: row.layout,
    requiresSignIn: row.requires_sign_in,
    slugRoute: row.slug_route,
    decorativeImage: row.decorative_image,
    numberImage: row.number_image,
    images: row.images,
    background: row.background,
    commentPrompt: row.comment_prompt,
    version: row.updated_at.getTime(),
  };
}

/**
 * The chapter a path names: its printed token path (requiredUrl) or its public slug path.
 * Looked up at request time, so the route table never lists token paths (issue 13).
 */
export async function findChapterByPath(
  db: Db,
  pathname: string,
): Promise<{ chapter: ChapterPage; viaToken: boolean } | null> {
  const path = canonicalPath(pathname);
  const rows = await db
    .selectFrom("chapters")
    .selectAll()
    .where((eb) => eb.or([eb("required_url", "=", path), eb("slug", "=", path.slice(1))]))
    .execute();
  // A token path wins should an author ever give a slug that equals another chapter's token.
  const row = rows.find((candidate) => candidate.required_url === path) ?? rows[0];
  if (!row) return null;
  return { chapter: toPage(row), viaToken: row.required_url === path };
}

/** The chapter with this public slug (never looked up by its token path). */
export async function findChapterBySlug(db: Db, slug: string): Promise<ChapterPage | null> {
  const row = await db.selectFrom("chapters").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toPage(row) : null;
}

/**
 * Whether a slug path opens this chapter for this reader (DESIGN.md, "the book as key"): with
 * forced unlock, always; otherwise chapter 1, a chapter the reader has unlocked, or the special
 * chapter while its card is offered to them (SPEC.md §4). A slug visit itself unlocks nothing.
 */
export async function slugOpensFor(
  db: Db,
  chapter: Pick<ChapterPage, "id" | "number" | "layout">,
  options: { userId: string | null; forceUnlocked: boolean },
): Promise<boolean> {
  if (options.forceUnlocked || chapter.number === 1) return true;
  if (!options.userId) return false;
  if (await hasUnlockedChapter(db, options.userId, chapter.id)) return true;
  if (chapter.layout !== "special") return false;
  const [unlocked, total] = await Promise.all([
    db
      .selectFrom("unlocked_chapters")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", options.userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("chapters")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return showSpecialChapterCard(Number(unlocked.count), Number(total.count));
}

/** The special chapter's public path, for the home page's and the list's special links. */
export async function specialChapterPath(db: Db): Promise<string | null> {
  const row = await db.selectFrom("chapters").select("slug").where("layout", "=", "special").executeTakeFirst();
  return row ? chapterSlugPath(row) : null;
}

export type ChapterCard = {
  id: string;
  number: number | null;
  slug: string;
  title: string;
  /**
   * The full summary (description) once the chapter is open to this reader; before that only its
   * spoiler-free teaser, so the summary never leaves the server for a locked chapter.
   */
  summary: string;
  path: string;
  requiredUrlText: string;
  free: boolean;
  unlocked: boolean;
  /** The reader scanned its code (a row in unlocked_chapters): 'read', whatever forceUnlocked says. */
  found: boolean;
};

/** How many of the listed chapters a reader has found (issue 12: /capitulos and /pasaporte). */
export type ChapterProgress = { found: number; total: number };

/**
 * The /capitulos list: in order, hidden chapters left out, chapter 1 always free. With
 * `forceUnlocked` (SPEC.md §4, the default) every card is unlocked.
 */
export async function listChapterCards(
  db: Db,
  options: { userId: string | null; forceUnlocked: boolean },
): Promise<{
  cards: ChapterCard[];
  unlockedCount: number;
  total: number;
  specialPath: string | null;
  /** Null for a visitor. */
  progress: ChapterProgress | null;
}> {
  const rows = await db.selectFrom("chapters").selectAll().orderBy("sort_order").orderBy("id").execute();
  const unlocked = options.userId
    ? new Set(
        (
          await db.selectFrom("unlocked_chapters").select("chapter_id").where("user_id", "=", options.userId).execute()
        ).map((row) => row.chapter_id),
      )
    : new Set<string>();
  const visible = rows.filter((row) => !row.hidden);
  const cards = visible.map((row) => {
    const free = row.number === 1;
    // Open for reading (forced, free or found) is what shows the summary: the same rule that
    // lets the card link to the chapter. Collecting is another matter (decision 017).
    const open = options.forceUnlocked || free || unlocked.has(row.id);
    return {
      id: row.id,
      number: row.number,
      slug: row.slug,
      title: row.title,
      summary: open ? row.description : row.teaser,
      path: chapterSlugPath(row),
      requiredUrlText: row.required_url_text,
      free,
      unlocked: open,
      found: unlocked.has(row.id),
    };
  });
  const special = rows.find((row) => row.layout === "special");
  return {
    cards,
    unlockedCount: unlocked.size,
    total: rows.length,
    specialPath: special ? chapterSlugPath(special) : null,
    // Counted over the listed cards, so 'n de N' never counts a chapter the list does not show.
    progress: options.userId ? { found: cards.filter((card) => card.found).length, total: cards.length } : null,
  };
}

/** SPEC.md §4: the special card shows only when the reader has exactly 2 unlocked chapters and chapters exist. */
export function showSpecialChapterCard(unlockedCount: number, chapterCount: number): boolean {
  return chapterCount > 0 && unlockedCount === 2;
}

export async function hasUnlockedChapter(db: Db, userId: string, chapterId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom("unlocked_chapters")
      .select("chapter_id")
      .where("user_id", "=", userId)
      .where("chapter_id", "=", chapterId)
      .executeTakeFirst(),
  );
}

/**
 * Whether this chapter is one the reader found (scanned its code) and the chapter list shows: the
 * chapters the passport counts as found, which are the ones the trip's copy keeps (decision 075).
 */
export async function isFoundListedChapter(db: Db, userId: string, chapterId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom("unlocked_chapters")
      .innerJoin("chapters", "chapters.id", "unlocked_chapters.chapter_id")
      .select("unlocked_chapters.chapter_id")
      .where("unlocked_chapters.user_id", "=", userId)
      .where("unlocked_chapters.chapter_id", "=", chapterId)
      .where("chapters.hidden", "=", false)
      .executeTakeFirst(),
  );
}

/**
 * The chapter after this one by number, with the hint that says where its printed code is. Its
 * token path is for the server only (to ask which characters the same code unlocks): a route
 * must never send it to the browser.
 */
export async function nextChapterAfter(
  db: Db,
  chapter: Pick<ChapterPage, "number">,
): Promise<{ number: number; title: string; hint: string; tokenPath: string } | null> {
  if (chapter.number === null) return null;
  const row = await db
    .selectFrom("chapters")
    .select(["number", "title", "required_url_text", "required_url"])
    .where("number", ">", chapter.number)
    .orderBy("number")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.number === null) return null;
  return { number: row.number, title: row.title, hint: row.required_url_text, tokenPath: row.required_url };
}

/** A chapter as the authoring pages point at it: its name and the paths that open it. */
export type ChapterAddress = { number: number | null; title: string; requiredUrl: string; slugPath: string };

/** Every chapter, in the book's order, with its printed token path and its slug path. */
export async function listChapterAddresses(db: Db): Promise<ChapterAddress[]> {
  const rows = await db
    .selectFrom("chapters")
    .select(["number", "title", "required_url", "slug"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    number: row.number,
    title: row.title,
    requiredUrl: row.required_url,
    slugPath: chapterSlugPath(row),
  }));
}

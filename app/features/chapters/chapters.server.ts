import sanitizeHtml from "sanitize-html";
import type { Db } from "../../lib/db.server.ts";
import type { Selectable } from "kysely";
import type { ChapterImage, ChapterLayout, ChapterTable } from "../../lib/db-schema.ts";

export { CHAPTERS_TOPIC } from "./chapter-topics.ts";

export type ChapterPage = {
  id: string;
  number: number | null;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  /** Sanitised on the server: safe to render as HTML. */
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
    contentHtml: sanitizeChapterHtml(row.content),
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

/** The chapter a path opens: its token path, or its slug for first-layout chapters. */
export async function findChapterByPath(
  db: Db,
  pathname: string,
): Promise<{ chapter: ChapterPage; viaToken: boolean } | null> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const row = await db
    .selectFrom("chapters")
    .selectAll()
    .where((eb) =>
      eb.or([eb("required_url", "=", path), eb.and([eb("slug_route", "=", true), eb("slug", "=", path.slice(1))])]),
    )
    .executeTakeFirst();
  if (!row) return null;
  return { chapter: toPage(row), viaToken: row.required_url === path };
}

export type ChapterCard = {
  id: string;
  number: number | null;
  slug: string;
  title: string;
  description: string;
  path: string;
  requiredUrlText: string;
  free: boolean;
  unlocked: boolean;
};

/**
 * The /capitulos list: in order, hidden chapters left out, chapter 1 always free. With
 * `forceUnlocked` (SPEC.md §4, the default) every card is unlocked.
 */
export async function listChapterCards(
  db: Db,
  options: { userId: string | null; forceUnlocked: boolean },
): Promise<{ cards: ChapterCard[]; unlockedCount: number; total: number }> {
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
    return {
      id: row.id,
      number: row.number,
      slug: row.slug,
      title: row.title,
      description: row.description,
      path: row.slug_route ? `/${row.slug}` : row.required_url,
      requiredUrlText: row.required_url_text,
      free,
      unlocked: options.forceUnlocked || free || unlocked.has(row.id),
    };
  });
  return { cards, unlockedCount: unlocked.size, total: rows.length };
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

import { randomBytes, randomUUID } from "node:crypto";
import { marked } from "marked";
import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import type { ChapterImage, ChapterLayout } from "../../lib/db-schema.ts";
import { CHAPTERS_TOPIC } from "./chapter-topics.ts";
import { sanitizeChapterHtml } from "./chapters.server.ts";
import { CHAPTER_FIELD_MESSAGES, type ChapterFieldErrors, type ChapterInput } from "./chapter.schema.ts";

/**
 * Markdown to the HTML readers get: converted by `marked`, then through the chapter sanitiser.
 * Run when an author saves (and for the editor's preview), never on a reader's request.
 */
export function renderChapterMarkdown(markdown: string): string {
  return sanitizeChapterHtml(marked.parse(markdown, { async: false, gfm: true }));
}

/** A token path nobody can guess, for a new chapter's printed code. */
export const proposeTokenPath = () => `/${randomBytes(6).toString("hex")}`;

export type EditorChapterRow = {
  id: string;
  number: number | null;
  title: string;
  slug: string;
  layout: ChapterLayout;
  hidden: boolean;
  requiredUrl: string;
};

export async function listEditorChapters(db: Db): Promise<EditorChapterRow[]> {
  return db
    .selectFrom("chapters")
    .select(["id", "number", "title", "slug", "layout", "hidden", "required_url as requiredUrl"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

export type EditorChapter = {
  id: string;
  title: string;
  subtitle: string;
  number: string;
  slug: string;
  layout: string;
  requiredUrlText: string;
  requiredUrl: string;
  commentPrompt: string;
  description: string;
  teaser: string;
  markdown: string;
  images: ChapterImage[];
};

export async function getEditorChapter(db: Db, id: string): Promise<EditorChapter | null> {
  const row = await db.selectFrom("chapters").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    number: row.number === null ? "" : String(row.number),
    slug: row.slug,
    layout: row.layout,
    requiredUrlText: row.required_url_text,
    requiredUrl: row.required_url,
    commentPrompt: row.comment_prompt,
    description: row.description,
    teaser: row.teaser,
    // Chapters written before the editor have HTML only: the author starts from that HTML,
    // which Markdown passes through (and the sanitiser cleans) unchanged.
    markdown: row.content_markdown || row.content,
    images: row.images,
  };
}

export type SaveChapterResult = { ok: true; id: string } | { ok: false; status: number; errors: ChapterFieldErrors };

/** Slugs and token paths are unique across both columns: a slug path must never be another chapter's token. */
async function conflicts(db: Db, id: string | null, input: ChapterInput): Promise<ChapterFieldErrors> {
  const slugPath = `/${input.slug}`;
  const others = await db
    .selectFrom("chapters")
    .select(["id", "slug", "required_url"])
    .where((eb) =>
      eb.or([
        eb("slug", "=", input.slug),
        eb("required_url", "=", slugPath),
        eb("required_url", "=", input.requiredUrl),
        eb("slug", "=", input.requiredUrl.slice(1)),
      ]),
    )
    .execute();
  const errors: ChapterFieldErrors = {};
  for (const other of others.filter((row) => row.id !== id)) {
    if (other.slug === input.slug || other.required_url === slugPath) errors.slug = CHAPTER_FIELD_MESSAGES.slugTaken;
    if (other.required_url === input.requiredUrl || other.slug === input.requiredUrl.slice(1))
      errors.requiredUrl = CHAPTER_FIELD_MESSAGES.tokenTaken;
  }
  if (`/${input.slug}` === input.requiredUrl) errors.requiredUrl = CHAPTER_FIELD_MESSAGES.tokenTaken;
  return errors;
}

/**
 * Creates (id null) or updates a chapter. The Markdown is converted and sanitised here, once;
 * open pages hear of it through the chapters topic.
 */
export async function saveChapter(
  db: Db,
  publish: Publish,
  id: string | null,
  input: ChapterInput,
): Promise<SaveChapterResult> {
  const errors = await conflicts(db, id, input);
  if (Object.keys(errors).length) return { ok: false, status: 409, errors };
  const columns = {
    title: input.title,
    subtitle: input.subtitle,
    number: input.number,
    slug: input.slug,
    layout: input.layout,
    slug_route: input.layout === "first",
    required_url_text: input.requiredUrlText,
    required_url: input.requiredUrl,
    comment_prompt: input.commentPrompt,
    description: input.description,
    teaser: input.teaser,
    content_markdown: input.markdown,
    content: renderChapterMarkdown(input.markdown),
    images: JSON.stringify(input.images),
    updated_at: new Date(),
  };
  try {
    return await db.transaction().execute(async (trx) => {
      let savedId = id;
      if (id === null) {
        const last = await trx
          .selectFrom("chapters")
          .select((eb) => eb.fn.max("sort_order").as("max"))
          .executeTakeFirst();
        savedId = randomUUID();
        await trx
          .insertInto("chapters")
          .values({
            ...columns,
            id: savedId,
            sort_order: Number(last?.max ?? 0) + 1,
            // Chapter 1 is the free one (SPEC.md §4); every other chapter is for members.
            requires_sign_in: input.number !== 1,
          })
          .execute();
      } else {
        const before = await trx.selectFrom("chapters").select("slug").where("id", "=", id).executeTakeFirst();
        if (!before) return { ok: false as const, status: 404, errors: {} };
        await trx.updateTable("chapters").set(columns).where("id", "=", id).execute();
        // Comments belong to the chapter's slug (SPEC.md §3 sectionId): they follow a renamed slug.
        if (before.slug !== input.slug)
          await trx
            .updateTable("comments")
            .set({ section_id: input.slug })
            .where("section_id", "=", before.slug)
            .execute();
      }
      await publish(CHAPTERS_TOPIC, trx);
      return { ok: true as const, id: savedId! };
    });
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides.
    if ((error as { code?: string }).code === "23505")
      return { ok: false, status: 409, errors: { slug: CHAPTER_FIELD_MESSAGES.slugTaken } };
    throw error;
  }
}

/** Moves a chapter one place up or down the list (swaps its order with its neighbour's). */
export async function moveChapter(db: Db, publish: Publish, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("chapters")
      .select(["id", "sort_order"])
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    const index = rows.findIndex((row) => row.id === id);
    const other = rows[direction === "up" ? index - 1 : index + 1];
    if (index < 0 || !other) return false;
    const current = rows[index]!;
    // Equal orders would not move: give each its position first.
    if (current.sort_order === other.sort_order)
      await sql`update chapters set sort_order = sort_order * 2 + (case when id > ${current.id} then 1 else 0 end)`.execute(
        trx,
      );
    const fresh = await trx
      .selectFrom("chapters")
      .select(["id", "sort_order"])
      .where("id", "in", [current.id, other.id])
      .execute();
    const orderOf = new Map(fresh.map((row) => [row.id, row.sort_order]));
    await trx
      .updateTable("chapters")
      .set({ sort_order: orderOf.get(other.id)! })
      .where("id", "=", current.id)
      .execute();
    await trx
      .updateTable("chapters")
      .set({ sort_order: orderOf.get(current.id)! })
      .where("id", "=", other.id)
      .execute();
    await publish(CHAPTERS_TOPIC, trx);
    return true;
  });
}

export async function setChapterHidden(db: Db, publish: Publish, id: string, hidden: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("chapters")
      .set({ hidden, updated_at: new Date() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) return false;
    await publish(CHAPTERS_TOPIC, trx);
    return true;
  });
}

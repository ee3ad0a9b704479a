import type { Db } from "../../lib/db.server.ts";
import { glossaryCardsHtml } from "./components/glossary-cards.server.tsx";
import { glossaryWordsIn, markGlossaryWords } from "./glossary-marks.ts";
import type { GlossaryInput } from "./glossary.schema.ts";
import type { GlossaryEntry } from "./glossary-entry.ts";

/** Every word of the glossary, in alphabetical order as Spanish sorts it (accents aside). */
export async function listGlossary(db: Db): Promise<GlossaryEntry[]> {
  const rows = await db
    .selectFrom("glossary_words")
    .select(["id", "word", "forms", "meaning", "english", "image_url", "image_alt", "audio_url"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      word: row.word,
      forms: row.forms,
      meaning: row.meaning,
      english: row.english,
      imageUrl: row.image_url,
      imageAlt: row.image_alt,
      audioUrl: row.audio_url,
    }))
    .sort((a, b) => a.word.localeCompare(b.word, "es", { sensitivity: "base" }));
}

/**
 * A chapter's stored HTML with its glossary words marked at their first occurrence, and apart,
 * the cards those marks open, in reading order (decision 077), to follow the text. Apart, so
 * what numbers the text's paragraphs (decision 076) never counts the cards' or gives one of
 * them a second id.
 */
export async function chapterWithGlossary(db: Db, html: string): Promise<{ textHtml: string; cardsHtml: string }> {
  const entries = await listGlossary(db);
  const marked = markGlossaryWords(html, entries);
  const byId = new Map(entries.map(({ forms: _forms, ...card }) => [card.id, card]));
  return {
    textHtml: marked.html,
    cardsHtml: glossaryCardsHtml(marked.markedIds.flatMap((id) => byId.get(id) ?? [])),
  };
}

/**
 * The glossary words that occur in these chapters (by id), each once, alphabetical. The chapters'
 * stored HTML is read here, and only to find words: the page that shows the list never gets it.
 */
export async function glossaryWordsInChapters(db: Db, chapterIds: readonly string[]): Promise<GlossaryEntry[]> {
  if (chapterIds.length === 0) return [];
  const [entries, chapters] = await Promise.all([
    listGlossary(db),
    db
      .selectFrom("chapters")
      .select("content")
      .where("id", "in", [...chapterIds])
      .execute(),
  ]);
  const met = new Set(chapters.flatMap((chapter) => glossaryWordsIn(chapter.content, entries)));
  return entries.filter((entry) => met.has(entry.id));
}

const values = (input: GlossaryInput) => ({
  word: input.word,
  forms: input.forms,
  meaning: input.meaning,
  english: input.english,
  image_url: input.imageUrl,
  image_alt: input.imageUrl ? input.imageAlt : "",
  audio_url: input.audioUrl,
});

const formKey = (form: string) => form.toLocaleLowerCase("es");

/** Whether another entry (not `exceptId`) already has this word or one of these forms. */
async function clashes(db: Db, input: GlossaryInput, exceptId: string | null): Promise<boolean> {
  const mine = new Set([input.word, ...input.forms].map(formKey));
  const others = await db.selectFrom("glossary_words").select(["id", "word", "forms"]).execute();
  return others.some(
    (other) => other.id !== exceptId && [other.word, ...other.forms].some((form) => mine.has(formKey(form))),
  );
}

export type GlossaryWriteResult = { ok: true; id: string } | { ok: false; reason: "duplicate" | "not-found" };

/** Adds a word; refuses one whose word or forms another entry already has (nothing written). */
export async function addGlossaryWord(db: Db, input: GlossaryInput): Promise<GlossaryWriteResult> {
  if (await clashes(db, input, null)) return { ok: false, reason: "duplicate" };
  return uniqueWord(async () => {
    const row = await db.insertInto("glossary_words").values(values(input)).returning("id").executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  });
}

/** Two admins adding one word at once: the unique index refuses the second, told as a duplicate. */
async function uniqueWord(write: () => Promise<GlossaryWriteResult>): Promise<GlossaryWriteResult> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return { ok: false, reason: "duplicate" };
    throw error;
  }
}

export async function updateGlossaryWord(db: Db, id: string, input: GlossaryInput): Promise<GlossaryWriteResult> {
  if (await clashes(db, input, id)) return { ok: false, reason: "duplicate" };
  return uniqueWord(async () => {
    const result = await db
      .updateTable("glossary_words")
      .set({ ...values(input), updated_at: new Date() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? { ok: true, id } : { ok: false, reason: "not-found" };
  });
}

export async function deleteGlossaryWord(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("glossary_words").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

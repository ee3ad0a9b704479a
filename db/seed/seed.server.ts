import { CHAPTER_PATHS, tokenPathOf } from "./chapter-paths.ts";
import { sql } from "kysely";
import type { Db } from "../../app/lib/db.server.ts";
import { seedChapterTexts } from "./chapters.ts";
import { sanitizeChapterHtml } from "../../app/features/chapters/chapters.server.ts";
import { seedCharacters } from "./characters.ts";
import { seedEventStart, seedEvents } from "./events.ts";
import { seedGlossary } from "./glossary.ts";
import { seedGlossaryRecordings } from "./glossary-recordings.ts";
import { storeRecording } from "../../app/features/glossary/glossary-recordings.server.ts";
import { seedQrCodes } from "./qr-codes.ts";
import { seedNarrations } from "./narrations.ts";

const SEED_LOCK_KEY = 728364113;

/**
 * Fills an empty database with the demo content. Does nothing when any chapter exists, so an
 * author's edits are never overwritten. Returns whether it seeded. The demo events are dated
 * from `now`, the first start (db/seed/events.ts).
 */
export async function seedDemoContent(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several instances may start at once on one PostgreSQL: one seeds, the others see it done.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx.selectFrom("chapters").select("id").limit(1).executeTakeFirst();
    if (existing) return false;

    const texts = new Map(seedChapterTexts.map((text) => [text.id, text]));
    await trx
      .insertInto("chapters")
      .values(
        CHAPTER_PATHS.map((path, index) => {
          const text = texts.get(path.id);
          if (!text) throw new Error(`seed: no text for chapter ${path.id}`);
          return {
            id: path.id,
            sort_order: path.number ?? 100 + index,
            number: path.number,
            slug: path.slug,
            title: text.title,
            subtitle: text.subtitle,
            description: text.description,
            teaser: text.teaser,
            // Sanitised once here, like an author's save: pages render the stored HTML as it is.
            content: sanitizeChapterHtml(text.content),
            required_url: tokenPathOf(path),
            required_url_text: text.requiredUrlText,
            hidden: text.hidden,
            layout: path.layout,
            requires_sign_in: path.requiresSignIn,
            slug_route: path.slugRoute,
            decorative_image: text.decorativeImage,
            number_image: text.numberImage,
            images: JSON.stringify(text.images),
            background: text.background,
            comment_prompt: text.commentPrompt,
          };
        }),
      )
      .execute();

    if (seedCharacters.length)
      await trx
        .insertInto("characters")
        .values(
          seedCharacters.map((character) => ({
            id: character.id,
            name: character.name,
            subtitle: character.subtitle,
            description: character.description,
            image_url: character.imageUrl,
            position: character.position,
            sort_order: character.order,
            power: character.power,
            weakness: character.weakness,
            color: character.color,
            place: character.place,
            tags: character.tags,
            required_url: character.requiredUrl,
            required_url_text: character.requiredUrlText,
            style: character.style,
            created_by: "seed",
          })),
        )
        .execute();

    for (const narration of seedNarrations) {
      const timings = narration.timings();
      await trx
        .insertInto("chapter_narrations")
        .values({
          chapter_id: narration.chapterId,
          audio: narration.audio(),
          content_type: narration.contentType,
          duration_ms: (JSON.parse(timings) as { durationMs: number }).durationMs,
          timings,
          label: narration.label,
        })
        .execute();
    }

    await trx
      .insertInto("qr_codes")
      .values(seedQrCodes.map((qr) => ({ code: qr.code, redirect_to: qr.redirectTo, expires_at: qr.expiresAt })))
      .onConflict((conflict) => conflict.column("code").doNothing())
      .execute();

    await trx
      .insertInto("glossary_words")
      .values(
        seedGlossary.map((entry) => ({
          id: entry.id,
          word: entry.word,
          forms: entry.forms ?? [],
          meaning: entry.meaning,
          english: entry.english ?? "",
          image_url: entry.imageUrl ?? "",
          image_alt: entry.imageAlt ?? "",
        })),
      )
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
    for (const recording of seedGlossaryRecordings) {
      const stored = await storeRecording(trx, recording.audio(), { demo: true });
      if (!stored.ok) throw new Error(`seed: recording for ${recording.wordId}: ${stored.error}`);
      await trx
        .updateTable("glossary_words")
        .set({ audio_url: stored.url })
        .where("id", "=", recording.wordId)
        .execute();
    }

    // Migration 0010's rows, with fixed dates long past: dated again from this first start.
    for (const event of seedEvents)
      await trx
        .updateTable("events")
        .set({
          starts_at: seedEventStart(event, now),
          capacity: event.capacity,
          sold_out: event.soldOut,
          booking_url: event.bookingUrl,
          updated_at: now,
        })
        .where("id", "=", event.id)
        .execute();
    return true;
  });
}

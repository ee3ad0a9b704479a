import type { Db } from "../../lib/db.server.ts";
import { chapterSlugPath, characterCardPath } from "../../lib/public-paths.ts";
import { canonicalPath } from "../../lib/site-paths.ts";
import { versionedImageSrc } from "../../lib/versioned-image.ts";
import type { CelebratedCard, Celebration } from "./celebration.ts";

export type { CelebratedCard, Celebration } from "./celebration.ts";

/** The paths a visit counts as: the path, and the path with its query (e.g. /?book). */
export function unlockPathsFor(pathname: string, search: string): string[] {
  const path = canonicalPath(pathname);
  return search && search !== "?" ? [path, `${path}${search}`] : [path];
}

/**
 * Every path that unlocks something (a character's or a chapter's code): a page view at any
 * other path has nothing to unlock, and need not ask about the reader's own unlocks at all.
 */
export async function unlockingPaths(db: Db): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom("characters")
    .select("required_url")
    .where("required_url", "is not", null)
    .union(db.selectFrom("chapters").select("required_url"))
    .execute();
  return new Set(rows.map((row) => row.required_url).filter((path): path is string => Boolean(path)));
}

/** Whether a character or chapter unlocked by one of `paths` is not yet among the reader's. */
async function somethingNewToUnlock(db: Db, userId: string, paths: readonly string[]): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom("characters as c")
              .select("c.id")
              .where("c.required_url", "in", paths)
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom("unlocked_characters as u")
                      .select("u.character_id")
                      .whereRef("u.character_id", "=", "c.id")
                      .where("u.user_id", "=", userId),
                  ),
                ),
              ),
          ),
          eb.exists(
            eb
              .selectFrom("chapters as ch")
              .select("ch.id")
              .where("ch.required_url", "in", paths)
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom("unlocked_chapters as u")
                      .select("u.chapter_id")
                      .whereRef("u.chapter_id", "=", "ch.id")
                      .where("u.user_id", "=", userId),
                  ),
                ),
              ),
          ),
        ])
        .as("fresh"),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.fresh);
}

const NOTHING_NEW: Celebration = { cards: [], firstUnlock: false, completed: { characters: false, chapters: false } };

/** A chapter's picture: its decorative image, else its number, else its first illustration. */
function chapterPicture(row: { decorative_image: string; number_image: string; images: { src: string }[] }) {
  return row.decorative_image || row.number_image || row.images[0]?.src || "";
}

/**
 * SPEC.md §4: every character and chapter whose requiredUrl is the visited path is added to
 * the reader's unlocks. A union: INSERT … ON CONFLICT DO NOTHING is atomic and idempotent, and
 * what it returns is exactly what is new, for the celebration.
 *
 * The celebration's own words are decided here, in the same transaction: whether this was the
 * reader's first unlock ever, and whether it completed a set (decision 018).
 */
export async function unlockForVisit(db: Db, userId: string, paths: readonly string[]): Promise<Celebration> {
  if (paths.length === 0) return NOTHING_NEW;
  // Nearly every signed-in view unlocks nothing new (its path unlocks nothing, or the reader has
  // it already): one read says so, without the transaction, row lock and write-ahead-log write
  // below on every page view. What it finds new, the transaction still decides exactly.
  if (!(await somethingNewToUnlock(db, userId, paths))) return NOTHING_NEW;
  return db.transaction().execute(async (trx) => {
    // One reader's visits take turns: on PostgreSQL two views committing at once would each
    // count only their own rows and both call themselves the reader's first unlock.
    await trx.selectFrom("user").select("id").where("id", "=", userId).forUpdate().execute();
    const { characters, chapters } = await insertUnlocks(trx, userId, paths);
    if (characters.length === 0 && chapters.length === 0) return NOTHING_NEW;
    const { cards, newListedChapter } = await celebratedCards(
      trx,
      characters.map((row) => row.character_id),
      chapters.map((row) => row.chapter_id),
    );
    const heldBefore = (await unlocksHeld(trx, userId)) - characters.length - chapters.length;
    return {
      cards,
      firstUnlock: heldBefore === 0,
      completed: await setsCompleted(trx, userId, { newCharacter: characters.length > 0, newListedChapter }),
    };
  });
}

/** What the visited paths unlock that the reader did not have: exactly the rows added. */
async function insertUnlocks(trx: Db, userId: string, paths: readonly string[]) {
  const characters = await trx
    .insertInto("unlocked_characters")
    .columns(["user_id", "character_id"])
    .expression((eb) =>
      eb
        .selectFrom("characters")
        .select((inner) => [inner.val(userId).as("user_id"), "id"])
        .where("required_url", "in", paths),
    )
    .onConflict((conflict) => conflict.columns(["user_id", "character_id"]).doNothing())
    .returning("character_id")
    .execute();
  const chapters = await trx
    .insertInto("unlocked_chapters")
    .columns(["user_id", "chapter_id"])
    .expression((eb) =>
      eb
        .selectFrom("chapters")
        .select((inner) => [inner.val(userId).as("user_id"), "id"])
        .where("required_url", "in", paths),
    )
    .onConflict((conflict) => conflict.columns(["user_id", "chapter_id"]).doNothing())
    .returning("chapter_id")
    .execute();
  return { characters, chapters };
}

/** The celebration's cards, characters then chapters, each in book order. */
async function celebratedCards(
  trx: Db,
  characterIds: string[],
  chapterIds: string[],
): Promise<{ cards: CelebratedCard[]; newListedChapter: boolean }> {
  const cards: CelebratedCard[] = [];
  let newListedChapter = false;
  if (characterIds.length) {
    const rows = await trx
      .selectFrom("characters")
      .select(["id", "name", "subtitle", "image_url", "updated_at"])
      .where("id", "in", characterIds)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    cards.push(
      ...rows.map((row) => ({
        kind: "character" as const,
        id: row.id,
        name: row.name,
        imageSrc: row.image_url ? versionedImageSrc(row.image_url, row.updated_at) : "",
        imageAlt: row.subtitle ? `${row.name}, ${row.subtitle}` : row.name,
        path: characterCardPath(row),
      })),
    );
  }
  if (chapterIds.length) {
    const rows = await trx
      .selectFrom("chapters")
      .select(["id", "title", "slug", "hidden", "decorative_image", "number_image", "images", "updated_at"])
      .where("id", "in", chapterIds)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    newListedChapter = rows.some((row) => !row.hidden);
    cards.push(
      ...rows.map((row) => {
        const picture = chapterPicture(row);
        return {
          kind: "chapter" as const,
          id: row.id,
          name: row.title,
          imageSrc: picture ? versionedImageSrc(picture, row.updated_at) : "",
          imageAlt: `Ilustración del capítulo «${row.title}»`,
          // The slug, never the printed token path: a link must not unlock it for someone else.
          path: chapterSlugPath(row),
        };
      }),
    );
  }
  return { cards, newListedChapter };
}

/** How many characters and chapters the reader holds now. */
async function unlocksHeld(trx: Db, userId: string): Promise<number> {
  const heldCharacters = await trx
    .selectFrom("unlocked_characters")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const heldChapters = await trx
    .selectFrom("unlocked_chapters")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(heldCharacters.count) + Number(heldChapters.count);
}

/**
 * A set counts as /personajes and /pasaporte count it: a character with no unlocking path is
 * everyone's from the start; a hidden chapter (the special one) is not listed. A set is
 * celebrated by the view that adds its last member, and only then.
 */
async function setsCompleted(
  trx: Db,
  userId: string,
  { newCharacter, newListedChapter }: { newCharacter: boolean; newListedChapter: boolean },
): Promise<Celebration["completed"]> {
  const charactersComplete =
    newCharacter &&
    !(await trx
      .selectFrom("characters")
      .select("id")
      .where("required_url", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("unlocked_characters")
              .select("character_id")
              .where("user_id", "=", userId)
              .whereRef("character_id", "=", "characters.id"),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst());
  const chaptersComplete =
    newListedChapter &&
    !(await trx
      .selectFrom("chapters")
      .select("id")
      .where("hidden", "=", false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("unlocked_chapters")
              .select("chapter_id")
              .where("user_id", "=", userId)
              .whereRef("chapter_id", "=", "chapters.id"),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst());
  return { characters: charactersComplete, chapters: chaptersComplete };
}

export async function unlockedCharacterIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("unlocked_characters")
    .select("character_id")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => row.character_id);
}

/**
 * When this reader last unlocked anything, a chapter or a character (null: never). A trip copy
 * saved before it is behind (decision 082).
 */
export async function lastUnlockAt(db: Db, userId: string): Promise<Date | null> {
  const newest = (table: "unlocked_chapters" | "unlocked_characters") =>
    db
      .selectFrom(table)
      .select("unlocked_at")
      .where("user_id", "=", userId)
      .orderBy("unlocked_at", "desc")
      .limit(1)
      .executeTakeFirst();
  const times = (await Promise.all([newest("unlocked_chapters"), newest("unlocked_characters")]))
    .filter((row) => row !== undefined)
    .map((row) => new Date(row.unlocked_at).getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

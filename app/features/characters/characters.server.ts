import type { Selectable } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { CharacterStyle, CharacterTable } from "../../lib/db-schema.ts";
import type { CharacterInput } from "./character.schema.ts";
import { CHARACTERS_TOPIC } from "./character-topics.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import { versionedImageSrc } from "../../lib/versioned-image.ts";

// Shared with the unlock celebration, which shows the same picture (app/features/unlocks).
export { versionedImageSrc };

/** Every field of SPEC.md §3, as the editor works with it. */
export type Character = {
  id: string;
  name: string;
  subtitle: string;
  description: string;
  imageUrl: string;
  position: string;
  order: number;
  power: string;
  weakness: string;
  color: string;
  place: string;
  tags: string[];
  requiredUrl: string | null;
  requiredUrlText: string;
  style: CharacterStyle;
  createdAt: Date;
  createdBy: string | null;
  updatedAt: Date;
  updatedBy: string | null;
};

/**
 * What /personajes sends to every reader. The unlocking path stays on the server: it is the
 * secret a QR code in the book carries, and knowing it would unlock the character without the book.
 */
export type OpenCharacter = Pick<
  Character,
  | "id"
  | "name"
  | "subtitle"
  | "description"
  | "position"
  | "power"
  | "weakness"
  | "color"
  | "place"
  | "tags"
  | "requiredUrlText"
  | "style"
> & { imageSrc: string; locked: false };

/**
 * A card the reader has not unlocked yet: a silhouette, its name and the hint, nothing more. Its
 * details (subtitle, description, power, weakness, colour, home, tags, picture) stay on the
 * server until the code is scanned, so the surprise cannot be read in the page or its data.
 */
export type LockedCharacter = Pick<Character, "id" | "name" | "requiredUrlText" | "style" | "position"> & {
  imageSrc: string;
  locked: true;
};

export type PublicCharacter = OpenCharacter | LockedCharacter;

/** The picture every locked card shows instead of the character's own. */
export const LOCKED_CHARACTER_IMAGE = "/images/characters/silueta.svg";

export type CharacterCatalogue = {
  characters: PublicCharacter[];
  /** Null for a visitor; for a signed-in reader, the ids of the characters they have unlocked. */
  unlockedIds: string[] | null;
};

export type SaveResult = { ok: true; id: string } | { ok: false; reason: "not-found" };

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/**
 * SPEC.md §7: sorted by order, then by name. Names are compared in Spanish here rather than by
 * the database, whose collation differs between PGlite and a PostgreSQL server.
 */
export function compareCharacters(
  a: { order: number; name: string; id: string },
  b: { order: number; name: string; id: string },
) {
  return a.order - b.order || collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function fromRow(row: Selectable<CharacterTable>): Character {
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    imageUrl: row.image_url,
    position: row.position,
    order: row.sort_order,
    power: row.power,
    weakness: row.weakness,
    color: row.color,
    place: row.place,
    tags: row.tags,
    requiredUrl: row.required_url,
    requiredUrlText: row.required_url_text,
    style: row.style,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/**
 * The names of the characters a printed code unlocks (their requiredUrl is its path), in
 * display order: what a chapter page announces the next code opens. Only names leave here.
 */
export async function characterNamesUnlockedBy(db: Db, path: string): Promise<string[]> {
  const rows = await db.selectFrom("characters").selectAll().where("required_url", "=", path).execute();
  return rows
    .map(fromRow)
    .sort(compareCharacters)
    .map((character) => character.name);
}

/** Every character, in display order. */
export async function listCharacters(db: Db): Promise<Character[]> {
  const rows = await db.selectFrom("characters").selectAll().execute();
  return rows.map(fromRow).sort(compareCharacters);
}

export async function getCharacter(db: Db, id: string): Promise<Character | null> {
  const row = await db.selectFrom("characters").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

export function toLockedCharacter(character: Character): LockedCharacter {
  return {
    id: character.id,
    name: character.name,
    requiredUrlText: character.requiredUrlText,
    style: character.style,
    position: "center",
    imageSrc: LOCKED_CHARACTER_IMAGE,
    locked: true,
  };
}

export function toPublicCharacter(character: Character): OpenCharacter {
  return {
    locked: false,
    id: character.id,
    name: character.name,
    subtitle: character.subtitle,
    description: character.description,
    imageSrc: versionedImageSrc(character.imageUrl, character.updatedAt),
    position: character.position,
    power: character.power,
    weakness: character.weakness,
    color: character.color,
    place: character.place,
    tags: character.tags,
    requiredUrlText: character.requiredUrlText,
    style: character.style,
  };
}

/**
 * The /personajes collection, the same for everyone (DESIGN.md, decision 025): a character with
 * no unlocking path is open to all ("Siempre disponible": Valentina and Taquito) and counts as
 * unlocked for every reader; one that a QR code unlocks is a silhouette, its name and its hint
 * (LockedCharacter) until this reader unlocks it, so a visitor sees it locked too. A signed-in
 * reader also learns which ones they have unlocked.
 */
export async function readCatalogue(
  db: Db,
  userId: string | null,
  // The content part, which the caller may keep between page views (app/lib/content-cache.server.ts).
  everyCharacter: () => Promise<Character[]> = () => listCharacters(db),
  // The reader's unlocks, which the caller may keep too (app/access/session.server.ts).
  unlockedBy: (userId: string) => Promise<readonly string[]> = async (id) =>
    (await db.selectFrom("unlocked_characters").select("character_id").where("user_id", "=", id).execute()).map(
      (row) => row.character_id,
    ),
): Promise<CharacterCatalogue> {
  const [characters, unlockedRows] = await Promise.all([
    everyCharacter(),
    userId ? unlockedBy(userId) : Promise.resolve(null),
  ]);
  const unlocked = new Set(unlockedRows ?? []);
  const open = (character: Character) => character.requiredUrl === null || unlocked.has(character.id);
  return {
    // Locked cards carry no details (LockedCharacter), for a visitor as for a reader.
    characters: characters.map((character) =>
      open(character) ? toPublicCharacter(character) : toLockedCharacter(character),
    ),
    unlockedIds: unlockedRows ? characters.filter(open).map((character) => character.id) : null,
  };
}

function toColumns(input: CharacterInput) {
  return {
    name: input.name,
    subtitle: input.subtitle,
    description: input.description,
    image_url: input.imageUrl,
    position: input.position,
    sort_order: input.order,
    power: input.power,
    weakness: input.weakness,
    color: input.color,
    place: input.place,
    tags: input.tags,
    required_url: input.requiredUrl,
    required_url_text: input.requiredUrlText,
    style: input.style,
  };
}

/** SPEC.md §7: the form's fields plus createdAt and createdBy (the admin of the session). */
export async function createCharacter(
  db: Db,
  adminId: string,
  input: CharacterInput,
  publish: Publish,
): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("characters")
      .values({ ...toColumns(input), created_by: adminId, created_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await publish(CHARACTERS_TOPIC, trx);
    return { ok: true, id: row.id };
  });
}

/** SPEC.md §7: the form's fields plus updatedAt and updatedBy; createdAt/createdBy stay. */
export async function updateCharacter(
  db: Db,
  adminId: string,
  id: string,
  input: CharacterInput,
  publish: Publish,
): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("characters")
      .set({ ...toColumns(input), updated_by: adminId, updated_at: new Date() })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    await publish(CHARACTERS_TOPIC, trx);
    return { ok: true, id: row.id };
  });
}

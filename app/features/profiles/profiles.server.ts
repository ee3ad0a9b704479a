import type { Db } from "../../lib/db.server.ts";
import type { ProfileInput } from "./profile.schema.ts";

export type Profile = {
  userId: string;
  email: string;
  displayName: string;
  age: number | null;
  bio: string;
  website: string;
  clan: number;
  lastUpdated: Date;
};

/** Every account gets a profile when it is created; the display name starts as the account name. */
export async function createProfileForUser(db: Db, user: { id: string; email: string; name: string }) {
  await db
    .insertInto("profiles")
    .values({ user_id: user.id, email: user.email.toLowerCase(), display_name: user.name.trim().slice(0, 60) })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const row = await db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    email: row.email,
    displayName: row.display_name,
    age: row.age,
    bio: row.bio,
    website: row.website,
    clan: row.clan,
    lastUpdated: row.last_updated,
  };
}

/**
 * Saves the reader's own profile (the caller passes the session's user id, never one from the
 * form). Bio and website have no input in the form and are kept as they are.
 */
export async function saveOwnProfile(
  db: Db,
  user: { id: string; email: string },
  input: ProfileInput,
): Promise<Profile> {
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      email: user.email.toLowerCase(),
      display_name: input.displayName,
      age: input.age,
      clan: input.clan,
      last_updated: new Date(),
    })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        display_name: input.displayName,
        age: input.age,
        clan: input.clan,
        last_updated: new Date(),
      }),
    )
    .execute();
  return (await getProfile(db, user.id))!;
}

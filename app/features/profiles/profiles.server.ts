import type { Db } from "../../lib/db.server.ts";
import { generateApodo } from "./apodo.server.ts";
import { chosenDisplayName } from "./shown-name.ts";
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
  /** The public name; displayName stays private (navbar, this profile). */
  apodo: string;
  /** Null while the age question is unanswered. */
  birthYear: number | null;
};

/**
 * Every account gets a profile when it is created: the private display name starts as the
 * account name unless that is the e-mail or its local part (what the sign-up form sends: then
 * empty, and pages show the apodo), the public apodo is generated and has nothing of the e-mail.
 */
export async function createProfileForUser(
  db: Db,
  user: { id: string; email: string; name: string; birthYear?: number | null; age?: number | null },
) {
  // An e-mail sign-up has answered the age question already (the age rule gives the year and
  // the age it makes); a Google one answers it next.
  const birthYear = user.birthYear ?? null;
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      email: user.email.toLowerCase(),
      display_name: chosenDisplayName(user.name, user.email).slice(0, 60),
      apodo: generateApodo(user.email),
      birth_year: birthYear,
      age: birthYear === null ? null : (user.age ?? null),
    })
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
    apodo: row.apodo,
    birthYear: row.birth_year,
  };
}

/** Whether the account still has to answer the age question (no profile counts as unanswered). */
export const profileNeedsBirthYear = (profile: Pick<Profile, "birthYear"> | null) =>
  !profile || profile.birthYear === null;

export async function needsBirthYear(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("birth_year").where("user_id", "=", userId).executeTakeFirst();
  return profileNeedsBirthYear(row ? { birthYear: row.birth_year } : null);
}

/** The age step's answer: the year, and the age the age rule says it gives. */
export async function saveBirthYear(
  db: Db,
  user: { id: string; email: string; name: string },
  { birthYear, age }: { birthYear: number; age: number },
) {
  await createProfileForUser(db, user);
  await db
    .updateTable("profiles")
    .set({ birth_year: birthYear, age, last_updated: new Date() })
    .where("user_id", "=", user.id)
    .execute();
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
      apodo: generateApodo(user.email),
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

import type { ChildReaderKind } from "../lib/db-schema.ts";
import type { Profile } from "../features/profiles/profiles.server.ts";
import type { CommentAudiences } from "../features/classes/classes.server.ts";
import type { ConsentRecord } from "../features/guardians/guardian-consent.server.ts";

/** Who is signed in, as the pages and guards see them. */
export type SessionUser = { id: string; email: string; name: string };

/** The session itself (its row's id and end), for the shared-device timeout of a class's students. */
export type SessionRecord = { id: string; expiresAt: Date };

/**
 * The signed-in reader's profile and role, as several loaders of one request ask for them; and
 * what their pages ask about them on every view (docs/decisions/041): their guardian consent, the
 * classes whose comments they see, the characters they unlocked. Every table these come from
 * tells every instance when a row of theirs changes (db/migrations/0021, 0022).
 */
export type ReaderFacts = {
  profile: Profile | null;
  isAdmin: boolean;
  childReader: ChildReaderKind | null;
  consent: ConsentRecord | null;
  audiences: CommentAudiences;
  unlockedCharacterIds: readonly string[];
};

/** What a signed-in reader's page views share: who they are, their profile and role. */
export type CachedReader = { user: SessionUser; record: SessionRecord; facts: ReaderFacts };

import type { Db } from "../../lib/db.server.ts";
import { PROFILE_MESSAGES } from "./profile.schema.ts";

/**
 * A reader's clan alone (/mi-clan): what a child reader may change about themselves, since
 * /tu-perfil (age, names, the account) belongs to the adult who answers for them.
 */
export async function saveClan(
  db: Db,
  userId: string,
  raw: unknown,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (typeof raw !== "string" || !/^[0-4]$/.test(raw)) return { ok: false, error: PROFILE_MESSAGES.clanInvalid };
  await db
    .updateTable("profiles")
    .set({ clan: Number(raw), last_updated: new Date() })
    .where("user_id", "=", userId)
    .execute();
  return { ok: true };
}

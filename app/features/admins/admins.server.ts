import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";
import type { Publish } from "../../lib/live-hub.server.ts";
import { ADMIN_MESSAGES } from "./admin-messages.ts";
import { ADMINS_TOPIC } from "./admin-topics.ts";

export { ADMINS_TOPIC };

export { ADMIN_MESSAGES };

export type AdminEntry = { userId: string; email: string; createdAt: Date };

export type AdminChangeResult =
  | { ok: true; message: string }
  | { ok: false; message: string; reason: "no-user" | "last-admin" | "not-admin" | "already-admin" };

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("admins").select("user_id").where("user_id", "=", userId).executeTakeFirst());
}

export async function listAdmins(db: Db): Promise<AdminEntry[]> {
  const rows = await db.selectFrom("admins").selectAll().orderBy("created_at").orderBy("email").execute();
  return rows.map((row) => ({ userId: row.user_id, email: row.email, createdAt: row.created_at }));
}

/** SPEC.md §5: the account must exist (looked up by e-mail, case-insensitively). */
export async function grantAdminByEmail(db: Db, email: string, publish: Publish): Promise<AdminChangeResult> {
  const normalized = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("user")
      .select(["id", "email"])
      .where(sql<string>`lower(email)`, "=", normalized)
      .executeTakeFirst();
    if (!user) return { ok: false, reason: "no-user", message: ADMIN_MESSAGES.noUser };
    const inserted = await trx
      .insertInto("admins")
      .values({ user_id: user.id, email: user.email })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (!inserted) return { ok: false, reason: "already-admin", message: ADMIN_MESSAGES.alreadyAdmin };
    await publish(ADMINS_TOPIC, trx);
    return { ok: true, message: ADMIN_MESSAGES.added };
  });
}

/**
 * Removes an admin unless it is the last one. The table lock serialises concurrent removals,
 * so two admins removing each other at the same moment cannot leave the site with none.
 */
export async function revokeAdmin(db: Db, userId: string, publish: Publish): Promise<AdminChangeResult> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table admins in share row exclusive mode`.execute(trx);
    const { count } = await trx
      .selectFrom("admins")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const target = await trx.selectFrom("admins").select("user_id").where("user_id", "=", userId).executeTakeFirst();
    if (!target) return { ok: false, reason: "not-admin", message: ADMIN_MESSAGES.notAdmin };
    if (Number(count) <= 1) return { ok: false, reason: "last-admin", message: ADMIN_MESSAGES.lastAdmin };
    await trx.deleteFrom("admins").where("user_id", "=", userId).execute();
    await publish(ADMINS_TOPIC, trx);
    return { ok: true, message: ADMIN_MESSAGES.removed };
  });
}

export async function revokeAdminByEmail(db: Db, email: string, publish: Publish): Promise<AdminChangeResult> {
  const admin = await db
    .selectFrom("admins")
    .select("user_id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!admin) {
    const user = await db
      .selectFrom("user")
      .select("id")
      .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return user
      ? { ok: false, reason: "not-admin", message: ADMIN_MESSAGES.notAdmin }
      : { ok: false, reason: "no-user", message: ADMIN_MESSAGES.noUser };
  }
  return revokeAdmin(db, admin.user_id, publish);
}

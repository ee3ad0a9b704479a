import { sql } from "kysely";
import type { Db } from "../../lib/db.server.ts";

/** The reader whose data is exported or deleted: always the session's own. */
export type AccountOwner = { id: string; email: string };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Every column that references an account ("user".id), read from the database's own catalog.
 * Tables added later (by any feature) are covered without touching this file: the house rule
 * is that they reference "user"(id) on delete cascade.
 */
export async function tablesReferencingUsers(db: Db): Promise<{ table: string; column: string }[]> {
  const { rows } = await sql<{ table: string; column: string }>`
    select cls.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class cls on cls.oid = con.conrelid
    join pg_namespace ns on ns.oid = cls.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
    where con.contype = 'f' and con.confrelid = '"user"'::regclass and ns.nspname = current_schema()
    order by 1, 2`.execute(db);
  return rows;
}

/**
 * Columns never put in the download: credentials (a password hash, session and provider
 * tokens). They are about the reader but work as keys; leaking a downloaded file must not
 * open the account.
 */
const SECRET_COLUMNS = new Set([
  "password",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  // A child reader's PIN and login card (issue 22), kept only as hashes, are keys all the same.
  "pin_hash",
  "token_hash",
]);

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column)));

export type AccountExport = {
  sitio: string;
  generado: string;
  explicacion: string;
  cuenta: Record<string, unknown> | null;
  /** Rows of every table that references the account, by table name. */
  tablas: Record<string, Record<string, unknown>[]>;
  /** Kept by e-mail address rather than by account. */
  porCorreo: {
    mensajesDeContacto: Record<string, unknown>[];
    intentosFallidosDeIngreso: Record<string, unknown>[];
  };
};

/** Everything the site keeps about one reader, for 'Descargar mis datos'. */
export async function exportAccountData(db: Db, owner: AccountOwner, now = new Date()): Promise<AccountExport> {
  const email = normaliseEmail(owner.email);
  const user = await db.selectFrom("user").selectAll().where("id", "=", owner.id).executeTakeFirst();
  const tablas: AccountExport["tablas"] = {};
  for (const { table, column } of await tablesReferencingUsers(db)) {
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} where ${sql.ref(column)} = ${owner.id}`.execute(db);
    if (rows.length) (tablas[table] ??= []).push(...rows.map(withoutSecrets));
  }
  const { rows: contact } = await sql<Record<string, unknown>>`
    select name, email, comment, created_at, delivered_at from contact_messages
    where lower(email) = ${email} order by created_at`.execute(db);
  const { rows: failures } = await sql<Record<string, unknown>>`
    select email, failures, last_failure_at, locked_until from sign_in_failures where email = ${email}`.execute(db);
  return {
    sitio: "Valentina y Taquito",
    generado: now.toISOString(),
    explicacion:
      "Todo lo que el sitio guarda sobre tu cuenta. Las contraseñas y las llaves de las sesiones no se incluyen: sirven para entrar y no deben viajar en un archivo.",
    cuenta: user ? withoutSecrets(user as unknown as Record<string, unknown>) : null,
    tablas,
    porCorreo: { mensajesDeContacto: contact, intentosFallidosDeIngreso: failures },
  };
}

export type DeleteAccountResult =
  { ok: true; wasAdmin: boolean; commentSections: string[] } | { ok: false; reason: "last-admin" };

/**
 * Deletes the reader and everything kept about them, in one transaction. The account's row
 * takes every table that references it along (on delete cascade); what is kept by e-mail
 * address or in free-form keys is deleted here. The last admin is refused (the site must keep
 * one): the admins table is locked as revoking an admin does, so two admins deleting their
 * accounts at once cannot leave none.
 */
export async function deleteAccount(db: Db, owner: AccountOwner): Promise<DeleteAccountResult> {
  const email = normaliseEmail(owner.email);
  return db.transaction().execute(async (trx) => {
    await sql`lock table admins in share row exclusive mode`.execute(trx);
    const admin = await trx.selectFrom("admins").select("user_id").where("user_id", "=", owner.id).executeTakeFirst();
    if (admin) {
      const { count } = await trx
        .selectFrom("admins")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      if (Number(count) <= 1) return { ok: false, reason: "last-admin" } as const;
    }
    const sections = await trx
      .selectFrom("comments")
      .select("section_id")
      .distinct()
      .where("user_id", "=", owner.id)
      .execute();
    await sql`delete from contact_messages where lower(email) = ${email}`.execute(trx);
    await sql`delete from sign_in_failures where email = ${email}`.execute(trx);
    // Per-address counters hold no account; per-account ones end with the account's id or e-mail.
    await sql`delete from rate_limits where right(key, ${email.length + 1}) = ${":" + email}
              or right(key, ${owner.id.length + 1}) = ${":" + owner.id}`.execute(trx);
    // better-auth's one-use tokens (password reset and the like) name the account in their value.
    await sql`delete from verification where value = ${owner.id} or position(${owner.id} in value) > 0
              or position(${email} in lower(identifier)) > 0`.execute(trx);
    // Content an admin wrote stays; only the note of who wrote it goes.
    await sql`update characters set created_by = null where created_by = ${owner.id}`.execute(trx);
    await sql`update characters set updated_by = null where updated_by = ${owner.id}`.execute(trx);
    await trx.deleteFrom("user").where("id", "=", owner.id).execute();
    return { ok: true, wasAdmin: Boolean(admin), commentSections: sections.map((row) => row.section_id) };
  });
}

import { sql } from "kysely";
import type { Db } from "./db.server.ts";

/** Adds one to today's count of `name`: one atomic upsert, one row per day whatever the traffic. */
export async function countToday(db: Db, name: string): Promise<void> {
  await sql`
    insert into daily_counters (day, name, count) values (current_date, ${name}, 1)
    on conflict (day, name) do update set count = daily_counters.count + 1`.execute(db);
}

/** The total of `name` over the last `days` days, today included. */
export async function countOverDays(db: Db, name: string, days: number): Promise<number> {
  const { rows } = await sql<{ total: number | string | null }>`
    select sum(count) as total from daily_counters
    where name = ${name} and day > current_date - ${days}::int`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** The total of `name` from day `from` to day `to` (both "YYYY-MM-DD", both included). */
export async function countBetweenDays(db: Db, name: string, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ total: number | string | null }>`
    select sum(count) as total from daily_counters
    where name = ${name} and day >= ${from}::date and day <= ${to}::date`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

import { sql } from "kysely";
import type { Route } from "./+types/healthz";
import { services } from "../runtime/context.server.ts";

/** DESIGN.md contract 5: 200 `ok` while the database answers. */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    await sql`select 1`.execute(services(context).db);
    return new Response("ok", { headers });
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
}

import { sql } from "kysely";
import type { Route } from "./+types/readyz";
import { services } from "../runtime/context.server.ts";
import { isDraining, isStarting } from "../lib/readiness.server.ts";
import { cannotWrite } from "../lib/storage-health.server.ts";

/**
 * Readiness (DESIGN.md): 200 `ready` while this instance takes new work, 503 once it drains (a
 * deploy stops it: the proxy's health check then sends readers elsewhere) or while the database
 * does not answer, and for a moment after a start behind a proxy (lib/readiness.server.ts). `/healthz` stays liveness only: a draining instance is alive.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (isDraining()) return new Response("draining", { status: 503, headers });
  if (isStarting()) return new Response("starting", { status: 503, headers });
  if (cannotWrite()) return new Response("cannot write", { status: 503, headers });
  try {
    await sql`select 1`.execute(services(context).db);
    return new Response("ready", { headers });
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
}

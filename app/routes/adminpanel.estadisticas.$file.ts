import type { Route } from "./+types/adminpanel.estadisticas.$file";
import { figureCsv, SEMICOLON_PARAM, SEMICOLON_VALUE } from "../features/analytics/stats-figure.ts";
import { parseStatsPeriod, PERIOD_PARAM } from "../features/analytics/stats-period.ts";
import { authorsStats } from "../pages/authors-stats.server.ts";
import { services } from "../runtime/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

/**
 * /adminpanel/estadisticas/<figure>.csv?dias=N: one figure of the page, as the page shows it
 * (RFC 4180); with &separador=punto-y-coma, the same file with semicolons, which a spreadsheet
 * set to Spanish opens in columns.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const id = /^([a-z-]{1,40})\.csv$/.exec(params.file ?? "")?.[1];
  const period = parseStatsPeriod(url.searchParams.get(PERIOD_PARAM));
  const semicolons = url.searchParams.get(SEMICOLON_PARAM) === SEMICOLON_VALUE;
  const figure = id ? (await authorsStats(services(context).db, period)).figures.find((f) => f.id === id) : undefined;
  if (!figure) return new Response("No existe esa cifra.", { status: 404 });
  const name = `estadisticas-${figure.id}-${period}-dias${semicolons ? `-${SEMICOLON_VALUE}` : ""}.csv`;
  return new Response(figureCsv(figure, semicolons ? ";" : ","), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

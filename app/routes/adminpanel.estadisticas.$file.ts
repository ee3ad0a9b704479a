import type { Route } from "./+types/adminpanel.estadisticas.$file";
import { figureCsv } from "../features/analytics/stats-figure.ts";
import { parseStatsPeriod, PERIOD_PARAM } from "../features/analytics/stats-period.ts";
import { authorsStats } from "../composition/authors-stats.server.ts";
import { services } from "../services/context.server.ts";
import { requireAdmin } from "../access/session.server.ts";

/** /adminpanel/estadisticas/<figure>.csv?dias=N: one figure of the page, as the page shows it. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  const id = /^([a-z-]{1,40})\.csv$/.exec(params.file ?? "")?.[1];
  const period = parseStatsPeriod(url.searchParams.get(PERIOD_PARAM));
  const figure = id ? (await authorsStats(services(context).db, period)).figures.find((f) => f.id === id) : undefined;
  if (!figure) return new Response("No existe esa cifra.", { status: 404 });
  return new Response(figureCsv(figure), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="estadisticas-${figure.id}-${period}-dias.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

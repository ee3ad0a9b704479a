import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/adminpanel.estadisticas";
import { pageViewStats, type ViewCount } from "../features/analytics/page-views.server.ts";
import { pageMeta, siteUrlFrom } from "../features/seo/page-meta.ts";
import { services } from "../composition/context.server.ts";
import { requireAdmin } from "../composition/session.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireAdmin({ url, context });
  return pageViewStats(services(context).db);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Estadísticas",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    robots: "noindex, nofollow",
  });

function CountTable({
  id,
  caption,
  keyLabel,
  rows,
  empty,
}: {
  id: string;
  caption: string;
  keyLabel: string;
  rows: ViewCount[];
  empty: string;
}) {
  return (
    <section className="card card-body mb-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {caption}
      </h2>
      {rows.length === 0 ? (
        <p className="mb-0">{empty}</p>
      ) : (
        <table className="w-100 stats-table" data-testid={id}>
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col" className="text-end">
                Últimos 7 días
              </th>
              <th scope="col" className="text-end">
                Últimos 30 días
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal" style={{ wordBreak: "break-all" }}>
                  {row.key}
                </th>
                <td className="text-end">{row.last7}</td>
                <td className="text-end">{row.last30}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function StatsPage() {
  const { pages, qrScans, totals } = useLoaderData<typeof loader>();
  return (
    <div className="container py-5 admin-stats">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">Estadísticas</h1>
      <p>
        Visitas a páginas: <strong>{totals.last7}</strong> en los últimos 7 días y <strong>{totals.last30}</strong> en
        los últimos 30. Contamos cada página vista sin guardar datos personales.
      </p>
      <CountTable
        id="qr-scans"
        caption="Escaneos de códigos QR"
        keyLabel="Código"
        rows={qrScans}
        empty="Todavía no hay escaneos."
      />
      <CountTable
        id="page-views"
        caption="Visitas por página"
        keyLabel="Página"
        rows={pages}
        empty="Todavía no hay visitas."
      />
    </div>
  );
}

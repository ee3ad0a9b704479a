import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageViewStats, ViewCount } from "../page-views.server.ts";

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

/** /adminpanel/estadisticas: page views and QR scans over the last 7 and 30 days. */
type StatsReportProps = PageViewStats & {
  /** Scans of codes that do not exist, counted as one figure (the QR feature's). */
  unknownQrScans: { last7: number; last30: number };
  /** Other features' figures, composed by the route (e.g. children waiting for their family). */
  children?: ReactNode;
};

export function StatsReport({ pages, qrScans, totals, unknownQrScans, children }: StatsReportProps) {
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
      {children}
      <CountTable
        id="qr-scans"
        caption="Escaneos de códigos QR"
        keyLabel="Código"
        rows={qrScans}
        empty="Todavía no hay escaneos."
      />
      <p data-testid="unknown-qr-scans">
        Escaneos de códigos que no existen: <strong>{unknownQrScans.last7}</strong> en los últimos 7 días y{" "}
        <strong>{unknownQrScans.last30}</strong> en los últimos 30.
      </p>
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

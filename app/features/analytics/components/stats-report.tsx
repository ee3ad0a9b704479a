import type { ReactNode } from "react";
import { Link } from "react-router";
import { SvgChart } from "../../../ui/svg-chart.tsx";
import { SMALL_COUNT_TEXT } from "../small-counts.ts";
import {
  figureCsvPath,
  isIsoDay,
  shownDay,
  SMALL_COUNTS_COLUMN,
  STATS_SECTIONS,
  tableRows,
  type StatsFigure,
  type StatsSection,
} from "../stats-figure.ts";
import { PERIOD_PARAM, STATS_PERIODS, type StatsPeriod } from "../stats-period.ts";

/** A day cell: the ISO date in the markup, the day in Spanish on screen. */
function DayText({ value }: { value: string }) {
  return isIsoDay(value) ? <time dateTime={value}>{shownDay(value)}</time> : <>{value}</>;
}

function FigureTable({ figure, titleId }: { figure: StatsFigure; titleId: string }) {
  const kinds = figure.columns.map((column) => column.kind);
  const cellText = (value: string, index: number) => (kinds[index + 1] === "date" ? <DayText value={value} /> : value);
  return (
    // Wide tables scroll on a phone; the region is focusable so a keyboard can scroll it too.
    <div className="stats-table-wrap" role="region" aria-label={`Tabla: ${figure.title}`} tabIndex={0}>
      <table className="stats-table" aria-labelledby={titleId} data-testid={`${figure.id}-table`}>
        <thead>
          <tr>
            {figure.columns.map((column, index) => (
              <th key={column.name} scope="col" className={index === 0 ? undefined : "text-end"}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tableRows(figure).map((row) =>
            row.kind === "empty" ? (
              <tr key={row.from} data-empty-days={row.count}>
                <th scope="row" className="fw-normal">
                  <DayText value={row.from} /> – <DayText value={row.to} />
                </th>
                <td colSpan={figure.columns.length - 1} className="text-body-secondary">
                  {row.text}
                </td>
              </tr>
            ) : (
              <tr key={row.label}>
                <th scope="row" className="fw-normal">
                  {kinds[0] === "date" ? <DayText value={row.label} /> : row.label}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={index} className="text-end">
                    {cellText(cell, index)}
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ figure, period }: { figure: StatsFigure; period: StatsPeriod }) {
  const titleId = `${figure.id}-title`;
  return (
    <section className="card card-body mb-4" aria-labelledby={titleId} data-testid={`${figure.id}-figure`}>
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-baseline mb-2">
        <h3 id={titleId} className="h5 mb-0">
          {figure.title}
        </h3>
        <div className="d-flex flex-wrap gap-2">
          <a href={figureCsvPath(figure.id, period)} download className="btn btn-sm btn-outline-primary">
            Descargar CSV<span className="visually-hidden">: {figure.title}</span>
          </a>
          <a href={figureCsvPath(figure.id, period, ";")} download className="btn btn-sm btn-outline-primary">
            CSV para Excel en español<span className="visually-hidden">: {figure.title}</span>
          </a>
        </div>
      </div>
      <div className="stats-figure">
        {figure.chart && (
          <div className="stats-chart">
            <SvgChart
              id={figure.id}
              scene={figure.chart}
              title={figure.title}
              description={figure.description}
              testId={`${figure.id}-chart`}
            />
          </div>
        )}
        <FigureTable figure={figure} titleId={titleId} />
      </div>
    </section>
  );
}

function PeriodSwitch({ period }: { period: StatsPeriod }) {
  return (
    <nav aria-label="Periodo de las estadísticas" className="mb-4">
      <ul className="nav gap-2">
        {STATS_PERIODS.map((days) => (
          <li key={days} className="nav-item">
            <Link
              to={`?${PERIOD_PARAM}=${days}`}
              className={`btn btn-sm ${days === period ? "btn-dark" : "btn-outline-dark"}`}
              aria-current={days === period ? "page" : undefined}
              preventScrollReset
            >
              {days} días
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type StatsReportProps = {
  period: StatsPeriod;
  figures: StatsFigure[];
  /** Other features' figures, composed by the route (e.g. children waiting for their family). */
  children?: ReactNode;
};

/** /adminpanel/estadisticas: the readers' journey, over a chosen period, as charts with their tables. */
export function StatsReport({ period, figures, children }: StatsReportProps) {
  const sections = Object.entries(STATS_SECTIONS) as [StatsSection, string][];
  return (
    <div className="container py-5 admin-stats">
      <p className="mb-2">
        <Link to="/adminpanel">← Panel de administración</Link>
      </p>
      <h1 className="mb-3">Estadísticas</h1>
      <p>
        Sólo recuentos: ninguna cifra nombra a un lector ni muestra lo que hizo uno solo. Los recuentos de 1 a 4 se
        muestran como «{SMALL_COUNT_TEXT}» y se dibujan como una franja de 1 a 4. Cada gráfico tiene al lado su tabla, y
        cada tabla su CSV: fechas como 2026-11-27 y números enteros; un recuento «{SMALL_COUNT_TEXT}» queda vacío y su
        columna se nombra en la última, «{SMALL_COUNTS_COLUMN}». El CSV para Excel en español separa con punto y coma.
        Estas cifras no bajan al borrarse una cuenta o cerrarse una clase: cuentan lo que pasó cada día.
      </p>
      <PeriodSwitch period={period} />
      {children}
      {sections.map(([section, heading]) => (
        <section key={section} aria-labelledby={`stats-${section}`} className="mb-5">
          <h2 id={`stats-${section}`} className="h4 mb-3">
            {heading}
          </h2>
          {figures
            .filter((figure) => figure.section === section)
            .map((figure) => (
              <Figure key={figure.id} figure={figure} period={period} />
            ))}
        </section>
      ))}
    </div>
  );
}

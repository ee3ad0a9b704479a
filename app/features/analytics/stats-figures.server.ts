import { horizontalBars, periodLines, smallMultiples } from "../../lib/chart-scenes.server.ts";
import type { AuthorsStatsData, ChapterRow, CodeDayCount, PathCount } from "./authors-stats.server.ts";
import { QR_PATH_PREFIX } from "./page-views.server.ts";
import { barValue, shownCount, SMALL_COUNT_TEXT } from "./small-counts.ts";
import type { StatsColumn, StatsFigure } from "./stats-figure.ts";
import { bucketDays, bucketed, type DayCount, type PeriodDays } from "./stats-period.ts";

/** What other features count, handed in by the composition root (features do not import each other). */
export type OtherFigures = {
  /** Clan names by id (0 = none chosen). */
  clanNames: readonly string[];
  families: { families: number; childReaders: number };
  classes: { classes: number; students: number; chapterUnlocks: number };
  /** Scans of codes that do not exist, in the current and previous period. */
  unknownScans: { current: number; previous: number };
};

/** Rows a per-path table lists at most; its chart draws the first few. */
export const PATH_ROW_LIMIT = 200;
const CHART_ROW_LIMIT = 15;
/** Codes the per-day table gives a column at most (most scanned first); its chart draws fewer. */
export const CODE_COLUMN_LIMIT = 40;
const CHART_PANEL_LIMIT = 12;

const SMALL_NOTE = `Los recuentos de 1 a 4 se muestran como «${SMALL_COUNT_TEXT}» y se dibujan como una franja clara de 1 a 4, nunca como un valor.`;

const text = (name: string): StatsColumn => ({ name, kind: "text" });
const date = (name: string): StatsColumn => ({ name, kind: "date" });
const count = (name: string): StatsColumn => ({ name, kind: "count" });
/** A day as the figures' rows hold it: an ISO date (the table shows it in Spanish, the CSV as it is). */
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

const periodNames = (days: PeriodDays) => ({
  current: `Últimos ${days.period} días`,
  previous: `${days.period} días anteriores`,
});

const dayFormat = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", timeZone: "UTC" });
const yearDayFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  year: "2-digit",
  timeZone: "UTC",
});

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** How the figures over time name their points: a day, a week from, 30 days from. */
const bucketNames = (days: PeriodDays) => {
  const size = bucketDays(days.period);
  return size === 1
    ? { column: "Día", unit: "día", points: { one: "día", many: "días" } }
    : size === 7
      ? { column: "Semana desde", unit: "semana", points: { one: "semana", many: "semanas" } }
      : {
          column: "30 días desde",
          unit: "bloque de 30 días",
          points: { one: "bloque de 30 días", many: "bloques de 30 días" },
        };
};

function seriesFigure(
  data: AuthorsStatsData,
  id: string,
  title: string,
  what: string,
  counts: DayCount[],
  options: { perDay?: boolean } = {},
): StatsFigure {
  const { days } = data;
  const names = periodNames(days);
  const series = bucketed(days, counts);
  // Active readers are counted once a day: summed over a week they would count a reader once a
  // day again, so a point of several days shows its mean per day (a reader, not a reader-day).
  const size = bucketDays(days.period);
  const perPoint = (values: number[], starts: Date[]) =>
    options.perDay && size > 1
      ? values.map((value, index) => Math.round(value / daysIn(days, starts[index]!, size)))
      : values;
  const current = perPoint(series.current, series.currentStarts);
  const previous = perPoint(series.previous, series.previousStarts);
  const format = days.period === 365 ? yearDayFormat : dayFormat;
  const { column: bucketName, unit, points } = bucketNames(days);
  const labels = series.currentStarts.map((start) => format.format(start));
  // The totals of the description, from the counts per day: a total, or for active readers a mean per day.
  const sum = (values: number[]) =>
    options.perDay
      ? `${shownCount(Math.round(total(values) / days.period))} al día de media`
      : `${shownCount(total(values))} en total`;
  const description =
    `${what} por ${unit}${options.perDay && size > 1 ? " (media por día)" : ""}: ` +
    `${names.current.toLowerCase()} (línea continua, ${sum(series.current)}) y los ` +
    `${names.previous.toLowerCase()} (línea discontinua, ${sum(series.previous)}). ${SMALL_NOTE}`;
  return {
    id,
    section: "time",
    title,
    description,
    columns: [date(bucketName), count(names.current), date(`${bucketName} (periodo anterior)`), count(names.previous)],
    rows: current.map((value, index) => ({
      label: isoDay(series.currentStarts[index]!),
      cells: [shownCount(value), isoDay(series.previousStarts[index]!), shownCount(previous[index]!)],
    })),
    chart: periodLines(labels, current.map(barValue), previous.map(barValue)),
    points,
  };
}

/** Days of a point that fall in its period (the last point of a period may be shorter). */
function daysIn(days: PeriodDays, start: Date, size: number) {
  const periodStart = Date.parse(`${days.currentStart}T00:00:00Z`);
  const offset = Math.round((start.getTime() - periodStart) / 86_400_000);
  const inPeriod = offset < 0 ? offset + days.period : offset;
  return Math.max(1, Math.min(size, days.period - inPeriod));
}

const chapterName = (chapter: ChapterRow) =>
  chapter.number === null ? chapter.title : `${chapter.number}. ${chapter.title}`;

function journeyFigure(data: AuthorsStatsData): StatsFigure {
  let before: number | null = null;
  const rows = data.chapters.map((chapter) => {
    const readers = data.chapterUnlocks.get(chapter.id) ?? 0;
    const drop = before === null ? "" : shownCount(Math.max(0, before - readers));
    before = readers;
    return { label: chapterName(chapter), readers, cells: [shownCount(readers), drop] };
  });
  return {
    id: "recorrido",
    section: "journey",
    title: "Lectores que desbloquearon cada capítulo",
    description:
      "Una barra por capítulo, en el orden del libro: cuántos lectores lo han desbloqueado con su código (desde el principio). " +
      `La pérdida es cuántos menos que en el capítulo anterior. ${SMALL_NOTE}`,
    columns: [text("Capítulo"), count("Lectores"), count("Pérdida desde el anterior")],
    rows: rows.map(({ label, cells }) => ({ label, cells })),
    chart: horizontalBars(rows.map((row) => ({ label: row.label, current: barValue(row.readers) }))),
  };
}

const pathOf = (value: string) => value.split("?")[0]!;

function chaptersFigure(data: AuthorsStatsData): StatsFigure {
  const viewsByPath = new Map<string, number>();
  for (const row of data.paths)
    viewsByPath.set(pathOf(row.path), (viewsByPath.get(pathOf(row.path)) ?? 0) + row.current);
  const rows = data.chapters.map((chapter) => {
    const paths = new Set([`/${chapter.slug}`, chapter.requiredUrl]);
    const views = [...paths].reduce((sum, path) => sum + (viewsByPath.get(path) ?? 0), 0);
    const comments = data.commentsBySection.get(chapter.slug) ?? {
      visible: 0,
      held: 0,
      hidden: 0,
      deleted: 0,
      reports: 0,
    };
    return {
      label: chapterName(chapter),
      views,
      cells: [views, comments.visible, comments.held, comments.hidden, comments.deleted, comments.reports].map(
        shownCount,
      ),
    };
  });
  return {
    id: "capitulos",
    section: "chapters",
    title: "Visitas y comentarios por capítulo",
    description:
      `Una barra por capítulo: sus visitas en los ${periodNames(data.days).current.toLowerCase()}. ` +
      `La tabla suma los comentarios escritos en ese tiempo (publicados, en revisión, ocultos, borrados después) y los reportes. ${SMALL_NOTE}`,
    columns: [
      text("Capítulo"),
      count("Visitas"),
      count("Comentarios publicados"),
      count("En revisión"),
      count("Ocultos"),
      count("Borrados"),
      count("Reportes"),
    ],
    rows: rows.map(({ label, cells }) => ({ label, cells })),
    chart: horizontalBars(rows.map((row) => ({ label: row.label, current: barValue(row.views) }))),
  };
}

function charactersFigure(data: AuthorsStatsData): StatsFigure {
  return {
    id: "personajes",
    section: "chapters",
    title: "Personajes más desbloqueados",
    description:
      "Una barra por personaje que se desbloquea con un código, de más a menos lectores que lo han abierto (desde el principio). " +
      SMALL_NOTE,
    columns: [text("Personaje"), count("Lectores")],
    rows: data.characters.map((character) => ({ label: character.name, cells: [shownCount(character.readers)] })),
    chart: horizontalBars(
      data.characters.map((character) => ({ label: character.name, current: barValue(character.readers) })),
    ),
  };
}

function clansFigure(data: AuthorsStatsData, clanNames: readonly string[]): StatsFigure {
  const rows = clanNames.map((name, id) => ({ label: name, readers: data.clans.get(id) ?? 0 }));
  return {
    id: "clanes",
    section: "chapters",
    title: "Clanes elegidos",
    description: `Una barra por clan: cuántos lectores lo tienen elegido hoy. ${SMALL_NOTE}`,
    columns: [text("Clan"), count("Lectores")],
    rows: rows.map((row) => ({ label: row.label, cells: [shownCount(row.readers)] })),
    chart: horizontalBars(rows.map((row) => ({ label: row.label, current: barValue(row.readers) }))),
  };
}

/** Per key (a path without its query, a QR code), current and previous period, most seen first. */
function perKey(paths: PathCount[], keyOf: (path: string) => string | null) {
  const byKey = new Map<string, { current: number; previous: number }>();
  for (const row of paths) {
    const key = keyOf(row.path);
    if (key === null) continue;
    const counts = byKey.get(key) ?? { current: 0, previous: 0 };
    counts.current += row.current;
    counts.previous += row.previous;
    byKey.set(key, counts);
  }
  return [...byKey.entries()]
    .map(([key, counts]) => ({ key, ...counts }))
    .filter((row) => row.current + row.previous > 0)
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.key.localeCompare(b.key))
    .slice(0, PATH_ROW_LIMIT);
}

function comparedFigure(
  data: AuthorsStatsData,
  base: Pick<StatsFigure, "id" | "section" | "title">,
  keyName: string,
  what: string,
  rows: { key: string; current: number; previous: number }[],
  extraRows: { label: string; current: number; previous: number }[] = [],
): StatsFigure {
  const names = periodNames(data.days);
  const shown = rows.slice(0, CHART_ROW_LIMIT);
  return {
    ...base,
    description:
      `${what}: ${names.current.toLowerCase()} (barra oscura) y ${names.previous.toLowerCase()} (barra clara, debajo)` +
      `${rows.length > shown.length ? `; el gráfico dibuja los ${shown.length} primeros, la tabla ${rows.length}` : ""}. ${SMALL_NOTE}`,
    columns: [text(keyName), count(names.current), count(names.previous)],
    rows: [...rows.map((row) => ({ label: row.key, ...row })), ...extraRows].map((row) => ({
      label: row.label,
      cells: [shownCount(row.current), shownCount(row.previous)],
    })),
    chart: horizontalBars(
      shown.map((row) => ({ label: row.key, current: barValue(row.current), previous: barValue(row.previous) })),
    ),
  };
}

/**
 * QR scans per code and per point of the chosen period: a row per point and a column per code
 * (most scanned first), then each code's total in the period and in the one before. The chart
 * is small multiples, one line per code on a common scale, headed by the same two totals, so it
 * shows nothing the table does not.
 */
function codeDaysFigure(data: AuthorsStatsData, codeDays: CodeDayCount[]): StatsFigure {
  const { days } = data;
  const names = periodNames(days);
  const bucket = bucketNames(days);
  const countsByCode = new Map<string, CodeDayCount[]>();
  for (const row of codeDays) countsByCode.set(row.code, [...(countsByCode.get(row.code) ?? []), row]);
  const allCodes = [...countsByCode.entries()]
    .map(([code, counts]) => {
      const series = bucketed(days, counts);
      return { code, series, current: total(series.current), previous: total(series.previous) };
    })
    .filter((code) => code.current + code.previous > 0)
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.code.localeCompare(b.code));
  const codes = allCodes.slice(0, CODE_COLUMN_LIMIT);
  const charted = codes.slice(0, CHART_PANEL_LIMIT);
  const starts = bucketed(days, []).currentStarts;
  const rows =
    codes.length === 0
      ? [{ label: "Ningún código escaneado en estos dos periodos", cells: [] }]
      : [
          ...starts.map((start, index) => ({
            label: isoDay(start),
            cells: codes.map((code) => shownCount(code.series.current[index]!)),
          })),
          { label: `Total: ${names.current.toLowerCase()}`, cells: codes.map((code) => shownCount(code.current)) },
          { label: `Total: ${names.previous.toLowerCase()}`, cells: codes.map((code) => shownCount(code.previous)) },
        ];
  const cutNote = [
    allCodes.length > codes.length ? `la tabla da los ${codes.length} más escaneados de ${allCodes.length}` : "",
    codes.length > charted.length ? `el gráfico dibuja los ${charted.length} primeros` : "",
  ].filter(Boolean);
  return {
    id: "escaneos-por-codigo-y-dia",
    section: "qr",
    title: "Escaneos por código y día",
    description:
      `Un gráfico pequeño por código QR, del más escaneado al menos, todos con la misma escala: sus escaneos por ` +
      `${bucket.unit} en los ${names.current.toLowerCase()}. Sobre cada uno, su total en ese tiempo y, entre ` +
      `paréntesis, el de los ${names.previous.toLowerCase()}; la tabla da las mismas cifras` +
      `${cutNote.length ? ` (${cutNote.join("; ")})` : ""}. ${SMALL_NOTE}`,
    columns: [date(bucket.column), ...codes.map((code) => count(code.code))],
    rows,
    points: bucket.points,
    chart:
      charted.length === 0
        ? null
        : smallMultiples(
            charted.map((code) => ({
              label: `${code.code}: ${shownCount(code.current)} (antes ${shownCount(code.previous)})`,
              values: code.series.current.map(barValue),
            })),
            { scaleLabel: (max) => `Escala común: de 0 a ${max} escaneos` },
          ),
  };
}

const qrCodeOf = (path: string) =>
  path.startsWith(QR_PATH_PREFIX) ? pathOf(path.slice(QR_PATH_PREFIX.length)).split("/")[0]! : null;

/** Every figure of the page for the chosen period, in the order shown. */
export function authorsStatsFigures(data: AuthorsStatsData, other: OtherFigures): StatsFigure[] {
  return [
    journeyFigure(data),
    seriesFigure(data, "visitas", "Visitas a páginas", "Páginas vistas (sin contar escaneos)", data.viewDays),
    seriesFigure(data, "escaneos", "Escaneos de códigos QR", "Escaneos de todos los códigos", data.scanDays),
    seriesFigure(
      data,
      "altas",
      "Cuentas nuevas",
      "Cuentas creadas (lectores, familias y lectores niños)",
      data.signUpDays,
    ),
    seriesFigure(
      data,
      "comentarios",
      "Comentarios",
      "Comentarios escritos, en cualquier estado (también los borrados después)",
      data.commentDays,
    ),
    seriesFigure(
      data,
      "lectores-activos",
      "Lectores activos",
      "Lectores que desbloquearon un capítulo o un personaje, o escribieron un comentario, contado cada uno una vez al día,",
      data.activeReaderDays,
      { perDay: true },
    ),
    chaptersFigure(data),
    charactersFigure(data),
    clansFigure(data, other.clanNames),
    comparedFigure(
      data,
      { id: "escaneos-por-codigo", section: "qr", title: "Escaneos por código" },
      "Código",
      "Una barra por código QR",
      perKey(data.paths, qrCodeOf),
      [{ label: "Códigos que no existen", ...other.unknownScans }],
    ),
    codeDaysFigure(data, data.codeDays),
    comparedFigure(
      data,
      { id: "paginas", section: "qr", title: "Visitas por página" },
      "Página",
      "Una barra por página (sin su consulta), de la más vista a la menos",
      perKey(data.paths, (path) => (qrCodeOf(path) === null ? pathOf(path) : null)),
    ),
    {
      id: "familias",
      section: "families",
      title: "Familias",
      description: "Cuentas de familia que han dado de alta a lectores niños, y esos lectores. Sólo recuentos.",
      columns: [text("Dato"), count("Número")],
      rows: [
        { label: "Familias con lectores niños", cells: [shownCount(other.families.families)] },
        { label: "Lectores niños", cells: [shownCount(other.families.childReaders)] },
      ],
      chart: null,
    },
    {
      id: "clases",
      section: "families",
      title: "Clases",
      description:
        "Clases abiertas ahora, sus alumnos y los capítulos que esos alumnos han desbloqueado (desde el principio). Sólo recuentos: ninguna clase por su nombre.",
      columns: [text("Dato"), count("Número")],
      rows: [
        { label: "Clases abiertas", cells: [shownCount(other.classes.classes)] },
        { label: "Alumnos", cells: [shownCount(other.classes.students)] },
        { label: "Capítulos desbloqueados por alumnos", cells: [shownCount(other.classes.chapterUnlocks)] },
      ],
      chart: null,
    },
  ];
}

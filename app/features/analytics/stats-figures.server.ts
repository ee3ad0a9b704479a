import { horizontalBars, periodLines } from "../../lib/chart-scenes.server.ts";
import type { AuthorsStatsData, ChapterRow } from "./authors-stats.server.ts";
import { barValue, shownCount } from "./small-counts.ts";
import type { StatsFigure } from "./stats-figure.ts";
import {
  bucketNames,
  count,
  date,
  isoDay,
  pathOf,
  periodNames,
  SMALL_NOTE,
  text,
  total,
} from "./stats-figure-parts.server.ts";
import { qrAndPageFigures } from "./stats-qr-figures.server.ts";
import { bucketDays, bucketed, type DayCount, type PeriodDays } from "./stats-period.ts";

export { CODE_COLUMN_LIMIT, PATH_ROW_LIMIT } from "./stats-qr-figures.server.ts";

/** What other features count, handed in by the composition root (features do not import each other). */
export type OtherFigures = {
  /** Clan names by id (0 = none chosen). */
  clanNames: readonly string[];
  families: { families: number; childReaders: number };
  classes: { classes: number; students: number; chapterUnlocks: number };
  /** Scans of codes that do not exist, in the current and previous period. */
  unknownScans: { current: number; previous: number };
};

const dayFormat = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", timeZone: "UTC" });
const yearDayFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  year: "2-digit",
  timeZone: "UTC",
});

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
    ...qrAndPageFigures(data, other.unknownScans),
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

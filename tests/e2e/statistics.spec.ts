import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { request as playwrightRequest } from "@playwright/test";
import {
  cardSignInThroughServer,
  createClassThroughServer,
  apodoWord,
  pasteRosterThroughServer,
  printClassCardsThroughServer,
  rosterOf,
} from "./class-helpers.ts";
import { tokenPath } from "./pages.ts";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  signUp,
  signUpAdmin,
  siteServer,
  test,
} from "./support.ts";

/** Every figure of the page (app/features/analytics/stats-figures.server.ts), and which have a chart. */
const CHARTED = [
  "recorrido",
  "visitas",
  "escaneos",
  "altas",
  "comentarios",
  "lectores-activos",
  "capitulos",
  "personajes",
  "clanes",
  "escaneos-por-codigo",
  "escaneos-por-codigo-y-dia",
  "paginas",
];
const TABLE_ONLY = ["familias", "clases"];

/** The CSV's last column: which count columns of a row hold a '<5' (their cells are empty). */
const SMALL_COUNTS_COLUMN = "Columnas con <5 (de 1 a 4)";

/** A CSV file read by a CSV parser (csv-parse), its byte-order mark dropped. */
const readCsv = (text: string, delimiter = ",") =>
  parse(text, { bom: true, delimiter, relax_column_count: false }) as string[][];

/**
 * What a table shows, row by row: each cell's text, a day as its ISO date (the <time> element's
 * datetime), and for a row that folds empty days, how many it folds.
 */
const tableRowsOf = (table: Locator) =>
  table.locator("tr").evaluateAll((rows) =>
    rows.map((row) => ({
      cells: Array.from(row.querySelectorAll("th, td"), (cell) => {
        const times = Array.from(cell.querySelectorAll("time"), (time) => time.getAttribute("datetime"));
        return times.length ? times.join("/") : (cell.textContent?.trim() ?? "");
      }),
      emptyDays: Number(row.getAttribute("data-empty-days") ?? 0),
    })),
  );

/** Points of a figure over time: its rows, a folded row counting its days. */
const pointsOf = async (table: Locator) =>
  (await tableRowsOf(table.locator("tbody"))).reduce((sum, row) => sum + (row.emptyDays || 1), 0);

/**
 * A figure's CSV against its table: the same header (and the '<5' column), every number a whole
 * number or empty with its column named in the last one ('<5' in the table), days as ISO dates,
 * and the days the table folds all zero.
 */
async function expectCsvOfTable(csvText: string, table: Locator) {
  const [header, ...lines] = readCsv(csvText);
  const [tableHeader, ...tableRows] = await tableRowsOf(table);
  const hasCounts = header!.at(-1) === SMALL_COUNTS_COLUMN;
  const columns = hasCounts ? header!.slice(0, -1) : header!;
  expect(columns).toEqual(tableHeader!.cells);
  const shown = (line: string[]) => {
    const small = hasCounts ? line.at(-1)!.split(" | ") : [];
    return columns.map((column, index) => {
      const value = line[index]!;
      if (value === "" && small.includes(column)) return "<5";
      if (/^\d+$/.test(value)) return String(Number(value));
      return value;
    });
  };
  for (const line of lines)
    for (const [index, value] of line.slice(0, columns.length).entries())
      if (index > 0 && /^\d/.test(value) && !/^\d{4}-\d\d-\d\d$/.test(value)) expect(value).toMatch(/^\d+$/);
  let next = 0;
  for (const row of tableRows) {
    if (row.emptyDays) {
      const folded = lines.slice(next, next + row.emptyDays);
      expect(row.cells[0]).toBe(`${folded[0]![0]}/${folded.at(-1)![0]}`);
      for (const line of folded) expect(shown(line).filter((cell) => /^(<5|[1-9]\d*)$/.test(cell))).toEqual([]);
      next += row.emptyDays;
    } else {
      expect(shown(lines[next]!)).toEqual(row.cells);
      next++;
    }
  }
  expect(next).toBe(lines.length);
}

async function expectFiguresWithTheirTables(page: Page) {
  for (const id of [...CHARTED, ...TABLE_ONLY]) {
    const figure = page.getByTestId(`${id}-figure`);
    await expect(figure, id).toBeVisible();
    const title = (await figure.getByRole("heading", { level: 3 }).textContent())!;
    await expect(figure.getByRole("table", { name: title })).toBeVisible();
    const chart = figure.getByTestId(`${id}-chart`);
    if (!CHARTED.includes(id)) {
      await expect(chart).toHaveCount(0);
      continue;
    }
    // An image named by its title, described by its desc, with the table beside it.
    await expect(chart).toHaveAttribute("role", "img");
    await expect(chart).toHaveAccessibleName(title);
    await expect(chart).toHaveAccessibleDescription(/\s.{40,}/);
    await expect(chart.locator("title")).toHaveText(title);
  }
}

test.describe("the authors' statistics", () => {
  test.slow();

  test("a reader is refused the page and every CSV by the server", async ({ page }) => {
    await signUp(page);
    expect((await page.goto("/adminpanel/estadisticas"))?.status()).toBe(403);
    expect((await page.request.get("/adminpanel/estadisticas/recorrido.csv?dias=30")).status()).toBe(403);
    expect((await page.request.get("/adminpanel/estadisticas/paginas.csv")).status()).toBe(403);
  });

  test("an admin sees every figure as a chart with its table, switches the period, and downloads CSVs that match the tables", async ({
    page,
  }) => {
    await signUpAdmin(page);
    // Something to count in the period: a view, a scan.
    await gotoHydrated(page, "/el-libro");
    await page.goto("/qr/capitulo-1");
    await gotoHydrated(page, "/adminpanel/estadisticas");
    await expect(page.getByRole("heading", { level: 1, name: "Estadísticas" })).toBeVisible();
    const periods = page.getByRole("navigation", { name: "Periodo de las estadísticas" });
    await expect(periods.getByRole("link", { name: "30 días" })).toHaveAttribute("aria-current", "page");
    await expectFiguresWithTheirTables(page);
    // A row per day, runs of days with nothing counted folded into one row ("27 días sin actividad").
    expect(await pointsOf(page.getByTestId("visitas-table"))).toBe(30);
    const folded = page.getByTestId("altas-table").locator("tr[data-empty-days]").first();
    await expect(folded).toContainText(/\d+ días sin actividad/);
    await expect(page.getByTestId("recorrido-table").locator("tbody tr")).toHaveCount(15);
    await expect(page.getByText("«<5»", { exact: false }).first()).toBeVisible();
    // Scans per code and day: a column for the code just scanned, a row per day, then the two totals.
    const codeDays = page.getByTestId("escaneos-por-codigo-y-dia-table");
    await expect(codeDays.locator("thead")).toContainText("capitulo-1");
    expect(await pointsOf(codeDays)).toBe(30 + 2);
    await expect(codeDays.locator("tbody tr").last().locator("th")).toHaveText("Total: 30 días anteriores");

    // The period switch: a link each, no script needed; the figures follow.
    for (const [days, points, firstColumn] of [
      [7, 7, "Día"],
      [90, 13, "Semana desde"],
      [365, 13, "30 días desde"],
    ] as const) {
      await periods.getByRole("link", { name: `${days} días` }).click();
      await expect(page).toHaveURL(new RegExp(`\\?dias=${days}$`));
      await expect(periods.getByRole("link", { name: `${days} días` })).toHaveAttribute("aria-current", "page");
      const visits = page.getByTestId("visitas-table");
      await expect.poll(() => pointsOf(visits)).toBe(points);
      await expect(visits.locator("thead th").first()).toHaveText(firstColumn);
      await expect(visits.locator("thead th").nth(1)).toHaveText(`Últimos ${days} días`);
      await expect(visits.locator("thead th").nth(3)).toHaveText(`${days} días anteriores`);
      await expect(page.getByTestId("visitas-chart")).toBeVisible();
    }

    // Each figure's CSV is its table for the period shown, read by a CSV parser: days as ISO
    // dates, whole numbers, '<5' named in its own column; the semicolon variant holds the same.
    for (const id of [...CHARTED, ...TABLE_ONLY]) {
      const figure = page.getByTestId(`${id}-figure`);
      const link = figure.getByRole("link", { name: /^Descargar CSV/ });
      const href = (await link.getAttribute("href"))!;
      expect(href).toBe(`/adminpanel/estadisticas/${id}.csv?dias=365`);
      const response = await page.request.get(href);
      expect(response.status(), id).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers()["content-disposition"]).toContain(`estadisticas-${id}-365-dias.csv`);
      const csv = await response.text();
      await expectCsvOfTable(csv, page.getByTestId(`${id}-table`));
      const spanish = figure.getByRole("link", { name: /^CSV para Excel en español/ });
      const semicolons = await page.request.get((await spanish.getAttribute("href"))!);
      expect(semicolons.headers()["content-disposition"]).toContain(`estadisticas-${id}-365-dias-punto-y-coma.csv`);
      const semicolonText = await semicolons.text();
      expect(semicolonText.charCodeAt(0), id).toBe(0xfeff); // the byte-order mark: a spreadsheet reads UTF-8
      expect(readCsv(semicolonText, ";")).toEqual(readCsv(csv));
    }
  });

  test("closing a class leaves every count as it was: the journey, sign-ups and active readers", async ({
    page,
    browser,
  }) => {
    await signUpAdmin(page);
    const { baseURL } = siteServer();
    /** A figure's CSV, read by a CSV parser, as objects by column name. */
    const csvOf = async (id: string) =>
      parse(await (await page.request.get(`/adminpanel/estadisticas/${id}.csv?dias=7`)).text(), {
        bom: true,
        columns: true,
        cast: true,
      }) as Record<string, string | number>[];
    const counts = async () => {
      const chapter13 = (await csvOf("recorrido")).find((row) => String(row["Capítulo"]).startsWith("13. "))!;
      return {
        unlocked13: chapter13["Lectores"],
        signUpsToday: (await csvOf("altas")).at(-1)!["Últimos 7 días"],
        activeToday: (await csvOf("lectores-activos")).at(-1)!["Últimos 7 días"],
      };
    };

    // A teacher's class of six: each student signs in by card and scans chapter 13's code.
    const teacherContext = await newContext(browser);
    const teacher = await teacherContext.newPage();
    await signUp(teacher);
    const classId = await createClassThroughServer(teacher.request, `Estadística ${apodoWord()}`);
    const roster = rosterOf(apodoWord(), 6);
    await pasteRosterThroughServer(teacher.request, classId, roster);
    const cards = await printClassCardsThroughServer(teacher.request, classId);
    for (const [index, card] of cards.entries()) {
      const student = await playwrightRequest.newContext({ baseURL });
      await cardSignInThroughServer(student, card, roster[index]!);
      const scanned = await student.get("/qr/capitulo-13");
      expect(new URL(scanned.url()).pathname).toBe(tokenPath(13));
      await student.dispose();
    }
    const before = await counts();
    // Whole numbers, read as numbers by the parser (six students at least: no '<5').
    expect(typeof before.unlocked13).toBe("number");
    expect(before.unlocked13).toBeGreaterThanOrEqual(6);
    expect(before.signUpsToday).toBeGreaterThanOrEqual(6);
    expect(before.activeToday).toBeGreaterThanOrEqual(6);

    const closed = await teacher.request.post(`${baseURL}/clases/${classId}`, {
      headers: { Origin: baseURL },
      form: { intent: "cerrar", confirmar: "cerrar" },
    });
    expect(new URL(closed.url()).search).toMatch(/^\?aviso=cerrada/); // closed (with or without the board downloaded)

    // The students are gone; what they did is still counted (other tests may add, never take away).
    const after = await counts();
    expect(after.unlocked13).toBeGreaterThanOrEqual(before.unlocked13 as number);
    expect(after.signUpsToday).toBeGreaterThanOrEqual(before.signUpsToday as number);
    expect(after.activeToday).toBeGreaterThanOrEqual(before.activeToday as number);
    await teacherContext.close();
  });

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    test(`has no accessibility violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpAdmin(page);
      await page.goto("/qr/capitulo-1"); // a scan, so the per-code charts are drawn too
      await gotoHydrated(page, "/adminpanel/estadisticas?dias=90");
      await expect(page.getByTestId("escaneos-por-codigo-y-dia-chart")).toBeVisible();
      await expectNoAxeViolations(page, "/adminpanel/estadisticas", { rules: "all" });
      // A wide table scrolls inside its own focusable region on a phone, never the page.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    });
  }
});

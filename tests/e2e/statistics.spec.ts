import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, signUp, signUpAdmin, test } from "./support.ts";

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

/** A CSV file as rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== "," && char !== "\n" && char !== "\r")) {
      field += char;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    }
  }
  return rows;
}

/** What a table shows: its header row and each row's cells, as text. */
const tableText = (table: Locator) =>
  table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent?.trim() ?? "")),
    );

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
    await expect(page.getByTestId("visitas-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("recorrido-table").locator("tbody tr")).toHaveCount(15);
    await expect(page.getByText("«<5»", { exact: false }).first()).toBeVisible();
    // Scans per code and day: a column for the code just scanned, a row per day, then the two totals.
    const codeDays = page.getByTestId("escaneos-por-codigo-y-dia-table");
    await expect(codeDays.locator("thead")).toContainText("capitulo-1");
    await expect(codeDays.locator("tbody tr")).toHaveCount(30 + 2);
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
      await expect(visits.locator("tbody tr")).toHaveCount(points);
      await expect(visits.locator("thead th").first()).toHaveText(firstColumn);
      await expect(visits.locator("thead th").nth(1)).toHaveText(`Últimos ${days} días`);
      await expect(visits.locator("thead th").nth(3)).toHaveText(`${days} días anteriores`);
      await expect(page.getByTestId("visitas-chart")).toBeVisible();
    }

    // Each figure's CSV is its table, '<5' included, for the period shown.
    for (const id of [...CHARTED, ...TABLE_ONLY]) {
      const figure = page.getByTestId(`${id}-figure`);
      const link = figure.getByRole("link", { name: /^Descargar CSV/ });
      const href = (await link.getAttribute("href"))!;
      expect(href).toBe(`/adminpanel/estadisticas/${id}.csv?dias=365`);
      const response = await page.request.get(href);
      expect(response.status(), id).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers()["content-disposition"]).toContain(`estadisticas-${id}-365-dias.csv`);
      const csv = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
      expect(csv, id).toEqual(await tableText(page.getByTestId(`${id}-table`)));
    }
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

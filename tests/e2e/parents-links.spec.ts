/**
 * Issue 12, item 6: real links for parents. The buy and shop links come from BOOK_URL and
 * SHOP_URL (hidden when unset); events live in the database, edited at /adminpanel/eventos;
 * a past event is marked past and never bookable.
 */
import { E2E_BOOK_URL, E2E_SHOP_URL } from "../support/shop-links.ts";
import { expect, newContext, signUp, signUpAdmin, test } from "./support.ts";

test.describe("book and shop links", () => {
  test("lead to the configured addresses on home, /el-libro and /eventos", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Comprar el libro" })).toHaveAttribute("href", E2E_BOOK_URL);
    const map = page.getByRole("region", { name: "El mapa de la aventura" });
    await expect(map.getByRole("link", { name: /^Tienda/ })).toHaveAttribute("href", E2E_SHOP_URL);
    await expect(page.getByRole("link", { name: "Reserva tu lugar" })).toHaveAttribute("href", "/eventos#proximos");
    for (const path of ["/el-libro", "/eventos"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Comprar el libro" })).toHaveAttribute("href", E2E_BOOK_URL);
    }
  });

  test("are hidden when BOOK_URL and SHOP_URL are unset: no link leads to a 404", async ({
    browser,
    siteWithoutOptionalServices: site,
  }) => {
    // Starting a second site takes a while on a busy machine.
    test.setTimeout(120_000);
    // The worker's site with both unset (and the other optional services: support.ts).
    const context = await newContext(browser, { baseURL: site.baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const map = page.getByRole("region", { name: "El mapa de la aventura" });
      await expect(map.getByRole("link")).toHaveCount(3);
      await expect(page.getByRole("link", { name: /^Tienda/ })).toHaveCount(0);
      for (const path of ["/", "/el-libro", "/eventos"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("link", { name: "Comprar el libro" })).toHaveCount(0);
        const hrefs = await page
          .locator("a[href]")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        for (const dead of ["/section1", "/section2", "/reservation"]) expect(hrefs).not.toContain(dead);
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("events from the database", () => {
  test("an admin adds a bookable event; moved into the past it is marked past and never bookable", async ({ page }) => {
    await signUpAdmin(page);
    const year = new Date().getFullYear() + 1;
    // The demo calendar's years (its dates follow the site's first start).
    await page.goto("/eventos");
    const seasonTitle = (await page.locator("#calendario-titulo").textContent())!;
    const firstYear = seasonTitle.slice(0, 4);
    await page.goto("/adminpanel");
    await page
      .getByRole("navigation", { name: "Secciones de administración" })
      .getByRole("link", { name: "Eventos" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eventos");

    const adder = page.getByRole("region", { name: "Agregar evento" });
    await adder.getByLabel("Nombre", { exact: true }).fill("Lectura bajo la luna");
    await adder.getByLabel("Fecha", { exact: true }).fill(`${year}-10-31`);
    await adder.getByLabel("Hora (Ciudad de México)").fill("18:30");
    await adder.getByLabel("Lugar", { exact: true }).fill("Biblioteca Central");
    await adder.getByLabel("Ciudad", { exact: true }).fill("Morelia");
    await adder.getByLabel("Estado", { exact: true }).fill("Michoacán");
    await adder.getByLabel("Cupo (lugares)").fill("40");
    await adder.getByLabel("Enlace para reservar").fill("no es un enlace");
    await adder.getByRole("button", { name: "Agregar evento" }).click();
    // Refused beside its field; nothing was added.
    await expect(adder.getByText("El enlace para reservar debe empezar con https://")).toBeVisible();
    await expect(page.getByTestId("admin-event")).toHaveCount(5);

    await adder.getByLabel("Enlace para reservar").fill("https://boletos.example/luna");
    await adder.getByRole("button", { name: "Agregar evento" }).click();
    await expect(adder.getByText("Evento agregado.")).toBeVisible();
    await expect(page.getByTestId("admin-event")).toHaveCount(6);

    await page.goto("/eventos");
    const calendar = page.getByRole("region", { name: `${firstYear}-${year}` });
    const added = calendar.getByTestId("event").filter({ hasText: "Lectura bajo la luna" });
    await expect(added).not.toHaveAttribute("data-past", "true");
    await expect(added.getByRole("link", { name: /^Disponible/ })).toHaveAttribute(
      "href",
      "https://boletos.example/luna",
    );
    await expect(added).toContainText("Cupo: 40 lugares");
    await expect(added.locator("time")).toContainText(`31 de octubre de ${year}, 18:30 h`);

    // The admin moves it into the past: shown as past, with no booking link.
    await page.goto("/adminpanel/eventos");
    const editor = page.getByTestId("admin-event").filter({ hasText: "Lectura bajo la luna" });
    await editor.getByLabel("Fecha", { exact: true }).fill("2024-10-31");
    await editor.getByRole("button", { name: "Guardar" }).click();
    await expect(editor.getByText("Evento guardado.")).toBeVisible();
    await page.goto("/eventos");
    const past = page.getByTestId("event").filter({ hasText: "Lectura bajo la luna" });
    await expect(past).toHaveAttribute("data-past", "true");
    await expect(past.getByText("Ya pasó", { exact: true })).toBeVisible();
    await expect(past.getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("region", { name: `2024-${seasonTitle.slice(-4)}` })).toBeVisible();

    // Deleted again: this worker's site is shared with /eventos tests that expect the seeded calendar.
    await page.goto("/adminpanel/eventos");
    await editor.getByRole("button", { name: "Borrar" }).click();
    await expect(page.getByTestId("admin-event").filter({ hasText: "Lectura bajo la luna" })).toHaveCount(0);
    await page.goto("/eventos");
    await expect(page.getByRole("region", { name: seasonTitle })).toBeVisible();
  });

  test("readers are refused the editor by the server", async ({ page }) => {
    await signUp(page);
    const response = await page.goto("/adminpanel/eventos");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No tienes permiso");
  });
});

import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, signUp, signUpAdmin, test } from "./support.ts";

test.describe("the QR studio", () => {
  test.slow();

  test("a reader is refused the studio and its images by the server", async ({ page }) => {
    await signUp(page);
    expect((await page.goto("/adminpanel/qr"))?.status()).toBe(403);
    expect((await page.request.get("/adminpanel/qr/book.svg")).status()).toBe(403);
  });

  test("an admin creates a code, decodes its image, scans it, sees the count rise and changes where it leads", async ({
    page,
    baseURL,
  }) => {
    await signUpAdmin(page);
    await page.goto("/adminpanel");
    await page.getByRole("link", { name: "Códigos QR" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Códigos QR" })).toBeVisible();
    // The demo codes of DESIGN.md contract 3 are there.
    await expect(page.getByTestId("qr-code")).toHaveCount(17);

    const codeField = page.getByLabel("Código", { exact: true });
    const proposal = await codeField.inputValue();
    expect(proposal).toMatch(/^[a-z0-9]{12}$/);
    await page.getByLabel("Destino").first().fill("/eventos?taquito");
    await page.getByLabel("Etiqueta").first().fill("Cartel de la feria");
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page.getByText(`Código «${proposal}» creado.`)).toBeVisible();
    const card = page.getByTestId("qr-code").filter({ hasText: proposal });
    await expect(card.getByTestId("scan-total")).toHaveText("0");

    // The SVG downloads; the PNG decodes to SITE_URL/qr/<code>.
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "SVG" }).click();
    expect((await download).suggestedFilename()).toBe(`qr-${proposal}.svg`);
    const svg = await page.request.get(`/adminpanel/qr/${proposal}.svg`);
    expect(await svg.text()).toContain("<svg");
    const png = PNG.sync.read(Buffer.from(await (await page.request.get(`/adminpanel/qr/${proposal}.png`)).body()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(decoded).toBe(`${baseURL}/qr/${proposal}`);

    // Scanning it: the reader lands on its destination, and the studio counts the scan.
    await page.goto(decoded!);
    await expect(page).toHaveURL(/\/eventos\?taquito$/);
    await page.goto("/adminpanel/qr");
    await expect(card.getByTestId("scan-total")).toHaveText("1");
    await expect(card.getByTestId("scan-chart")).toHaveAttribute("aria-label", /1 escaneos en los últimos 30 días/);

    // After printing: the same code now leads elsewhere.
    await card.getByLabel("Destino").fill("/personajes");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card.getByText("Cambios guardados.")).toBeVisible();
    await page.goto(decoded!);
    await expect(page).toHaveURL(/\/personajes$/);
    await page.goto("/adminpanel/qr");
    await expect(card.getByTestId("scan-total")).toHaveText("2");

    // Deactivated, it stops leading anywhere and leaves the printable sheet.
    await card.getByRole("button", { name: "Desactivar" }).click();
    await expect(card.getByText("Desactivado", { exact: true })).toBeVisible();
    expect((await page.goto(decoded!))?.status()).toBe(410);
    await page.goto("/adminpanel/qr/hoja");
    await expect(page.getByRole("img", { name: "Código QR book" })).toBeVisible();
    await expect(page.getByRole("img", { name: `Código QR ${proposal}` })).toHaveCount(0);
  });
});

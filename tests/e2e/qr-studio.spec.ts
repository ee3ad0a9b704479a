import jsQR from "jsqr";
import { PNG } from "pngjs";
import { QR_GUESSING_MESSAGES, QR_MESSAGES } from "../../app/features/qr/qr-messages.ts";
import { QR_MISS_LIMITS } from "../../app/features/qr/qr.server.ts";
import {
  expect,
  expectNoAxeViolations,
  newContext,
  signUpAdmin,
  signUpWith,
  startSiteServer,
  test,
  uniqueWord,
  workerPort,
} from "./support.ts";

const STUDIO_CODE = /^[b-df-hj-km-np-tv-z2-9]{14}$/;
const OTHER_PATH = "Otra ruta de este sitio (escríbela en «Otra ruta»)";

test.describe("the QR studio", () => {
  test.slow();

  test("a reader is refused the studio and its images by the server", async ({ request }) => {
    await signUpWith(request);
    expect((await request.get("/adminpanel/qr")).status()).toBe(403);
    expect((await request.get("/adminpanel/qr/book.svg")).status()).toBe(403);
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
    expect(proposal).toMatch(STUDIO_CODE);
    // A path the picker does not name: «Otra ruta», typed beside it.
    await page.getByLabel("Destino").first().selectOption({ label: OTHER_PATH });
    await page.getByLabel("Otra ruta").first().fill("/eventos?taquito");
    await page.getByLabel("Etiqueta").first().fill("Cartel de la feria");
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page.getByText(`Código «${proposal}» creado.`)).toBeVisible();
    const card = page.getByTestId("qr-code").filter({ hasText: proposal });
    await expect(card.getByTestId("scan-total")).toHaveText("0");
    // The studio's own code is not flagged.
    await expect(card.getByTestId("guessable-warning")).toHaveCount(0);

    // The SVG downloads; the PNG decodes to SITE_URL/qr/<code>.
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "SVG" }).click();
    expect((await download).suggestedFilename()).toBe(`qr-${proposal}.svg`);
    const svg = await page.request.get(`/adminpanel/qr/${proposal}.svg`);
    expect(await svg.text()).toContain("<svg");
    const png = PNG.sync.read(Buffer.from(await (await page.request.get(`/adminpanel/qr/${proposal}.png`)).body()));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(decoded).toBe(`${baseURL}/qr/${proposal}`);

    // Scanning it: the reader lands on its destination (the server's redirect, followed), and the
    // studio counts the scan.
    const scan = (url: string) => page.request.get(url);
    const first = await scan(decoded!);
    expect(first.status()).toBe(200);
    expect(first.url()).toMatch(/\/eventos\?taquito$/);
    await page.goto("/adminpanel/qr");
    await expect(card.getByTestId("scan-total")).toHaveText("1");
    await expect(card.getByTestId("scan-chart")).toHaveAccessibleName(/1 escaneos en los últimos 30 días/);

    // After printing: the same code now leads elsewhere.
    await card.getByLabel("Destino").selectOption({ label: "Personajes" });
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card.getByText("Cambios guardados.")).toBeVisible();
    const second = await scan(decoded!);
    expect(second.status()).toBe(200);
    expect(second.url()).toMatch(/\/personajes$/);
    await page.goto("/adminpanel/qr");
    await expect(card.getByTestId("scan-total")).toHaveText("2");

    // Deactivated, it stops leading anywhere and leaves the printable sheet.
    await card.getByRole("button", { name: "Desactivar" }).click();
    await expect(card.getByText("Desactivado", { exact: true })).toBeVisible();
    expect((await scan(decoded!)).status()).toBe(410);
    const sheet = await (await page.request.get("/adminpanel/qr/hoja")).text();
    expect(sheet).toContain('alt="Código QR book"');
    expect(sheet).not.toContain(`alt="Código QR ${proposal}"`);
  });

  test("the printed sheet is the codes alone, in the book's order, each named by what it opens (checked as a picture)", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signUpAdmin(page);
    // An A4 page's width at 96 px per inch: the width the print dialog lays the sheet out at.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.goto("/adminpanel/qr/hoja");
    const codes = await page.getByTestId("qr-sheet-code").allTextContents();
    // 1, 2, … 10, 11, not 1, 10, 11, …, 2 (other tests of this worker add codes of their own).
    expect(codes.filter((code) => /^capitulo-\d+$/.test(code))).toEqual(
      Array.from({ length: 14 }, (_, index) => `capitulo-${index + 1}`),
    );
    // Under each code, what it is for; the code itself only small, beneath.
    const item = (code: string) =>
      page
        .getByTestId("qr-sheet-item")
        .filter({ has: page.getByTestId("qr-sheet-code").getByText(code, { exact: true }) });
    await expect(item("capitulo-10").getByTestId("qr-sheet-title")).toHaveText(/^Capítulo 10: \S/);
    await expect(item("book").getByTestId("qr-sheet-title")).toHaveText("Lleva a /?book");
    // An expired code is not printed.
    await expect(item("event")).toHaveCount(0);
    const titles = await page.getByTestId("qr-sheet-title").allTextContents();
    titles.forEach((title, index) => expect(title).not.toBe(codes[index]));

    // Printed: no site menu, no footer.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    const picture = PNG.sync.read(await page.screenshot({ fullPage: true, path: testInfo.outputPath("hoja.png") }));
    expect(picture.width, "nothing sticks out of the page's width").toBe(794);
    // The navbar's navy band is nowhere in the picture: no row is mostly navy (#1a1446).
    const navyRows = Array.from({ length: picture.height }, (_, y) => {
      let navy = 0;
      for (let x = 0; x < picture.width; x++) {
        const at = (y * picture.width + x) * 4;
        const [r, g, b] = [picture.data[at]!, picture.data[at + 1]!, picture.data[at + 2]!];
        if (Math.abs(r - 0x1a) < 12 && Math.abs(g - 0x14) < 12 && Math.abs(b - 0x46) < 12) navy++;
      }
      return navy > picture.width / 2;
    }).filter(Boolean).length;
    expect(navyRows).toBe(0);
    // Read back from the picture, the QR codes come in the same order and lead to their codes.
    const boxes = await page.locator(".qr-sheet-item img").evaluateAll((images) =>
      images.map((image) => {
        const box = image.getBoundingClientRect();
        return { x: Math.round(box.x + scrollX), y: Math.round(box.y + scrollY), size: Math.round(box.width) };
      }),
    );
    const read = boxes.map(({ x, y, size }) => {
      const pixels = new Uint8ClampedArray(size * size * 4);
      for (let row = 0; row < size; row++) {
        const from = ((y + row) * picture.width + x) * 4;
        pixels.set(picture.data.subarray(from, from + size * 4), row * size * 4);
      }
      return jsQR(pixels, size, size)?.data.replace(`${baseURL}/qr/`, "");
    });
    expect(read).toEqual(codes);
  });

  test("guessable codes are flagged, and one click gives a new unguessable code with the same target and scans", async ({
    page,
  }) => {
    await signUpAdmin(page);
    await page.goto("/adminpanel/qr");
    // The demo codes (DESIGN.md contract 3) are flagged.
    const demo = page
      .getByTestId("qr-code")
      .filter({ has: page.getByRole("heading", { name: "capitulo-1", exact: true }) });
    await expect(demo.getByTestId("guessable-warning")).toContainText("Se puede adivinar");
    await expect(page.getByTestId("guessable-count")).toContainText("códigos se pueden adivinar");

    // A code typed by hand with a number in it is flagged too. (Not a demo code: other specs
    // in this worker scan those on the same site.)
    const typed = `feria-${uniqueWord().slice(0, 6)}-2025`;
    await page.getByLabel("Código", { exact: true }).fill(typed);
    await page.getByLabel("Destino").first().selectOption({ label: "Personajes" });
    await page.getByRole("button", { name: "Crear" }).click();
    await expect(page.getByText(`Código «${typed}» creado.`)).toBeVisible();
    const cardOf = (code: string) =>
      page.getByTestId("qr-code").filter({ has: page.getByRole("heading", { name: code, exact: true }) });
    const oldCard = cardOf(typed);
    await expect(oldCard.getByTestId("guessable-warning")).toContainText("lleva un número");

    // A scan before the replacement (the server's redirect, followed): its history must follow the code.
    expect((await page.request.get(`/qr/${typed}`)).url()).toMatch(/\/personajes$/);
    await page.goto("/adminpanel/qr");
    await expect(oldCard.getByTestId("scan-total")).toHaveText("1");

    await oldCard.getByRole("button", { name: "Sustituir por un código imposible de adivinar" }).click();
    const notice = page.getByRole("status").filter({ hasText: `«${typed}» ahora es «` });
    await expect(notice).toBeFocused();
    const replacement = /ahora es «([^»]+)»/.exec((await notice.textContent()) ?? "")![1]!;
    expect(replacement).toMatch(STUDIO_CODE);
    await expect(oldCard).toHaveCount(0);
    const newCard = cardOf(replacement);
    await expect(newCard.getByTestId("scan-total")).toHaveText("1");
    await expect(newCard.getByLabel("Destino")).toHaveValue("/personajes");
    await expect(newCard.getByTestId("guessable-warning")).toHaveCount(0);

    // The new code leads where the old one did; the old one is an unknown code now.
    expect((await page.request.get(`/qr/${replacement}`)).url()).toMatch(/\/personajes$/);
    const old = await page.request.get(`/qr/${typed}`);
    expect(old.status()).toBe(404);
    expect(await old.text()).toContain(`<h1>${QR_MESSAGES.invalid}</h1>`);
  });
});

test.describe("guessing codes", () => {
  test.slow();
  // A site of its own with the real limits: the worker's site multiplies them (many sign-ups
  // from one address), and an address past this limit would wait 10 minutes there.
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  test.beforeAll(async () => {
    // Starting a site takes seconds, more on a loaded machine than a hook's default 30 s allows.
    test.setTimeout(90_000);
    site = await startSiteServer(workerPort(18), { RATE_LIMIT_MULTIPLIER: "1", SMTP_URL: "" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("an address past the limit of unknown codes waits, with a Spanish page, known codes included", async ({
    browser,
  }) => {
    const context = await newContext(browser, { baseURL: site.baseURL });
    const page = await context.newPage();
    // A class scanning real codes never reaches the limit: only misses count.
    for (let scan = 0; scan < 30; scan++)
      expect((await page.request.get("/qr/book", { maxRedirects: 0 })).status()).toBe(302);
    for (let guess = 0; guess < QR_MISS_LIMITS.perWindow.max; guess++)
      expect((await page.request.get(`/qr/capitulo-${20 + guess}`)).status()).toBe(404);

    const refused = await page.goto("/qr/capitulo-99");
    expect(refused?.status()).toBe(429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: QR_GUESSING_MESSAGES.title })).toBeVisible();
    await expect(page.getByText(QR_GUESSING_MESSAGES.text)).toBeVisible();
    await expectNoAxeViolations(page, "/qr past the limit");
    // A real code from the same address waits too, so the answers tell a guesser nothing.
    expect((await page.request.get("/qr/book", { maxRedirects: 0 })).status()).toBe(429);
    await context.close();
  });
});

import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  gotoHydrated,
  newContext,
  PASSWORD,
  signUp,
  signUpAdmin,
  type SiteServer,
  ADULT_BIRTH_YEAR,
  test,
  uniqueEmail,
  waitForLive,
} from "./support.ts";

/**
 * The writing test adds a chapter: it runs on the worker's site without optional services
 * (support.ts), so the worker's own site keeps the 14 chapters other specs count. No spec there
 * counts chapters.
 */
type Site = Pick<SiteServer, "baseURL" | "dataDir">;

async function pageOn(browser: Browser, own: Site) {
  const context = await newContext(browser, { baseURL: own.baseURL });
  return context.newPage();
}

async function signUpOn(page: Page, own: Site, admin = false) {
  const email = uniqueEmail(admin ? "admin" : "lectora");
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
    headers: { Origin: own.baseURL },
  });
  expect(response.status()).toBe(200);
  if (admin)
    await promisify(execFile)(
      process.execPath,
      [join(resolve(import.meta.dirname, "../.."), "scripts/admin.ts"), "grant", email],
      {
        env: { ...process.env, DATA_DIR: own.dataDir, DATABASE_URL: "" },
      },
    );
}

test.describe("the chapter editor", () => {
  test.slow();

  test("readers are refused by the server", async ({ page }) => {
    await signUp(page);
    expect((await page.goto("/adminpanel/capitulos"))?.status()).toBe(403);
    expect((await page.goto("/adminpanel/capitulos/nuevo"))?.status()).toBe(403);
  });

  test("an admin writes a chapter in Markdown with a live preview; a reader sees it live and its <script> never runs", async ({
    browser,
    // No mail server there: sign-ups sign in at once (no confirmation e-mail to follow).
    siteWithoutOptionalServices: site,
  }) => {
    const page = await pageOn(browser, site);
    // A reader has the chapter list open before the chapter exists.
    const reader = await pageOn(browser, site);
    await signUpOn(reader, site);
    const dialogs: string[] = [];
    reader.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await reader.goto("/capitulos");
    await waitForLive(reader);
    await expect(reader.locator(".chapter-card")).toHaveCount(14);

    await signUpOn(page, site, true);
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto("/adminpanel");
    await page.getByRole("link", { name: "Capítulos" }).last().click();
    await page.getByRole("link", { name: "Nuevo capítulo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo capítulo" })).toBeVisible();
    const token = await page.getByLabel("Ruta del código impreso").inputValue();
    expect(token).toMatch(/^\/[0-9a-f]{12}$/);

    await page.getByLabel("Título", { exact: true }).fill("La ofrenda");
    await page.getByLabel("Subtítulo").fill("Velas para todos");
    await page.getByLabel("Número", { exact: true }).fill("15");
    await page.getByLabel("Dirección pública").fill("la-ofrenda");
    await page.getByLabel("Descripción breve").fill("Pan de muerto y cempasúchil.");
    await page.getByLabel("Pregunta para los comentarios").fill("¿Qué pondrías en tu ofrenda?");
    // The image is uploaded (a PNG made here), not a file of the repository.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#e07b00" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("O sube la imagen 1")
      .setInputFiles({ name: "velas.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText(/Imagen subida: \/media\//)).toBeVisible();
    await expect(page.getByLabel("Imagen 1: dirección")).toHaveValue(/^\/media\/[0-9a-f]{32}\.webp$/);
    await page.getByLabel("Texto alternativo").first().fill("El lago de noche");
    await page.getByLabel("Pie de imagen").first().fill("Las velas se reflejan en el agua.");
    await page
      .getByLabel("Texto (Markdown)")
      .fill('## Las velas\n\nHabía **muchas** velas.\n\n<script>alert("xss")</script><img src=x onerror="alert(2)">');
    const preview = page.getByTestId("chapter-preview");
    await expect(preview.locator("h2")).toHaveText("Las velas");
    await expect(preview.locator("strong")).toHaveText("muchas");
    await expect(preview.locator("script, img")).toHaveCount(0);

    await page.getByRole("button", { name: "Guardar capítulo" }).click();
    await expect(page.getByText("Capítulo guardado.")).toBeVisible();
    await expect(page.getByTestId("editor-chapter").last()).toContainText("La ofrenda");

    // Live: the reader's open list shows the new chapter without a reload, linked by its slug.
    await expect(reader.locator(".chapter-card")).toHaveCount(15);
    const link = reader.getByRole("link", { name: "La ofrenda" });
    await expect(link).toHaveAttribute("href", "/la-ofrenda");
    await link.click();
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Capítulo 15: La ofrenda");
    await expect(reader.locator(".chapter-body strong")).toHaveText("muchas");
    await expect(reader.locator(".chapter-body script, .chapter-body img")).toHaveCount(0);
    const uploaded = reader.getByRole("button", { name: "Ver en grande: El lago de noche" }).locator("img");
    await expect(uploaded).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\.webp/);
    await expect.poll(() => uploaded.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await reader.content()).not.toContain(token);
    await waitForLive(reader);

    // An edit reaches the open chapter page live too.
    await page.getByRole("link", { name: "Editar «La ofrenda»" }).click();
    await page.getByLabel("Subtítulo").fill("Velas y flores");
    await page.getByRole("button", { name: "Guardar capítulo" }).click();
    await expect(page.getByText("Capítulo guardado.")).toBeVisible();
    await expect(reader.locator(".chapter-subtitle")).toHaveText("Velas y flores");

    // A slug the site already uses is refused beside its field.
    await page.goto("/adminpanel/capitulos/nuevo");
    await page.getByLabel("Título", { exact: true }).fill("Otro");
    await page.getByLabel("Dirección pública").fill("capitulos");
    await page.getByRole("button", { name: "Guardar capítulo" }).click();
    await expect(page.getByText("Esa dirección ya la usa otra página del sitio.")).toBeVisible();

    expect(dialogs).toEqual([]);
    await reader.context().close();
    await page.context().close();
  });
});

test.describe("image uploads", () => {
  test("the character editor uploads beside its image path; the server refuses SVG and files over 5 MB", async ({
    page,
    baseURL,
  }) => {
    await signUpAdmin(page);
    await gotoHydrated(page, "/add-character");
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#3355aa" } })
      .png()
      .toBuffer();
    await page.getByLabel("O sube una imagen").setInputFiles({ name: "nuevo.png", mimeType: "image/png", buffer: png });
    await expect(page.getByLabel("URL de la imagen")).toHaveValue(/^\/media\/[0-9a-f]{32}\.webp$/);

    await page.getByLabel("O sube una imagen").setInputFiles({
      name: "dibujo.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect(page.getByText("Las imágenes SVG no se aceptan: sube una imagen PNG, JPEG o WebP.")).toBeVisible();

    // Past the 256 KB form limit, up to the 5 MB rule, which the app answers in Spanish.
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    png.copy(big);
    const response = await page.request.post("/adminpanel/imagenes", {
      headers: { Origin: baseURL! },
      multipart: { file: { name: "grande.png", mimeType: "image/png", buffer: big } },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("La imagen pesa más de 5 MB.");
  });
});

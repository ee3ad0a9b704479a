/**
 * Issue 44, sections 2 and 3 (decision 076): 'Aa' reading settings on chapter pages, applied by
 * the server in the first HTML (no shift), for visitors and readers, with every theme readable;
 * and a reader's place in a chapter, offered back on another device ('Seguir donde me quedé').
 */
import type { BrowserContext, Page } from "@playwright/test";
import { tokenPath } from "./pages.ts";
import { expect, expectNoAxeViolations, logIn, newContext, signUp, siteServer, test } from "./support.ts";

const CHAPTER = "/salida-a-tzintzuntzan";
/** The chapter's element in a page's HTML carries these settings' classes (the stylesheet inside the page names them all). */
const chapterClasses = (html: string) => /class="(chapter-page [^"]*)"/.exec(html)?.[1] ?? "";
const THEMES = ["claro", "sepia", "oscuro"] as const;
const settingsCookie = (value: string) => ({
  name: "lectura",
  value,
  url: siteServer().baseURL,
});

/** Opens 'Aa' and applies these choices through its form, as a reader does. */
async function applySettings(page: Page, choices: Record<string, string>) {
  await page.locator("summary", { hasText: "Aa" }).click();
  for (const [group, choice] of Object.entries(choices))
    await page.getByRole("group", { name: group }).getByRole("radio", { name: choice, exact: true }).check();
  await page.getByRole("button", { name: "Aplicar" }).click();
}

/** Sums the page's layout shifts from its very start (Chromium's Layout Instability API). */
async function measureLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    (window as unknown as { layoutShifts: number }).layoutShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) (window as unknown as { layoutShifts: number }).layoutShifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: number }).layoutShifts);

/** The number of the first paragraph of the chapter still on screen from the top. */
const paragraphAtTop = (page: Page) =>
  page.evaluate(() => {
    for (const paragraph of document.querySelectorAll<HTMLElement>(".chapter-body p[id^='parrafo-']"))
      if (paragraph.getBoundingClientRect().bottom > 1) return Number(paragraph.id.slice("parrafo-".length));
    return null;
  });

test("settings chosen with 'Aa' are in the chapter's first HTML, and nothing moves after it", async ({
  browser,
  page,
}) => {
  await page.goto(CHAPTER);
  await applySettings(page, {
    "Tamaño del texto": "Muy grande",
    "Espacio entre letras y palabras": "Amplio",
    "Espacio entre líneas": "Amplio",
    Colores: "Sepia",
  });
  const chapter = page.locator(".chapter-page");
  await expect(chapter).toHaveClass(/lectura-tema-sepia/);
  expect(new URL(page.url()).pathname).toBe(CHAPTER);
  // The server's HTML itself carries them (a cookie it read), not a script after the paint.
  const html = await (await page.request.get(CHAPTER)).text();
  expect(html).toMatch(
    /class="chapter-page [^"]*lectura-texto-enorme lectura-espaciado-amplio lectura-interlineado-amplio lectura-tema-sepia"/,
  );
  const body = page.locator(".chapter-body");
  await expect(body).toHaveCSS("font-size", "26.4px");
  await expect(body).toHaveCSS("letter-spacing", /^3\.1\d*px$/);
  await expect(chapter).toHaveCSS("background-color", "rgb(244, 236, 216)");
  // The form shows what is chosen.
  await page.locator("summary", { hasText: "Aa" }).click();
  await expect(page.getByRole("group", { name: "Colores" }).getByRole("radio", { name: "Sepia" })).toBeChecked();

  // A fresh load with the settings: no layout shift at all, through hydration (the panel is the
  // server's HTML: no module of its own arrives later).
  const context = await newContext(browser);
  await context.addCookies([settingsCookie("enorme.amplio.amplio.sepia")]);
  await measureLayoutShifts(context);
  const fresh = await context.newPage();
  await fresh.goto(CHAPTER);
  await expect(fresh.locator(".chapter-body")).toHaveCSS("font-size", "26.4px");
  await fresh.waitForTimeout(500);
  expect(await layoutShifts(fresh)).toBe(0);
  await context.close();
});

test("'Aa' works without JavaScript", async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CHAPTER);
  await applySettings(page, { Colores: "Oscuro", "Tamaño del texto": "Grande" });
  await expect(page.locator(".chapter-page")).toHaveClass(/lectura-texto-grande.*lectura-tema-oscuro/);
  await expect(page.locator(".chapter-page")).toHaveCSS("background-color", "rgb(28, 27, 34)");
  await context.close();
});

test("every theme keeps its text readable, on plain chapters and on the clans' backgrounds", async ({ browser }) => {
  test.slow();
  for (const theme of THEMES) {
    const context = await newContext(browser);
    await context.addCookies([settingsCookie(`grande.amplio.amplio.${theme}`)]);
    const page = await context.newPage();
    await signUp(page);
    // Chapter 6 has the blood background, chapter 10 the night one.
    for (const path of [CHAPTER, tokenPath(6), tokenPath(10)]) {
      await page.goto(path);
      await page.locator("summary", { hasText: "Aa" }).click();
      await expectNoAxeViolations(page, `${path} in the ${theme} theme`);
    }
    await context.close();
  }
});

test("a visitor's settings never reach another visitor through the kept pages", async ({ request }) => {
  const DARK = "lectura=normal.normal.normal.oscuro";
  await request.get(CHAPTER);
  const plain = await request.get(CHAPTER);
  expect(plain.headers()["x-cache"]).toBe("hit");
  expect(chapterClasses(await plain.text())).not.toContain("lectura-");
  // The dark visitor gets their own page, and it is kept for them (and those with the same settings).
  const dark = await request.get(CHAPTER, { headers: { Cookie: DARK } });
  expect(chapterClasses(await dark.text())).toContain("lectura-tema-oscuro");
  const darkAgain = await request.get(CHAPTER, { headers: { Cookie: `analiticas=no; ${DARK}` } });
  expect(chapterClasses(await darkAgain.text())).toContain("lectura-tema-oscuro");
  const keptDark = await request.get(CHAPTER, { headers: { Cookie: DARK } });
  expect(keptDark.headers()["x-cache"]).toBe("hit");
  expect(chapterClasses(await keptDark.text())).toContain("lectura-tema-oscuro");
  // The next visitor without settings still gets the plain page, from the cache.
  const plainAgain = await request.get(CHAPTER);
  expect(plainAgain.headers()["x-cache"]).toBe("hit");
  expect(chapterClasses(await plainAgain.text())).not.toContain("lectura-");
  // Made-up values are the plain page too.
  const madeUp = await request.get(CHAPTER, { headers: { Cookie: "lectura=x.y.z.w" } });
  expect(madeUp.headers()["x-cache"]).toBe("hit");
  expect(chapterClasses(await madeUp.text())).not.toContain("lectura-");
});

test("a reader who leaves a chapter midway continues there on another device, with their settings", async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const email = await signUp(page);
  // The tracker comes with the page's idle work, once the browser is idle or the reader
  // scrolls, whichever is first (chapter-idle.client.ts).
  const tracker = page.waitForResponse((response) => /\/chapter-idle[\w.-]*\.js$/.test(response.url()));
  await page.goto(CHAPTER);
  // Not a word of the offer before there is a place to go back to.
  await expect(page.getByRole("link", { name: "Seguir donde me quedé" })).toHaveCount(0);
  await tracker;
  await page.locator("#parrafo-4").evaluate((paragraph) => paragraph.scrollIntoView({ block: "start" }));
  await page.mouse.wheel(0, 20);
  await expect.poll(() => paragraphAtTop(page)).toBe(4);
  // Leaving the page sends the place (a beacon on pagehide).
  await page.goto("/capitulos");

  const other = await newContext(browser);
  await measureLayoutShifts(other);
  const second = await other.newPage();
  await logIn(second, email);
  await second.setViewportSize({ width: 360, height: 640 });
  const resume = second.getByRole("link", { name: "Seguir donde me quedé" });
  await expect(async () => {
    await second.goto(CHAPTER);
    await expect(resume).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // The offer is in the first HTML: nothing moves for it.
  await second.waitForTimeout(500);
  expect(await layoutShifts(second)).toBe(0);
  await resume.click();
  await expect.poll(async () => Math.abs((await paragraphAtTop(second))! - 4)).toBeLessThanOrEqual(1);

  // The passport shows the chapter as started.
  await second.goto("/pasaporte");
  await expect(second.locator(".passport-chapter").first()).toContainText("Empezado");

  // Settings chosen on the first device come with the reader to the second.
  await page.goto(CHAPTER);
  await applySettings(page, { Colores: "Oscuro" });
  await expect(page.locator(".chapter-page")).toHaveClass(/lectura-tema-oscuro/);
  await second.goto(CHAPTER);
  await expect(second.locator(".chapter-page")).toHaveClass(/lectura-tema-oscuro/);
  expect((await other.cookies()).some((cookie) => cookie.name === "lectura")).toBe(false);
  await other.close();
});

test("a visitor's place is not kept on the server", async ({ page }) => {
  await page.goto(CHAPTER);
  const refused = await page.request.post("/api/lectura", {
    form: { que: "posicion", capitulo: "capitulo-1", parrafo: "3" },
    headers: { Origin: siteServer().baseURL },
  });
  expect(refused.status()).toBe(401);
  const foreign = await page.request.post("/api/lectura", {
    form: { que: "ajustes", tamano: "grande", espaciado: "normal", interlineado: "normal", tema: "claro" },
    headers: { Origin: "http://evil.example" },
  });
  expect(foreign.status()).toBe(403);
});

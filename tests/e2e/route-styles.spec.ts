/**
 * Each page carries only its route's part of the stylesheet (issue 38, decision 080): on a chapter
 * after a QR scan the whole one was 84% unused, and about half of a repeat visit's bytes. What a
 * page carries must still style it exactly as the whole stylesheet does, and a client-side
 * navigation to another route must bring the rest before it shows the new page.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signUp, signUpAdmin, test, waitForAnimations } from "./support.ts";

const assetsDir = resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client/assets");
const wholeStylesheet = `/assets/${readdirSync(assetsDir).find((name) => /^app-[\w-]+\.css$/.test(name))}`;

/** What a reader sees of each element: enough properties that any missing rule shows. */
const PROPERTIES = [
  "display",
  "position",
  "float",
  "flex-direction",
  "justify-content",
  "align-items",
  "gap",
  "width",
  "height",
  "margin",
  "padding",
  "border",
  "border-radius",
  "color",
  "background-color",
  "background-image",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "text-align",
  "text-decoration-line",
  "opacity",
  "visibility",
  "box-shadow",
  "outline-style",
  "list-style-type",
  "overflow",
];

/** Every element's styles, by its place in the document. */
const computedStyles = (page: Page) =>
  page.evaluate((properties) => {
    const styles: Record<string, string> = {};
    document.querySelectorAll("body *").forEach((element, index) => {
      const style = getComputedStyle(element);
      const path = `${index} ${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
      styles[path] = properties.map((property) => `${property}:${style.getPropertyValue(property)}`).join(";");
    });
    return styles;
  }, PROPERTIES);

async function expectSameLookWithTheWholeStylesheet(page: Page, path: string) {
  await gotoHydrated(page, path);
  // No animation may be half-way when the two are compared.
  await waitForAnimations(page);
  const inline = await page.locator("head style").first().textContent();
  const whole = await (await page.request.get(wholeStylesheet)).text();
  expect(inline!.length, `${path} carries its route's rules, not all of them`).toBeLessThan(whole.length * 0.8);
  const before = await computedStyles(page);
  await page.evaluate(
    (href) =>
      new Promise((loaded, failed) => {
        const link = document.head.appendChild(document.createElement("link"));
        link.onload = loaded;
        link.onerror = failed;
        link.rel = "stylesheet";
        link.href = href;
      }),
    wholeStylesheet,
  );
  const after = await computedStyles(page);
  const changed = Object.keys(after).filter((element) => after[element] !== before[element]);
  expect(
    changed.map((element) => `${element}\n  route's: ${before[element]}\n  whole's: ${after[element]}`),
    `${path}: elements the whole stylesheet styles differently`,
  ).toEqual([]);
}

test.describe("a page's own stylesheet", () => {
  for (const path of ["/", "/salida-a-tzintzuntzan", "/personajes", "/eventos", "/capitulos", "/login", "/contact"])
    test(`${path} looks as it does with the whole stylesheet`, async ({ page }) => {
      await expectSameLookWithTheWholeStylesheet(page, path);
    });

  test("the route's name is for the server alone, on a visitor's kept page too", async ({ request }) => {
    // The first answer is rendered and kept, the second comes from the kept copy.
    for (const _ of [1, 2]) {
      const response = await request.get("/salida-a-tzintzuntzan");
      expect(response.status()).toBe(200);
      expect(response.headers()["x-stylesheet-route"]).toBeUndefined();
    }
  });

  test("a signed-in reader's pages, filled in by the server, look the same too", async ({ page }) => {
    await signUp(page);
    for (const path of ["/salida-a-tzintzuntzan", "/tu-perfil", "/pasaporte"]) {
      const response = await page.request.get(path);
      // The route's name is for the server alone.
      expect(response.headers()["x-stylesheet-route"]).toBeUndefined();
      await expectSameLookWithTheWholeStylesheet(page, path);
    }
  });

  test("an admin's pages look the same too", async ({ page }) => {
    await signUpAdmin(page);
    for (const path of ["/adminpanel", "/adminpanel/comentarios", "/adminpanel/qr", "/adminpanel/estadisticas"])
      await expectSameLookWithTheWholeStylesheet(page, path);
  });
});

test("a client-side navigation to another route brings the whole stylesheet before it shows the page", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(page, "/salida-a-tzintzuntzan");
  // The chapter's own rules hold nothing of the events' page.
  expect(await page.locator("head style").first().textContent()).not.toContain(".event-card");
  expect(stylesheets, "a visit that stays on its page downloads no stylesheet").toEqual([]);

  // The moment the events' page is in the document, its cards are already styled.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const card = document.querySelector(".event-card");
      if (!card) return;
      observer.disconnect();
      (window as unknown as { firstCardStyle: string }).firstCardStyle = getComputedStyle(card).borderLeftWidth;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("navigation").getByRole("link", { name: "Eventos" }).first().click();
  await expect(page).toHaveURL(/\/eventos$/);
  await expect(page.locator(".event-card").first()).toBeVisible();
  const styledAtOnce = await page.evaluate(() => (window as unknown as { firstCardStyle: string }).firstCardStyle);
  const fullLoad = await page.context().newPage();
  await fullLoad.goto("/eventos");
  const styledOnLoad = await fullLoad
    .locator(".event-card")
    .first()
    .evaluate((card) => getComputedStyle(card).borderLeftWidth);
  expect(styledAtOnce).toBe(styledOnLoad);
  expect(styledOnLoad).toBe("6px");
  expect(stylesheets).toEqual([wholeStylesheet]);

  // Further navigations need nothing more.
  await page.getByRole("navigation").getByRole("link", { name: "Personajes" }).first().click();
  await expect(page).toHaveURL(/\/personajes$/);
  expect(stylesheets).toEqual([wholeStylesheet]);
});

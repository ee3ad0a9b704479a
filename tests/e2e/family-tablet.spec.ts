/**
 * Issue 39, 'Family tablet': a device that remembers its family offers '¿Quién lee?' one tap
 * away (navbar, home, /login) and a child's 'Salir' lands there; a forgotten PIN is a matter
 * for an adult, who can end the pause; the tablet shows who reads, and never the adult's e-mail.
 */
import type { Page } from "@playwright/test";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  signUp,
  siteWithRealLimits,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";
import { addChildThroughServer, typePinOnChooser } from "./family-helpers.ts";
import { ASK_AN_ADULT } from "../../app/features/families/family-messages.ts";

const navbar = (page: Page) => page.getByRole("navigation", { name: "Principal" });

/** Text at 200% on the page's (320 px) screen: how far the page reaches past it (0: it fits). */
async function overflowAtDoubleText(page: Page) {
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("a child's 'Salir' lands on '¿Quién lee?', one tap away on the device's navbar (a phone's too), home and /login; other devices' pages stay the shared ones", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 320, height: 700 });
  await signUp(page);
  const apodo = `Ajolote ${uniqueWord().slice(0, 6)}`;
  // The adult's /familia (where this device starts to remember the family), through the server.
  await addChildThroughServer(page, apodo, "Taquito", "2580");
  await gotoHydrated(page, "/quien-lee");
  await typePinOnChooser(page, apodo, "2580");
  await expect(page).toHaveURL(/\/pasaporte$/);
  // Who reads, in sight on a phone without opening the menu, and it fits at 200% text.
  await expect(navbar(page).getByText(`¡Hola, ${apodo}!`)).toBeVisible();
  await expect(navbar(page).getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
  expect(await overflowAtDoubleText(page), "/pasaporte of a child at 200% text").toBe(0);
  await page.reload();

  await navbar(page).getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/quien-lee$/);
  await expect(page.locator("label.picture-choice")).toHaveText([apodo]);

  for (const path of ["/", "/login"]) {
    await gotoHydrated(page, path);
    // In the navbar, outside the closed menu, and on the page itself.
    await expect(navbar(page).getByRole("link", { name: "¿Quién lee?" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "¿Quién lee?" })).toBeVisible();
    await expectNoAxeViolations(page, `${path} on a family's device`);
    expect(await overflowAtDoubleText(page), `${path} at 200% text`).toBe(0);
  }
  // By keyboard: the link right after the logo and the menu's button.
  await gotoHydrated(page, "/login");
  await navbar(page).getByRole("link", { name: "Valentina y Taquito, inicio" }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(navbar(page).getByRole("link", { name: "¿Quién lee?" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/quien-lee$/);

  // The server's pages: this device's are rendered for it (never from the visitors' cache)...
  for (let load = 0; load < 2; load++) {
    const mine = await page.request.get("/");
    expect(mine.headers()["x-cache"]).toBeUndefined();
    expect(await mine.text()).toContain("¿Quién lee?");
  }
  // ...and another device's stay the shared ones, without it.
  const stranger = await newContext(browser);
  for (let load = 0; load < 2; load++) {
    const theirs = await stranger.request.get("/");
    expect(await theirs.text()).not.toContain("¿Quién lee?");
  }
  expect((await stranger.request.get("/")).headers()["x-cache"]).toBe("hit");
  await stranger.close();
});

test("no page names the adult by their e-mail: the navbar and '¿Quién lee?' show their apodo", async ({ page }) => {
  const email = uniqueEmail("mama.lucia");
  await signUp(page, email);
  const local = email.split("@")[0]!;
  await addChildThroughServer(page, `Colibri ${uniqueWord().slice(0, 6)}`, "Valentina", "1593");
  await gotoHydrated(page, "/tu-perfil");
  const apodo = (await page.getByTestId("apodo-actual").textContent())!.trim();
  await expect(navbar(page).getByTestId("navbar-user")).toHaveText(apodo);
  await expect(page.getByLabel("Nombre para mostrar")).toHaveValue("");
  await gotoHydrated(page, "/quien-lee");
  await expect(page.getByText(`Ahora lee: ${apodo}.`)).toBeVisible();
  const html = await (await page.request.get("/quien-lee")).text();
  expect(html).not.toContain(local);
});

test.describe("a forgotten PIN", () => {
  test.slow();
  const site = siteWithRealLimits(7);

  test("tries left; after two misses, that an adult can change the PIN and how long to wait; the adult's new PIN opens at once", async ({
    browser,
  }) => {
    const context = await newContext(browser, { baseURL: site().baseURL, viewport: { width: 320, height: 700 } });
    const page = await context.newPage();
    const email = uniqueEmail("papa");
    // No mail server on this site: the sign-up signs in at once.
    const signedUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
      headers: { Origin: site().baseURL },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const apodo = `Tlacuache ${uniqueWord().slice(0, 6)}`;
    await addChildThroughServer(page, apodo, "Taquito", "4821", site().baseURL);

    await gotoHydrated(page, "/quien-lee");
    const pinError = page.locator("#reader-pin-error");
    await typePinOnChooser(page, apodo, "0000");
    await expect(pinError).toHaveText("Ese PIN no es correcto. Vuelve a intentarlo. Te quedan 4 intentos.");
    await typePinOnChooser(page, apodo, "1111");
    await expect(pinError).toContainText("Te quedan 3 intentos; después habrá que esperar 15 minutos.");
    await expect(pinError).toContainText(ASK_AN_ADULT);
    for (const pin of ["2222", "3333", "5555"]) await typePinOnChooser(page, apodo, pin);
    await expect(pinError).toContainText("Ahora hay que esperar 15 minutos para probar otra vez.");
    // Even the right PIN waits now.
    await typePinOnChooser(page, apodo, "4821");
    await expect(pinError).toContainText("Demasiados intentos seguidos. Espera 15 minutos y vuelve a intentarlo.");
    await expectNoAxeViolations(page, "/quien-lee (PIN paused)");

    // The adult changes it ('Cambiar su PIN'), signed in with their password.
    await page.getByRole("button", { name: "Soy la persona adulta de la familia" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/familia$/);
    const card = page.getByTestId("family-child").filter({ hasText: apodo });
    await card.getByText("Cambiar su PIN").click();
    await card.getByLabel("PIN nuevo (4 a 6 números)").fill("9753");
    await card.getByLabel("Repite el PIN").fill("9753");
    await card.getByRole("button", { name: "Guardar el PIN" }).click();
    await expect(page.getByRole("status")).toHaveText("PIN cambiado.");

    // The tablet goes back to the child: the new PIN opens at once.
    await navbar(page).getByRole("link", { name: "¿Quién lee?" }).click();
    await expect(page).toHaveURL(/\/quien-lee$/);
    await typePinOnChooser(page, apodo, "9753");
    await expect(page).toHaveURL(/\/pasaporte$/);
    await expect(navbar(page).getByText(`¡Hola, ${apodo}!`)).toBeVisible();
    await context.close();
  });
});

/**
 * DESIGN.md: anything typed into a field before the page is interactive keeps its value and its
 * effect after hydration. The scripts load after the first paint (decision 021), so on a slow
 * phone a reader types seconds before React takes over. Every test here holds the page's scripts,
 * types into every field of one public form (reachable by a visitor, plus a reader's comment
 * box), lets the scripts run, and expects the values still there and the form doing its work.
 */
import type { Page } from "@playwright/test";
import { COMMENT_MESSAGES } from "../../app/features/comments/comment.schema.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  linkInMail,
  signUp,
  signUpWith,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";

/**
 * Holds every script of the page until the returned function is called; that function lets them
 * load and waits until React has hydrated the page (the root marks `html[data-hydrated]`).
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  };
}

/** Opens `path` without waiting for hydration (the scripts are held). */
const openBeforeHydration = (page: Page, path: string) => page.goto(path, { waitUntil: "domcontentloaded" });

const cardNames = (page: Page) => page.locator(".characters-grid .character-card-name");

test.describe("fields typed into before the page hydrates", () => {
  test("the character search filters as the reader types, and keeps the search once React takes over", async ({
    page,
  }) => {
    const hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/personajes");
    const search = page.getByRole("searchbox", { name: "Buscar personaje por nombre" });
    await search.pressSequentially("cama");
    // Before any script of the app has run, the cards already follow the search.
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await expect(cardNames(page).filter({ visible: true })).toHaveText(["Camazotz"]);

    await hydrate();
    await expect(search).toHaveValue("cama");
    await expect(cardNames(page)).toHaveText(["Camazotz"]);
    await expect(page).toHaveURL(/\/personajes\?q=cama$/);
    // And React goes on from there.
    await search.fill("mict");
    await expect(cardNames(page)).toHaveText(["Mictecacíhuatl", "Mictlantecuhtli"]);
  });

  test("sign-in: the e-mail and password typed before hydration sign the reader in", async ({ page, request }) => {
    const email = await signUpWith(request, uniqueEmail());
    const hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/login");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await hydrate();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
    await expect(page.getByLabel("Contraseña")).toHaveValue(PASSWORD);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
  });

  test("sign-up: the e-mail, password and year typed before hydration create the account", async ({ page }) => {
    const email = uniqueEmail();
    const hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/login?modo=registro");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
    await hydrate();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
    await expect(page.getByLabel("Contraseña")).toHaveValue(PASSWORD);
    await expect(page.getByLabel("Año de nacimiento")).toHaveValue(String(ADULT_BIRTH_YEAR));
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(email);
  });

  test("contact: the name, e-mail and message typed before hydration are the ones sent", async ({ page }) => {
    const message = `Hola, ${uniqueWord()}`;
    const hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/contact");
    await page.getByLabel("Nombre").fill("Lupita");
    await page.getByLabel("Correo electrónico").fill("lupita@example.com");
    await page.getByLabel("Comentario").fill(message);
    await hydrate();
    await expect(page.getByLabel("Nombre")).toHaveValue("Lupita");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("lupita@example.com");
    await expect(page.getByLabel("Comentario")).toHaveValue(message);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/send-email.php");
    await page.getByRole("button", { name: "Enviar" }).click();
    const body = (await sent).postData() ?? "";
    for (const value of ["Lupita", "lupita@example.com", message]) expect(body).toContain(value);
    await expect(page.getByText("¡Mensaje enviado!")).toBeVisible();
  });

  test("password reset: the address and the new passwords typed before hydration are the ones used", async ({
    page,
    request,
  }) => {
    const email = await signUpWith(request, uniqueEmail());
    let hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/recuperar-contrasena");
    await page.getByLabel("Correo electrónico").fill(email);
    await hydrate();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByRole("status")).toContainText("Si hay una cuenta con ese correo");
    // better-auth's link, which leads to /recuperar-contrasena/nueva?token=…
    const link = await linkInMail(email, /(https?:\/\/\S+\/reset-password\/\S+)/);

    await page.unrouteAll();
    hydrate = await holdScripts(page);
    await openBeforeHydration(page, link);
    const newPassword = "alebrije-de-cobre-77";
    await page.getByLabel("Contraseña nueva", { exact: true }).fill(newPassword);
    await page.getByLabel("Repite la contraseña nueva").fill(newPassword);
    await hydrate();
    await expect(page.getByLabel("Contraseña nueva", { exact: true })).toHaveValue(newPassword);
    await expect(page.getByLabel("Repite la contraseña nueva")).toHaveValue(newPassword);
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page).toHaveURL(/\/login\?contrasena=cambiada$/);
  });

  test("a reader's comment typed before hydration is posted", async ({ page }) => {
    await signUp(page);
    const text = `Me encantó ${uniqueWord()}`;
    const hydrate = await holdScripts(page);
    await openBeforeHydration(page, "/salida-a-tzintzuntzan");
    await page.getByRole("textbox").fill(text);
    await hydrate();
    await expect(page.getByRole("textbox")).toHaveValue(text);
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.locator(".comment-text").first()).toHaveText(text);
  });

  test("a comment sent before the page is interactive is stored once and says it is in review", async ({ page }) => {
    await signUp(page);
    // A link holds a comment for review (COMMENTS_MODERATION's default, 'risky').
    const text = `Mira https://ejemplo.mx/${uniqueWord()}`;
    await holdScripts(page);
    await openBeforeHydration(page, "/salida-a-tzintzuntzan");
    await page.getByRole("textbox").fill(text);
    // The scripts never came: the form goes as a plain post, and the page comes back with its answer.
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.getByRole("status").filter({ hasText: COMMENT_MESSAGES.held })).toBeVisible();
    await expect(page.locator(".comment-text").filter({ hasText: text })).toHaveCount(1);
  });
});

import type { Page } from "@playwright/test";
import { tokenPath, VISITOR_PAGES } from "./pages.ts";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  preloadAxe,
  linkInMail,
  signUp,
  signUpAdmin,
  signUpWith,
  test,
  uniqueEmail,
  uniqueWord,
  waitForLoadingScreen,
} from "./support.ts";

// Each test runs axe on many pages: several seconds each on a busy 2-core machine.
test.slow();
// axe-core is compiled once per page load instead of sent with every scan.
test.beforeEach(({ context }) => preloadAxe(context));
// The pages as they end up after their fade-in, without waiting ~300 ms for it on each of the
// ~110 loads: with reduced motion nothing fades (decision 002). The other specs' scans
// (characters, passport, public pages, comment safety, …) run with motion, after the fade.
test.use({ reducedMotion: "reduce" });

/**
 * Every page route of app/routes.ts at a phone's width (where most readers are), as the role
 * that can open it: visitors, readers (a child waiting for consent too) and admins; then, at a
 * desktop's width, the pages whose markup changes there (issue 21: scanning all of them twice
 * found nothing the phone scan did not, at twice the cost). Not here: /tu-edad (only a Google
 * account's first sign-in reaches it: guardians.spec.ts scans it on a site of its own), resource
 * routes (files, feeds, redirects: /logout, /profile, /tu-perfil/*).
 */
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  await waitForLoadingScreen(page);
  await expectNoViolationsHere(page, path);
}

const expectNoViolationsHere = expectNoAxeViolations;

test.describe("at phone width", () => {
  test.use({ viewport: PHONE });

  test("visitor pages have no accessibility violations", async ({ page }) => {
    for (const path of VISITOR_PAGES) {
      await expectNoViolations(page, path);
    }
    // Open modals: a character's card (a shared link opens it) and a chapter's picture.
    await gotoHydrated(page, "/personajes?personaje=camazotz");
    await expect(page.getByRole("dialog", { name: "Camazotz" })).toBeVisible();
    await expectNoViolationsHere(page, "the character modal");
    await gotoHydrated(page, "/salida-a-tzintzuntzan");
    await page.locator(".thumbnail-button").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolationsHere(page, "the chapter picture modal");
  });

  test("reader pages have no accessibility violations", async ({ page }) => {
    await signUp(page);
    for (const path of [
      "/tu-perfil",
      "/tu-perfil/mis-datos/resumen",
      "/salida-a-tzintzuntzan",
      tokenPath(2),
      tokenPath(6),
      tokenPath(9),
      tokenPath(10),
      "/camazotz",
      "/section3",
      "/pasaporte",
      "/capitulos",
      "/personajes",
      "/",
      "/eventos",
      // The 403 page a reader gets from an admin page.
      "/adminpanel",
    ]) {
      await expectNoViolations(page, path);
    }
    // A chapter with the reader's own comment and its controls.
    await gotoHydrated(page, "/salida-a-tzintzuntzan");
    await page.locator("#comment-text").fill(`Me encantó el viaje ${uniqueWord()}`);
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.locator("#comment-text")).toHaveValue("");
    await expect(page.locator("li.comment").first()).toBeVisible();
    await expectNoViolationsHere(page, "a chapter with comments");
  });

  test("a waiting child's pages and the guardian's page have no accessibility violations", async ({ page }) => {
    const guardian = uniqueEmail("familia");
    await signUpWith(page.request, uniqueEmail("nina"), undefined, {
      birthYear: new Date().getFullYear() - 10,
      guardianEmail: guardian,
    });
    const link = await linkInMail(guardian, /https?:\/\/[^/\s]+(\/permiso-familiar\/[\w-]+)/);
    for (const path of ["/tu-perfil", "/salida-a-tzintzuntzan", link, "/permiso-familiar/caducado"]) {
      await expectNoViolations(page, path);
    }
  });

  test("admin pages have no accessibility violations", async ({ page }) => {
    await signUpAdmin(page);
    for (const path of [
      "/adminpanel",
      "/adminpanel/mensajes",
      "/adminpanel/estadisticas",
      "/adminpanel/comentarios",
      "/adminpanel/qr",
      "/adminpanel/qr/hoja",
      "/adminpanel/capitulos",
      "/adminpanel/capitulos/capitulo-1",
      "/adminpanel/capitulos/capitulo-10",
      "/adminpanel/eventos",
      "/add-character",
      "/tu-perfil",
      "/salida-a-tzintzuntzan",
    ]) {
      await expectNoViolations(page, path);
    }
  });
});

test.describe("at desktop width", () => {
  test.use({ viewport: DESKTOP });

  // The expanded navbar, the home page's side pictures, both chapter layouts, the character
  // grid and modal, the wide admin tables: what is laid out differently from the phone's.
  test("pages laid out differently at desktop width have no accessibility violations", async ({ page }) => {
    for (const path of ["/", "/personajes", "/salida-a-tzintzuntzan", "/el-libro", "/eventos", "/login"]) {
      await expectNoViolations(page, path);
    }
    await gotoHydrated(page, "/personajes?personaje=camazotz");
    await expect(page.getByRole("dialog", { name: "Camazotz" })).toBeVisible();
    await expectNoViolationsHere(page, "the character modal");
    await signUpAdmin(page);
    for (const path of [
      tokenPath(10),
      "/pasaporte",
      "/tu-perfil",
      "/adminpanel",
      "/adminpanel/estadisticas",
      "/adminpanel/comentarios",
      "/adminpanel/qr",
      "/adminpanel/capitulos/capitulo-1",
    ]) {
      await expectNoViolations(page, path);
    }
  });
});

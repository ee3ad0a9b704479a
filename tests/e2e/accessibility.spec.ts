import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import {
  expect,
  linkInMail,
  signUp,
  signUpAdmin,
  signUpWith,
  test,
  uniqueEmail,
  waitForLoadingScreen,
} from "./support.ts";

// Each test runs axe on several pages: several seconds each on a busy 2-core machine.
test.slow();

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  await waitForLoadingScreen(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, path).toEqual([]);
}

test("visitor pages have no accessibility violations", async ({ page }) => {
  for (const path of [
    "/login",
    "/login?modo=registro",
    "/capitulos",
    "/salida-a-tzintzuntzan",
    "/qr/no-existe",
    "/qr/event",
    "/pagina-que-no-existe",
    "/privacidad",
    "/recuperar-contrasena",
    "/recuperar-contrasena/nueva?token=ficha-de-prueba",
    "/recuperar-contrasena/nueva?error=INVALID_TOKEN",
    "/cuenta-borrada",
    "/pasaporte",
  ]) {
    await expectNoViolations(page, path);
  }
});

test("reader pages have no accessibility violations", async ({ page }) => {
  await signUp(page);
  const chapter9 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 9)!.token}`;
  const chapter10 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 10)!.token}`;
  for (const path of [
    "/tu-perfil",
    "/salida-a-tzintzuntzan",
    chapter9,
    chapter10,
    "/camazotz",
    "/section3",
    "/pasaporte",
    "/capitulos",
  ]) {
    await expectNoViolations(page, path);
  }
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
    "/adminpanel/qr",
    "/adminpanel/qr/hoja",
    "/adminpanel/capitulos",
    "/adminpanel/capitulos/capitulo-1",
    "/adminpanel/eventos",
    "/add-character",
  ]) {
    await expectNoViolations(page, path);
  }
});

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../app/features/chapters/chapter-paths.ts";
import { expect, signUp, signUpAdmin, test, waitForLoadingScreen } from "./support.ts";

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
  ]) {
    await expectNoViolations(page, path);
  }
});

test("reader pages have no accessibility violations", async ({ page }) => {
  await signUp(page);
  const chapter9 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 9)!.token}`;
  const chapter10 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 10)!.token}`;
  for (const path of ["/tu-perfil", "/salida-a-tzintzuntzan", chapter9, chapter10, "/camazotz", "/section3"]) {
    await expectNoViolations(page, path);
  }
});

test("admin pages have no accessibility violations", async ({ page }) => {
  await signUpAdmin(page);
  for (const path of ["/adminpanel", "/adminpanel/mensajes", "/adminpanel/estadisticas", "/add-character"]) {
    await expectNoViolations(page, path);
  }
});

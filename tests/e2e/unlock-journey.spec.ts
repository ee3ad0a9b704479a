/**
 * Issue 12, item 1: the unlock rule holds on every path into a page. After signing up or in,
 * the reader lands where they were, and everything that page unlocks is unlocked and
 * celebrated once (decision 003; app/features/unlocks/unlock-visits.ts).
 */
import type { Page } from "@playwright/test";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import { GOOGLE_TEST_ACCOUNT } from "../support/oidc-server.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  confirmationLink,
  expect,
  gotoHydrated,
  newContext,
  signUp,
  test,
  uniqueEmail,
  waitForLive,
} from "./support.ts";

const chapter = (id: string) => tokenPathOf(CHAPTER_PATHS.find((entry) => entry.id === id)!);
const CHAPTER_1 = chapter("capitulo-1");
const CHAPTER_1_UNLOCKS = "¡Desbloqueaste Mariposa Monarca y el capítulo «Salida a Tzintzuntzan»!";

/**
 * Chapter 1 was reached by its printed path, and writes its slug into the address bar
 * (SPEC.md §2), so the address shows one or the other.
 */
async function expectOnChapter1(page: Page) {
  await expect(page).toHaveURL(new RegExp(`(${CHAPTER_1}|/salida-a-tzintzuntzan)$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 1: Salida a Tzintzuntzan");
}

/** The celebration's line that names what was unlocked (celebration.spec.ts covers the rest). */
const toast = (page: Page) => page.getByRole("status").getByText(/^¡Desbloqueaste/);

/** Counts the browser's unlock reports from now on. */
function unlockReports(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/unlocks") {
      paths.push((JSON.parse(request.postData() ?? "{}") as { path: string }).path);
    }
  });
  return paths;
}

/**
 * Fills and sends the sign-up form as an adult, then opens the confirmation link from the
 * mailbox in the same tab (sign-up is confirmed by e-mail: decision 011); the link brings the
 * reader back to the page they came from.
 */
async function signUpAndConfirm(page: Page) {
  const email = uniqueEmail();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
  await page.goto(await confirmationLink(email));
}

/** A visitor scans the chapter-1 code: the printed token path, public, signed out. */
async function scanChapter1SignedOut(page: Page) {
  await gotoHydrated(page, "/qr/capitulo-1");
  await expectOnChapter1(page);
  await expect(toast(page)).toHaveCount(0);
}

/** The butterfly of chapter 1 is in the reader's collection (and was not before). */
async function expectButterflyUnlocked(page: Page) {
  await page.goto("/personajes");
  await waitForLive(page);
  const butterfly = page.getByRole("button", { name: /^Mariposa Monarca (Básico|Especial|Raro|Evento)/ });
  await expect(butterfly).toBeVisible();
  await expect(butterfly.getByText("Bloqueado")).toHaveCount(0);
}

/** Reloads the page: the server unlocks nothing new, so nothing is celebrated again. */
async function expectNoSecondCelebration(page: Page, reports: string[]) {
  const before = reports.length;
  const reported = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/page-view",
  );
  await page.reload();
  // The page view is reported from an effect that runs after the unlock check's effect.
  await reported;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 1: Salida a Tzintzuntzan");
  await expect(toast(page)).toHaveCount(0);
  expect(reports.length).toBe(before);
}

test.describe("the first unlock is never lost", () => {
  test("scan signed out, then sign up from the chapter's prompt: back on chapter 1, unlocked and celebrated once", async ({
    page,
  }) => {
    const reports = unlockReports(page);
    await scanChapter1SignedOut(page);
    await page.getByRole("link", { name: "Ingresa para dejar tu comentario." }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await page.getByRole("link", { name: "Crea una cuenta" }).click();
    await expect(page.getByRole("heading", { name: "Crea tu cuenta" })).toBeVisible();
    await signUpAndConfirm(page);

    await expectOnChapter1(page);
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
    await expect(toast(page)).toHaveText(CHAPTER_1_UNLOCKS);
    await expect(page.getByRole("status").getByText("¡Tu primer descubrimiento!")).toBeVisible();
    // The confirmation link lands with a full page load: the server unlocked it, the browser
    // had nothing to report.
    expect(reports).toEqual([]);

    await expectNoSecondCelebration(page, reports);
    await expectButterflyUnlocked(page);
  });

  test("scan signed out, then sign in from the navbar: back on chapter 1, unlocked and celebrated", async ({
    page,
    browser,
  }) => {
    // An existing reader (made in another browser), who has never scanned anything.
    const elsewhere = await newContext(browser);
    const email = await signUp(await elsewhere.newPage());
    await elsewhere.close();

    const reports = unlockReports(page);
    await scanChapter1SignedOut(page);
    await page.getByRole("link", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();

    await expectOnChapter1(page);
    await expect(toast(page)).toHaveText(CHAPTER_1_UNLOCKS);
    expect(reports).toEqual([CHAPTER_1]);
    await expectNoSecondCelebration(page, reports);
    await expectButterflyUnlocked(page);
  });

  test("scan signed out, then Google sign-in: back on chapter 1, unlocked and celebrated", async ({ page }) => {
    await scanChapter1SignedOut(page);
    await page.getByRole("link", { name: "Ingresa para dejar tu comentario." }).click();
    await page.getByRole("button", { name: /Continuar con Google/ }).click();
    // The test account's first Google sign-in on this site answers the age question first.
    const chapter1Paths = [CHAPTER_1, "/salida-a-tzintzuntzan"];
    await page.waitForURL((url) => url.pathname === "/tu-edad" || chapter1Paths.includes(url.pathname));
    if (new URL(page.url()).pathname === "/tu-edad") {
      await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
      await page.getByRole("button", { name: "Continuar" }).click();
    }

    // Google brings the reader back with a full page load: the server unlocks and celebrates.
    await expectOnChapter1(page);
    await expect(page.getByTestId("navbar-user")).toHaveText(GOOGLE_TEST_ACCOUNT.name);
    await expect(toast(page)).toHaveText(CHAPTER_1_UNLOCKS);
    const reports = unlockReports(page);
    await expectNoSecondCelebration(page, reports);
    await expectButterflyUnlocked(page);
  });

  test("a client-side navigation to a code unlocks and celebrates without a reload", async ({ page }) => {
    await signUp(page);
    const reports = unlockReports(page);
    await gotoHydrated(page, "/personajes");
    expect(reports).toEqual([]);
    await page.evaluate(() => ((window as unknown as { sinRecargar: boolean }).sinRecargar = true));
    // The app's own router, as a link inside the app would navigate (no link renders a code).
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/qr/capitulo-6"),
    );
    await expect(page).toHaveURL(new RegExp(`(${chapter("capitulo-6")}|/camazotz)$`));
    await expect(toast(page)).toHaveText("¡Desbloqueaste Camazotz y el capítulo «Camazotz»!");
    expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
    // The code's own page (its spinner) is a view too, and unlocks nothing; the chapter once.
    expect(reports.filter((path) => !path.startsWith("/qr/"))).toEqual([chapter("capitulo-6")]);
  });

  test("signing up from a chapter-2 scan still lands on chapter 2 with its unlock", async ({ page }) => {
    await page.goto("/qr/capitulo-2");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("link", { name: "Crea una cuenta" }).click();
    await signUpAndConfirm(page);
    await expect(page).toHaveURL(new RegExp(`(${chapter("capitulo-2")}|/casa-de-la-abuela)$`));
    await expect(toast(page)).toContainText("«Casa de la abuela»");
  });
});

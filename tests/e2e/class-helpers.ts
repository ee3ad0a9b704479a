/** Steps of the classroom pages (issue 23) shared by classes.spec.ts and proxy.spec.ts. */
import type { Page } from "@playwright/test";
import { expect, gotoHydrated } from "./support.ts";

/** The signed-in teacher creates a class (with the consent declaration); returns its id. */
export async function createClass(page: Page, name: string): Promise<string> {
  await gotoHydrated(page, "/clases");
  await page.getByLabel("Nombre de la clase").fill(name);
  await page.getByLabel(/autorizaron el uso del sitio/).check();
  await page.getByRole("button", { name: "Crear la clase" }).click();
  await expect(page.getByRole("status")).toHaveText("¡Clase creada! Ahora añade a tus estudiantes.");
  return new URL(page.url()).pathname.split("/")[2]!;
}

/** Pastes a roster (one apodo per line) on the class's page, and waits for the answer. */
export async function pasteRoster(page: Page, classId: string, apodos: readonly string[]) {
  await gotoHydrated(page, `/clases/${classId}`);
  await page.getByLabel("Apodos, uno por línea").fill(apodos.join("\n"));
  await page.getByRole("button", { name: "Añadir a la clase" }).click();
  // Added (a notice) or refused (the lines that say why).
  await expect(page.getByRole("status").or(page.locator("#class-roster-lines"))).toBeVisible();
}

/** Prints the class's card sheet; returns each card's address path (/entrar/<token>), in roster order. */
export async function printClassCards(page: Page, classId: string, query = ""): Promise<string[]> {
  await gotoHydrated(page, `/clases/${classId}/tarjetas${query}`);
  await page.getByRole("button", { name: "Hacer las tarjetas" }).click();
  await expect(page.getByTestId("class-card").first()).toBeVisible();
  const urls = await page.getByTestId("class-card-url").allTextContents();
  for (const url of urls) expect(url).toMatch(/\/entrar\/[A-Za-z0-9_-]{24}$/);
  return urls.map((url) => new URL(url).pathname);
}

/** A roster of `count` apodos no other test uses (words and numbers only: the public-name rules). */
export const rosterOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index + 10}`);

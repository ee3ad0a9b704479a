/** Steps of the classroom pages (issue 23) shared by classes.spec.ts and proxy.spec.ts. */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, gotoHydrated, siteServer, uniqueWord } from "./support.ts";

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
  // (The status region is always there, empty until a notice arrives.)
  await expect(
    page.getByRole("status").filter({ hasText: /\S/ }).or(page.locator("#class-roster-lines")),
  ).toBeVisible();
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

/*
 * The same steps through the server, posting what the pages' forms post: for the tests of what
 * comes after (the forms themselves are the steps above, used by the tests of the class pages and
 * their axe scans). A page load and its hydration cost more than the answer.
 */

/** The teacher signed in on `request` creates a class (with the consent declaration); returns its id. */
export async function createClassThroughServer(request: APIRequestContext, name: string): Promise<string> {
  const { baseURL } = siteServer();
  const response = await request.post(`${baseURL}/clases`, {
    headers: { Origin: baseURL },
    form: { intent: "crear", name, consent: "si" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const created = new URL(response.url());
  expect(created.search).toBe("?aviso=creada");
  return created.pathname.split("/")[2]!;
}

/** Adds a roster (one apodo per line) to the class, as its page's form does; every line must be taken. */
export async function pasteRosterThroughServer(request: APIRequestContext, classId: string, apodos: readonly string[]) {
  const { baseURL } = siteServer();
  const response = await request.post(`${baseURL}/clases/${classId}`, {
    headers: { Origin: baseURL },
    form: { intent: "anadir", roster: apodos.join("\n") },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(new URL(response.url()).search).toBe("?aviso=anadidos");
}

/** Makes the class's cards, as 'Hacer las tarjetas' does; returns each card's address path, in roster order. */
export async function printClassCardsThroughServer(request: APIRequestContext, classId: string): Promise<string[]> {
  const { baseURL } = siteServer();
  const response = await request.post(`${baseURL}/clases/${classId}/tarjetas`, {
    headers: { Origin: baseURL },
    form: {},
  });
  expect(response.status()).toBe(200);
  const urls = [...(await response.text()).matchAll(/data-testid="class-card-url"[^>]*>([^<]+)</g)].map((match) =>
    match[1]!.trim(),
  );
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url).toMatch(/\/entrar\/[A-Za-z0-9_-]{24}$/);
  return urls.map((url) => new URL(url).pathname);
}

/** A student's device signs in by card through the server (the form's POST); returns the device. */
export async function cardSignInThroughServer(request: APIRequestContext, card: string, apodo: string) {
  const { baseURL } = siteServer();
  const signedIn = await request.post(`${baseURL}${card}`, { headers: { Origin: baseURL }, form: {} });
  expect(signedIn.status()).toBe(200);
  expect(new URL(signedIn.url()).pathname).toBe("/pasaporte");
  expect(await signedIn.text()).toContain(apodo);
}

/** A capitalised word of letters only, for apodos and rosters no parallel test shares. */
export const apodoWord = () =>
  uniqueWord()
    .slice(0, 6)
    .replace(/^./, (first) => first.toUpperCase());

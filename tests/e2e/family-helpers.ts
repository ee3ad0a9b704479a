/** Steps of the families pages (issue 22) shared by families.spec.ts and proxy.spec.ts. */
import type { APIRequestContext, Page } from "@playwright/test";
import { FAMILY_PICTURES } from "../../app/features/families/family-pictures.ts";
import { expect, gotoHydrated, siteServer } from "./support.ts";

const CHILD_YEAR = String(new Date().getFullYear() - 10);

/** The signed-in adult adds a child reader through the form of /familia. */
export async function addChild(page: Page, apodo: string, picture: string, pin: string) {
  await gotoHydrated(page, "/familia");
  await addChildOnThisPage(page, apodo, picture, pin);
}

/** The same, through the form of the /familia page already open. */
export async function addChildOnThisPage(page: Page, apodo: string, picture: string, pin: string) {
  const form = page.locator("form.family-add");
  await form.getByLabel("Apodo", { exact: true }).fill(apodo);
  // The radio is drawn as its label (a picture button): a tap lands on the label.
  await form.locator("label.picture-choice", { hasText: picture }).click();
  await expect(form.getByRole("radio", { name: picture })).toBeChecked();
  await form.getByLabel("Año de nacimiento").selectOption(CHILD_YEAR);
  await form.getByLabel("PIN (4 a 6 números)").fill(pin);
  await form.getByLabel("Repite el PIN").fill(pin);
  await form.getByLabel(/consentimiento/).check();
  await form.getByRole("button", { name: "Añadir lector" }).click();
  await expect(page.getByRole("status")).toHaveText("¡Listo! Ya puede entrar con su dibujo y su PIN.");
  await expect(page.getByTestId("family-child").filter({ hasText: apodo })).toBeVisible();
}

/**
 * The signed-in adult adds a child reader through the server, posting what the form of /familia
 * posts: for the tests of what comes after. The form itself is families.spec.ts's first test's,
 * its axe scans' and proxy.spec.ts's; the page load and its hydration cost more than the answer.
 * `baseURL`: a site of the test's own (the worker's by default).
 */
export async function addChildThroughServer(
  page: { request: APIRequestContext },
  apodo: string,
  picture: string,
  pin: string,
  baseURL = siteServer().baseURL,
) {
  const response = await page.request.post(`${baseURL}/familia`, {
    headers: { Origin: baseURL },
    form: {
      intent: "anadir",
      apodo,
      picture: FAMILY_PICTURES.find((choice) => choice.label === picture)!.id,
      birthYear: CHILD_YEAR,
      pin,
      pinAgain: pin,
      consent: "si",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Then the receipt of the consent (issue 39): which child, and whether its e-mail left.
  expect(new URL(response.url()).search).toMatch(/^\?aviso=anadido&recibo=[\w-]+&correo=(enviado|sin-servidor)$/);
}

/** Prints a new card for `apodo` and returns the address it carries. */
export async function printCard(page: Page, apodo: string) {
  await gotoHydrated(page, "/familia");
  await page
    .getByTestId("family-child")
    .filter({ hasText: apodo })
    .getByRole("link", { name: /tarjeta/ })
    .click();
  await page.getByRole("button", { name: /tarjeta/ }).click();
  const url = await page.getByTestId("login-card-url").first().textContent();
  expect(url).toMatch(/\/entrar\/[A-Za-z0-9_-]{24}$/);
  return new URL(url!).pathname;
}

/** A child picks their picture on the open '¿Quién lee?' page and types a PIN. */
export async function typePinOnChooser(page: Page, apodo: string, pin: string) {
  await page.locator("label.picture-choice", { hasText: apodo }).click();
  await page.getByLabel("Tu PIN").fill(pin);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

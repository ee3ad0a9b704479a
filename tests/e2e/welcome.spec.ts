/**
 * Issue 39, 'Before sign-up': an adult who arrives from the book's back cover (/?book) or the
 * login page is told that families and classes can join; after signing up they are told it
 * worked (the confirmation e-mail's link included) and asked who the account is for.
 */
import type { Page } from "@playwright/test";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  confirmationLink,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  test,
  uniqueEmail,
} from "./support.ts";

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
  await page.getByRole("button", { name: "Crear cuenta" }).click();
}

test("a parent from the back cover reads that families and classes can join, confirms the e-mail, is told it worked and asked who the account is for", async ({
  page,
}) => {
  await gotoHydrated(page, "/?book");
  const welcome = page.getByTestId("book-welcome");
  await expect(welcome).toContainText("¿Eres mamá, papá o das clases?");
  await welcome.getByRole("link", { name: "Crear una cuenta para mi familia o mi clase" }).click();
  await expect(page).toHaveURL(/\/login\?modo=registro/);
  await expect(page.getByText(/añadir a tus hijas e hijos, o a toda tu clase/)).toBeVisible();

  const email = uniqueEmail("mama");
  await fillSignUp(page, email);
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
  await page.goto(await confirmationLink(email));
  await expect(page).toHaveURL(/\/tu-perfil\?bienvenida=confirmada/);
  const greeting = page.getByTestId("account-welcome");
  await expect(greeting.getByRole("heading")).toHaveText(
    "¡Listo! Confirmaste tu correo: tu cuenta está activa y ya entraste.",
  );
  await expect(greeting).toContainText("¿Para quién es esta cuenta?");
  await expect(greeting.getByRole("link", { name: "Para mí" })).toHaveAttribute("href", "/?book");
  await expect(greeting.getByRole("link", { name: "Para mi clase" })).toHaveAttribute("href", "/clases");
  await expectNoAxeViolations(page, "the new account's welcome", { include: "[data-testid=account-welcome]" });
  await greeting.getByRole("link", { name: "Para mis hijas e hijos" }).click();
  await expect(page).toHaveURL(/\/familia$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tu familia" })).toBeVisible();
});

test("the home page tells adults that families and classes can join, with no script needed", async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const link = page.getByRole("link", { name: "crea tu cuenta de familia o de clase" });
  await expect(link).toHaveAttribute("href", "/login?modo=registro");
  await expect(page.getByText(/¿Lees con tus hijas e hijos o con tu clase\?/)).toBeVisible();
  await context.close();
});

test("on a site without mail, the new adult lands signed in on the welcome and 'Para mí' goes back", async ({
  browser,
  siteWithoutOptionalServices: site,
}) => {
  const context = await newContext(browser, { baseURL: site.baseURL });
  const page = await context.newPage();
  await gotoHydrated(page, "/login?modo=registro");
  await fillSignUp(page, uniqueEmail("maestra"));
  await expect(page).toHaveURL(/\/tu-perfil\?bienvenida=nueva$/);
  const greeting = page.getByTestId("account-welcome");
  await expect(greeting.getByRole("heading")).toHaveText("¡Listo! Tu cuenta está creada y ya entraste.");
  await greeting.getByRole("link", { name: "Para mí" }).click();
  await expect(page).toHaveURL(`${site.baseURL}/`);
  await context.close();
});

import { GOOGLE_TEST_ACCOUNT } from "../support/oidc-server.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  confirmationLink,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  linkInMail,
  newContext,
  signUpWith,
  startSiteServer,
  test,
  uniqueEmail,
  workerPort,
} from "./support.ts";
import type { APIRequestContext, Page } from "@playwright/test";

const CHILD_YEAR = new Date().getFullYear() - 10;
const CHAPTER = "/salida-a-tzintzuntzan";
const guardianLink = (to: string, nth = 1) => linkInMail(to, /(https?:\/\/\S+\/permiso-familiar\/[\w-]+)/, nth);

/** A child signs up through the form, confirms their own address, and is signed in. */
async function signUpChild(page: Page) {
  const child = uniqueEmail("nina");
  const guardian = uniqueEmail("familia");
  await page.goto("/login?modo=registro");
  await page.getByLabel("Correo electrónico").fill(child);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  // No year chosen until the reader picks one, and no guardian field for an unknown age.
  await expect(page.getByLabel("Año de nacimiento")).toHaveValue("");
  await expect(page.getByLabel("Correo de tu mamá, papá o tutor")).toHaveCount(0);
  await page.getByLabel("Año de nacimiento").selectOption(String(CHILD_YEAR));
  await page.getByLabel("Correo de tu mamá, papá o tutor").fill(guardian);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
  await page.goto(await confirmationLink(child));
  await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
  return { child, guardian };
}

/** The /tu-perfil page the server sends `request`'s reader: its age field and all of its HTML. */
async function profileAsSent(request: APIRequestContext) {
  const response = await request.get("/tu-perfil", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const ageField = /<input[^>]*name="age"[^>]*>/.exec(html)?.[0];
  expect(ageField, "the Edad field").toBeTruthy();
  return { ageField: ageField!, html };
}

test.describe("age question and guardian consent", () => {
  test("an adult answers the year at sign-up and is signed in after confirming the address", async ({ page }) => {
    const email = uniqueEmail("adulta");
    await gotoHydrated(page, "/login?modo=registro");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    // Required (the server refuses a sign-up without it too: sign-up-privacy and guardian tests).
    await expect(page.getByLabel("Año de nacimiento")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Año de nacimiento")).toHaveValue("");
    await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
    await expect(page.getByLabel("Correo de tu mamá, papá o tutor")).toHaveCount(0);
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
    await page.goto(await confirmationLink(email));
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
    // What the server keeps: the age from the year, and no waiting for a family.
    const profile = await profileAsSent(page.request);
    expect(profile.ageField).toContain('value="30"');
    expect(profile.html).not.toContain("Esperando el permiso de tu familia");
  });

  test("a year picked before the page hydrates is kept, and a child's guardian field then appears", async ({
    page,
  }) => {
    // The scripts load after the first paint (decision 021): on a slow phone a reader can answer
    // before React hydrates. Hold every script until the year is chosen, then let them run.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((done) => (release = done));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const hydrated = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/page-view");
    await page.goto("/login?modo=registro", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Año de nacimiento").selectOption(String(CHILD_YEAR));
    release();
    await hydrated;
    await expect(page.getByLabel("Año de nacimiento")).toHaveValue(String(CHILD_YEAR));
    await expect(page.getByLabel("Correo de tu mamá, papá o tutor")).toBeVisible();
  });

  test("a child waits for the family: cannot comment until the guardian allows, then can", async ({
    page,
    browser,
  }) => {
    const { guardian } = await signUpChild(page);
    await page.goto(CHAPTER);
    await expect(page.getByRole("heading", { name: "Esperando el permiso de tu familia" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Comentar" })).toHaveCount(0);
    // The server refuses too, whatever the page shows.
    const refused = await page.request.post(`${CHAPTER}.data`, {
      form: { intent: "comment", text: "Intento colarme" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(403);
    // Reading and collecting still work: the profile opens (as the server sends it), a token chapter opens.
    expect((await profileAsSent(page.request)).html).toMatch(/<h2[^>]*>Esperando el permiso de tu familia<\/h2>/);

    const family = await newContext(browser);
    const familyPage = await family.newPage();
    await familyPage.goto(await guardianLink(guardian));
    await expect(familyPage.getByRole("heading", { name: "Qué guardamos" })).toBeVisible();
    await familyPage.getByRole("button", { name: "Acepto", exact: true }).click();
    await expect(familyPage.getByText("¡Gracias! Ya puede comentar")).toBeVisible();
    // The link worked once (the server's answer to opening it again).
    const again = await familyPage.request.get(familyPage.url());
    expect(await again.text()).toContain("Este enlace ya se usó o caducó.");
    await family.close();

    await gotoHydrated(page, CHAPTER);
    await expect(page.getByRole("heading", { name: "Esperando el permiso de tu familia" })).toHaveCount(0);
    await page.getByRole("textbox").fill("¡Ya puedo comentar!");
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.locator(".comment-text").first()).toHaveText("¡Ya puedo comentar!");
  });

  test("the child sends the e-mail again; the guardian refuses and the account is gone", async ({ page, browser }) => {
    // Through the server: the child's sign-up form is the test above's.
    const guardian = uniqueEmail("familia");
    const child = await signUpWith(page.request, uniqueEmail("nina"), PASSWORD, {
      birthYear: CHILD_YEAR,
      guardianEmail: guardian,
    });
    const first = await guardianLink(guardian);
    await gotoHydrated(page, "/tu-perfil");
    await page.getByRole("button", { name: "Enviar el correo otra vez" }).click();
    await expect(page.getByText("Listo: enviamos el correo.")).toBeVisible();
    const second = await guardianLink(guardian, 2);
    expect(second).not.toBe(first);

    const family = await newContext(browser);
    const familyPage = await family.newPage();
    // The first link stopped working when the second was sent (the server's answer to it).
    expect(await (await familyPage.request.get(first)).text()).toContain("Este enlace ya se usó o caducó.");
    await familyPage.goto(second);
    await familyPage.getByRole("button", { name: "No acepto: borrar la cuenta" }).click();
    await expect(familyPage.getByText("Listo: borramos la cuenta")).toBeVisible();
    await family.close();

    // The child's session went with the account, and the address signs in no more.
    await page.goto("/tu-perfil");
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel("Correo electrónico").fill(child);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    // The alert is answered before the test ends (answering it after failed a full run once).
    const alerted = page.waitForEvent("dialog").then(async (dialog) => {
      await dialog.accept();
      return dialog.message();
    });
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    expect(await alerted).toContain("Correo o contraseña incorrectos.");
    await expect(page.getByText("Correo o contraseña incorrectos.")).toBeVisible();
  });

  test("a Google sign-up ends on the age question before anything else", async ({ browser }) => {
    // Starts a site of its own (a few seconds on a busy machine).
    test.setTimeout(90_000);
    // A site of its own: the test Google account is new there, whatever other tests did.
    const site = await startSiteServer(workerPort(15));
    try {
      const context = await newContext(browser, { baseURL: site.baseURL });
      const page = await context.newPage();
      // A click while React hydrates is held for replay, which a form's submission is not.
      await gotoHydrated(page, "/login?redirectTo=%2Feventos");
      await page.getByRole("button", { name: /Continuar con Google/ }).click();
      await expect(page).toHaveURL(/\/tu-edad\?redirectTo=%2Feventos$/);
      await expect(page.getByRole("heading", { name: "Una pregunta antes de empezar" })).toBeVisible();
      await expect(page.getByLabel("Año de nacimiento")).toHaveValue("");
      // The child's field, as it shows on this step, is labelled and described (axe).
      await page.getByLabel("Año de nacimiento").selectOption(String(CHILD_YEAR));
      await expect(page.getByLabel("Correo de tu mamá, papá o tutor")).toBeVisible();
      // At desktop and at phone width (the every-route scan of accessibility.spec.ts cannot reach this step).
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 360, height: 740 },
      ]) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page, "the age step");
      }
      // Every other page (and action) waits for the answer: the server's answers to this browser.
      const other = await page.request.get("/tu-perfil", { maxRedirects: 0 });
      expect(other.status()).toBe(302);
      expect(other.headers().location).toMatch(/\/tu-edad\?redirectTo=%2Ftu-perfil$/);
      const action = await page.request.post("/tu-perfil", {
        form: { displayName: "x", age: "30", clan: "0" },
        headers: { Origin: site.baseURL },
        maxRedirects: 0,
      });
      expect(action.status()).toBe(302);
      // The age step is still the page open.
      await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect(page).toHaveURL(/\/eventos$/);
      await expect(page.getByTestId("navbar-user")).toHaveText(GOOGLE_TEST_ACCOUNT.name);
      expect((await profileAsSent(page.request)).ageField).toContain('value="30"');
      await context.close();
    } finally {
      await site.stop();
    }
  });
});

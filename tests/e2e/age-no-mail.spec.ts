import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  test,
  uniqueEmail,
} from "./support.ts";

const CHILD_YEAR = new Date().getFullYear() - 13;
const CHAPTER = "/salida-a-tzintzuntzan";

/**
 * A site without a mail server (decision 031): a child who signs up is never told an e-mail went
 * to their family. They read what happened and the family path (an adult adds them at /familia),
 * and admins see how many children wait and why.
 */
test.describe("the age rule on a site without mail", () => {
  test.slow();

  test("a 13-year-old sees the truth and the family path; an admin sees the count and its reason", async ({
    browser,
    // The worker's site without a mail server (nor the other optional services: support.ts).
    siteWithoutOptionalServices: site,
  }) => {
    const context = await newContext(browser, { baseURL: site.baseURL });
    const page = await context.newPage();
    await gotoHydrated(page, "/login?modo=registro");
    await page.getByLabel("Correo electrónico").fill(uniqueEmail("nina"));
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByLabel("Año de nacimiento").selectOption(String(CHILD_YEAR));
    // No e-mail can be sent, so none is asked for and none is promised.
    const note = page.getByTestId("family-path-at-sign-up");
    await expect(note).toContainText("Este sitio no puede enviar correos ahora");
    await expect(note.getByRole("link", { name: "Familia" })).toHaveAttribute("href", "/familia");
    await expect(page.getByLabel("Correo de tu mamá, papá o tutor")).toHaveCount(0);
    await expect(page.getByText("le pediremos permiso por correo")).toHaveCount(0);
    await expectNoAxeViolations(page, "the sign-up form's family path");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();

    await gotoHydrated(page, "/tu-perfil");
    const notice = page.locator("section", {
      has: page.getByRole("heading", { name: "Esperando el permiso de tu familia" }),
    });
    await expect(notice).toContainText("No le enviamos ningún correo");
    await expect(notice).not.toContainText("le pedimos permiso por correo");
    // A button that cannot work is not offered.
    await expect(notice.getByRole("button", { name: /Enviar el correo/ })).toHaveCount(0);
    await expect(notice.getByRole("link", { name: "Familia" })).toHaveAttribute("href", "/familia");
    await expectNoAxeViolations(page, "the waiting notice without mail");
    // The same where the comment box would be; the server refuses the comment anyway.
    await gotoHydrated(page, CHAPTER);
    await expect(page.getByText("No le enviamos ningún correo")).toBeVisible();
    await expect(page.getByRole("button", { name: "Comentar" })).toHaveCount(0);
    // Sending again anyway (the page offers no button) answers the truth.
    const resend = await page.request.post("/tu-perfil/permiso", {
      form: { guardianEmail: uniqueEmail("familia") },
      headers: { Origin: site.baseURL },
    });
    expect(resend.status()).toBe(503);
    await context.close();

    // An admin of that site sees the waiting child and why.
    const adminContext = await newContext(browser, { baseURL: site.baseURL });
    const admin = await adminContext.newPage();
    const adminEmail = uniqueEmail("admin");
    const signedUp = await admin.request.post("/api/auth/sign-up/email", {
      data: { email: adminEmail, password: PASSWORD, name: "admin", birthYear: ADULT_BIRTH_YEAR },
      headers: { Origin: site.baseURL },
    });
    expect(signedUp.status()).toBe(200);
    await promisify(execFile)(
      process.execPath,
      [join(resolve(import.meta.dirname, "../.."), "scripts/admin.ts"), "grant", adminEmail],
      { env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: "" } },
    );
    await gotoHydrated(admin, "/adminpanel/estadisticas");
    const waiting = admin.getByTestId("waiting-consents");
    await expect(waiting.getByRole("heading")).toHaveText("Permisos de familia pendientes: 1");
    await expect(waiting.locator('[data-reason="not-configured"]')).toHaveText(
      "Correo no enviado: el sitio no tiene servidor de correo (SMTP_URL): 1",
    );
    await expectNoAxeViolations(admin, "the admins' waiting counts");
    await adminContext.close();
  });
});

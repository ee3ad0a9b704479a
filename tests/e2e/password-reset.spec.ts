import { readFileSync } from "node:fs";
import type { ReceivedMail } from "../support/smtp-server.ts";
import { expect, logIn, newContext, PASSWORD, siteServer, signUp, test, uniqueEmail } from "./support.ts";

const NEW_PASSWORD = "alebrije-de-cobre-77";
const readMailbox = (): ReceivedMail[] => JSON.parse(readFileSync(siteServer().mailbox, "utf8")) as ReceivedMail[];
// Reset mails only: a new account's confirmation mail goes to the same address (decision 011).
const mailsTo = (email: string) =>
  readMailbox().filter((mail) => mail.to.includes(email) && /contraseña/.test(mail.headers.subject ?? ""));

test("a forgotten password is reset from /login through a one-use link mailed in Spanish, ending every other session", async ({
  page,
  browser,
}) => {
  // Signed in here; the reset happens in another browser.
  const email = await signUp(page);
  await page.goto("/tu-perfil");
  await expect(page.getByRole("heading", { name: "Tu perfil" })).toBeVisible();

  const other = await newContext(browser);
  const reset = await other.newPage();
  await reset.goto("/login");
  await reset.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(reset).toHaveURL(/\/recuperar-contrasena$/);
  await reset.getByLabel("Correo electrónico").fill(email);
  await reset.getByRole("button", { name: "Enviar enlace" }).click();
  const answer = reset.getByRole("status");
  await expect(answer).toContainText("Si hay una cuenta con ese correo, te enviamos un enlace");

  await expect.poll(() => mailsTo(email).length).toBe(1);
  const mail = mailsTo(email)[0]!;
  expect(mail.headers.subject).toBe("Elige una contraseña nueva para Valentina y Taquito");
  expect(mail.text).toContain("El enlace sirve una sola vez");
  const link = /https?:\/\/\S+/.exec(mail.text)![0];

  await reset.goto(link);
  await expect(reset).toHaveURL(/\/recuperar-contrasena\/nueva\?token=/);
  await reset.getByLabel("Contraseña nueva", { exact: true }).fill("12345678");
  await reset.getByLabel("Repite la contraseña nueva").fill("12345678");
  await reset.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(reset.getByText(/^Esa contraseña es muy fácil de adivinar\./)).toBeVisible();
  await expect(reset.getByLabel("Contraseña nueva", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await reset.getByLabel("Contraseña nueva", { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel("Repite la contraseña nueva").fill(NEW_PASSWORD);
  await reset.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(reset).toHaveURL(/\/login\?contrasena=cambiada$/);
  await expect(reset.getByRole("status")).toContainText("tu contraseña cambió");

  // The session in the first browser ended with the reset.
  await page.goto("/tu-perfil");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // The link works once.
  await reset.goto(link);
  await expect(reset.getByRole("alert")).toContainText("Este enlace ya no sirve");
  await expect(reset.getByRole("link", { name: "Pedir un enlace nuevo" })).toBeVisible();

  // The new password opens the account.
  await logIn(reset, email, NEW_PASSWORD);
  await other.close();
});

test("asking for an address without an account reads exactly the same, and mails nothing", async ({ page }) => {
  const stranger = uniqueEmail("nadie");
  await page.goto("/recuperar-contrasena");
  await page.getByLabel("Correo electrónico").fill(stranger);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  const unknownAnswer = await page.getByRole("status").textContent();

  const email = await signUp(page, uniqueEmail(), PASSWORD);
  await page.context().clearCookies();
  await page.goto("/recuperar-contrasena");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toHaveText(unknownAnswer!);
  await expect.poll(() => mailsTo(email).length).toBe(1);
  expect(mailsTo(stranger)).toEqual([]);
});

test("the new-password form says what makes a good password before the first try", async ({ page }) => {
  await page.goto("/recuperar-contrasena/nueva?token=ficha-de-prueba");
  const advice =
    "Usa al menos 8 letras o números. Lo mejor es juntar tres o cuatro palabras que nadie pondría juntas. No uses tu nombre, tu correo ni cosas fáciles de adivinar como «12345678» o «contraseña».";
  await expect(page.getByText(advice)).toBeVisible();
  await expect(page.getByLabel("Contraseña nueva", { exact: true })).toHaveAccessibleDescription(advice);
});

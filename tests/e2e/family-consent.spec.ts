/**
 * Issue 39 (family tablet, the rest): one family whichever way a child came in (a child with an
 * e-mail whose parent consented by mail is in the parent's /familia), a receipt of every consent
 * given, the family's children on the readable data page, and a card sheet that prints as one.
 */
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  linkInMail,
  mailbox,
  newContext,
  signUp,
  signUpWith,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";
import { addChild, addChildThroughServer } from "./family-helpers.ts";
import type { Browser, Page } from "@playwright/test";

const CHILD_YEAR = new Date().getFullYear() - 10;
const consentLink = (to: string) => linkInMail(to, /(https?:\/\/\S+\/permiso-familiar\/[\w-]+)/);
const RECEIPT_SUBJECT = /Recibo/;

/**
 * The open page on a 320 px screen with text at 200% (WCAG 1.4.4 and 1.4.10, as reflow.spec.ts
 * checks every route): nothing wider than the screen, and no axe violation.
 */
async function fitsAPhoneAtDoubleText(page: Page, label: string) {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(extra, `${label}: wider than a 320 px screen by`).toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page, label);
  await page.evaluate(() => document.documentElement.style.removeProperty("font-size"));
}

/** A child signs up with their own e-mail and `guardian` as their family's address (confirmed). */
async function childWithEmail(browser: Browser, guardian: string) {
  const device = await newContext(browser);
  const child = await signUpWith(device.request, uniqueEmail("nino"), PASSWORD, {
    birthYear: CHILD_YEAR,
    guardianEmail: guardian,
  });
  return { child, device };
}

/** The guardian opens the consent e-mail's link on a device of their own and accepts. */
async function acceptByMail(browser: Browser, guardian: string): Promise<Page> {
  const mailPage = await (await newContext(browser)).newPage();
  await gotoHydrated(mailPage, await consentLink(guardian));
  await mailPage.getByRole("button", { name: "Acepto", exact: true }).click();
  await expect(mailPage.getByText("¡Gracias! Ya puede comentar")).toBeVisible();
  return mailPage;
}

test("a child with an e-mail whose parent consented by mail is in that parent's /familia; the parent withdraws and the account is gone", async ({
  page,
  browser,
}) => {
  // The parent has an account (confirmed) with the address the child gave.
  const parent = await signUp(page, uniqueEmail("mama"));
  const { child, device } = await childWithEmail(browser, parent);
  const mailPage = await acceptByMail(browser, parent);
  // The page after accepting says where the child now is.
  await expect(mailPage.getByRole("main")).toContainText("Tu familia");

  await gotoHydrated(page, "/familia");
  const listed = page.getByTestId("family-child").filter({ hasText: child });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Diste tu permiso por correo el");
  await fitsAPhoneAtDoubleText(page, "/familia with a child who came in with an e-mail");
  // Withdrawing the consent deletes the child's account, as a refusal does.
  await listed.getByText("Retirar el permiso", { exact: true }).click();
  await listed.getByLabel("Escribe «borrar» para confirmar").fill("borrar");
  await listed.getByRole("button", { name: "Retirar el permiso y borrar su cuenta" }).click();
  await expect(page.getByRole("status")).toContainText("Retiraste el permiso: borramos su cuenta");
  await expect(page.getByTestId("family-child")).toHaveCount(0);
  // The child's session and account are gone (the server's answer to the child's device).
  const session = await device.request.get("/api/auth/get-session");
  expect(await session.text()).toBe("null");
  await device.close();
});

test("a parent who makes an account later with the consenting address finds the child in /familia", async ({
  page,
  browser,
}) => {
  const parent = uniqueEmail("papa");
  const { child, device } = await childWithEmail(browser, parent);
  await device.close();
  await acceptByMail(browser, parent);
  await signUp(page, parent);
  await gotoHydrated(page, "/familia");
  await expect(page.getByTestId("family-child").filter({ hasText: child })).toContainText(
    "Diste tu permiso por correo el",
  );
});

test("a consent by mail gets a receipt by e-mail: for whom, when, what, and how to withdraw", async ({ browser }) => {
  const parent = uniqueEmail("tutora");
  const { child, device } = await childWithEmail(browser, parent);
  await device.close();
  const mailPage = await acceptByMail(browser, parent);
  // The page shows the receipt and says a copy was sent.
  const receipt = mailPage.getByRole("region", { name: "Tu recibo" });
  await expect(receipt).toContainText(child);
  await expect(receipt).toContainText("Cómo retirar el permiso");
  await expect(mailPage.getByText(`Te enviamos una copia a ${parent}`)).toBeVisible();
  await fitsAPhoneAtDoubleText(mailPage, "the guardian's page with the receipt");
  await expect
    .poll(() =>
      mailbox().filter((mail) => mail.to.includes(parent) && RECEIPT_SUBJECT.test(mail.headers.subject ?? "")),
    )
    .toHaveLength(1);
  const mail = mailbox().find((one) => one.to.includes(parent) && RECEIPT_SUBJECT.test(one.headers.subject ?? ""))!;
  expect(mail.text).toContain(child);
  expect(mail.text).toMatch(/Diste tu permiso el \d{1,2} de \w+ de \d{4}/);
  expect(mail.text).toContain("Cómo retirar el permiso");
  expect(mail.text).toContain("/familia");
});

test("adding a child in /familia sends the adult a receipt of the consent", async ({ page }) => {
  const parent = await signUp(page, uniqueEmail("abuela"));
  const apodo = `Colibri ${uniqueWord().slice(0, 6)}`;
  await addChildThroughServer(page, apodo, "Taquito", "2468");
  await expect
    .poll(() =>
      mailbox().filter((mail) => mail.to.includes(parent) && RECEIPT_SUBJECT.test(mail.headers.subject ?? "")),
    )
    .toHaveLength(1);
  const mail = mailbox().find((one) => one.to.includes(parent) && RECEIPT_SUBJECT.test(one.headers.subject ?? ""))!;
  expect(mail.text).toContain(apodo);
  expect(mail.text).toContain("Soy la madre, el padre o el tutor legal");
  expect(mail.text).toContain("Cómo retirar el permiso");
});

test("the readable data page lists the family's children and their data, never their account's address", async ({
  page,
  browser,
}) => {
  const parent = await signUp(page, uniqueEmail("tio"));
  const apodo = `Ajolote ${uniqueWord().slice(0, 6)}`;
  await addChildThroughServer(page, apodo, "Valentina", "1357");
  const { child, device } = await childWithEmail(browser, parent);
  await device.close();
  await acceptByMail(browser, parent);

  await gotoHydrated(page, "/tu-perfil/mis-datos/resumen");
  const family = page.getByRole("region", { name: "Lectores de tu familia" });
  await expect(family).toBeVisible();
  const pinChild = family.getByRole("region", { name: apodo });
  await expect(pinChild).toContainText("Soy la madre, el padre o el tutor legal");
  await expect(pinChild).toContainText(String(CHILD_YEAR));
  await expect(pinChild.getByRole("heading", { name: /Capítulos desbloqueados/ })).toBeVisible();
  await expect(family.getByRole("region", { name: child })).toContainText("Permiso");
  await expect(page.locator("main")).not.toContainText("lectores.invalid");
  await fitsAPhoneAtDoubleText(page, "'Ver mis datos' with the family");
});

test("the family card sheet prints the chosen copies with cut lines and what to do with them, on one A4 page", async ({
  page,
}) => {
  await signUp(page);
  const apodo = `Quetzal ${uniqueWord().slice(0, 6)}`;
  await addChildThroughServer(page, apodo, "Tinskani", "9090");
  await gotoHydrated(page, "/familia");
  await page
    .getByTestId("family-child")
    .filter({ hasText: apodo })
    .getByRole("link", { name: /tarjeta/ })
    .click();
  // One to keep at home and one spare, unless the adult asks for more.
  await expect(page.getByLabel("¿Cuántas copias?")).toHaveValue("2");
  await page.getByLabel("¿Cuántas copias?").selectOption("3");
  await page.getByRole("button", { name: /tarjeta/ }).click();
  await expect(page.getByTestId("login-card")).toHaveCount(3);
  await fitsAPhoneAtDoubleText(page, "the family card sheet");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.emulateMedia({ media: "print" });
  const cards = page.getByTestId("login-card");
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveCSS("border-top-style", "dashed");
  const instructions = page.getByTestId("card-instructions");
  await expect(instructions).toBeVisible();
  await expect(instructions).toContainText(`entra como ${apodo}`);
  await expect(instructions).toContainText("Guárdala en casa");
  await expect(instructions).toContainText("Tu familia");
  await expect(page.locator(".site-navbar")).toBeHidden();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: "screen" });
  expect((pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length).toBe(1);
});

test("without a mail server, adding a child shows the consent's receipt on the page and says no e-mail was sent", async ({
  browser,
  // The worker's site without a mail server (support.ts).
  siteWithoutOptionalServices: site,
}) => {
  const context = await newContext(browser, { baseURL: site.baseURL });
  const page = await context.newPage();
  // Without a mail server a sign-up signs in at once (the form is accounts.spec.ts's).
  const signedUp = await page.request.post(`${site.baseURL}/api/auth/sign-up/email`, {
    data: { email: uniqueEmail("padre"), password: PASSWORD, name: "Padre", birthYear: ADULT_BIRTH_YEAR },
    headers: { Origin: site.baseURL },
  });
  expect(signedUp.status()).toBe(200);
  const apodo = `Tejon ${uniqueWord().slice(0, 6)}`;
  await addChild(page, apodo, "Valentina", "4321");
  const receipt = page.getByRole("region", { name: "Tu recibo" });
  await expect(receipt).toContainText(apodo);
  await expect(receipt).toContainText("Soy la madre, el padre o el tutor legal");
  await expect(receipt).toContainText("Cómo retirar el permiso");
  await expect(page.getByText("No te enviamos ningún correo")).toBeVisible();
  await fitsAPhoneAtDoubleText(page, "/familia with the receipt, mail off");
  await context.close();
});

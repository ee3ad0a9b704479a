/**
 * Issue 39 (accessibility): what the family and class forms answer reaches a screen reader and
 * the keyboard. A saved form's message arrives in a polite live region that was in the page
 * before it (role=status) and takes the focus; a refused one leaves the focus on the field,
 * which its message describes. Never the page's body. Checked through the accessibility tree
 * (roles, names, descriptions), as assistive technology reads the page.
 */
import type { Page } from "@playwright/test";
import { CLASS_MESSAGES } from "../../app/features/classes/class-messages.ts";
import { FAMILY_MESSAGES } from "../../app/features/families/family-messages.ts";
import {
  cardSignInThroughServer,
  createClassThroughServer,
  pasteRosterThroughServer,
  printClassCardsThroughServer,
} from "./class-helpers.ts";
import { addChildThroughServer } from "./family-helpers.ts";
import { expect, gotoHydrated, newContext, signUp, test, uniqueWord } from "./support.ts";

const focused = (page: Page) => page.locator("*:focus");

/** The page's status region, empty: there before any message, so that a message is heard. */
async function expectEmptyStatusRegion(page: Page) {
  await expect(page.getByRole("status")).toHaveCount(1);
  await expect(page.getByRole("status")).toHaveText("");
}

test("a family's forms: a refused field keeps the focus and is described, a refused form focuses its alert, 'PIN cambiado' is announced and focused", async ({
  page,
}) => {
  await signUp(page);
  const apodo = `Pepa ${uniqueWord().slice(0, 5)}`;
  await addChildThroughServer(page, apodo, "Valentina", "4821");
  await gotoHydrated(page, "/familia");
  await expectEmptyStatusRegion(page);

  const card = page.getByTestId("family-child").filter({ hasText: apodo });
  await card.getByText("Cambiar su PIN").click();
  await card.getByLabel("PIN nuevo (4 a 6 números)").fill("1357");
  await card.getByLabel("Repite el PIN").fill("1358");
  await card.getByRole("button", { name: "Guardar el PIN" }).click();
  await expect(focused(page)).toHaveAccessibleDescription(FAMILY_MESSAGES.pinsDiffer);
  await expect(focused(page)).toHaveAccessibleName(/PIN/);

  await card.getByLabel("PIN nuevo (4 a 6 números)").fill("1357");
  await card.getByLabel("Repite el PIN").fill("1357");
  await card.getByRole("button", { name: "Guardar el PIN" }).click();
  await expect(page.getByRole("status")).toHaveText(FAMILY_MESSAGES.pinChanged);
  await expect(page.getByRole("status").getByText(FAMILY_MESSAGES.pinChanged)).toBeFocused();

  // A refusal of the whole form (no field marked): the focus goes to its alert.
  await card.getByText(`Borrar a ${apodo}`).click();
  await card.getByLabel("Escribe «borrar» para confirmar").fill("no");
  await card.getByRole("button", { name: "Borrar para siempre" }).click();
  await expect(focused(page)).toHaveRole("alert");
  await expect(focused(page)).toHaveText(FAMILY_MESSAGES.deleteConfirm);
});

test("'¿Quién lee?': a wrong PIN leaves the focus on the PIN field, described by the refusal", async ({ page }) => {
  await signUp(page);
  const apodo = `Lalo ${uniqueWord().slice(0, 5)}`;
  await addChildThroughServer(page, apodo, "Taquito", "2468");
  // Opening /familia makes this device the family's.
  await page.request.get("/familia");
  await gotoHydrated(page, "/quien-lee");
  await page.locator("label.picture-choice", { hasText: apodo }).click();
  await page.getByLabel("Tu PIN").fill("0000");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByLabel("Tu PIN")).toBeFocused();
  // The refusal, then how many tries are left (decision 061).
  const description = await page.getByLabel("Tu PIN").evaluate((field) =>
    (field.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
  expect(description.startsWith(FAMILY_MESSAGES.wrongPin), description).toBe(true);
});

test("without scripts, the page that a saved form reloads opens with its message focused", async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await signUp(page);
  const apodo = `Nico ${uniqueWord().slice(0, 5)}`;
  await addChildThroughServer(page, apodo, "Valentina", "4821");
  await page.goto("/familia");
  const card = page.getByTestId("family-child").filter({ hasText: apodo });
  await card.getByText("Cambiar su PIN").click();
  await card.getByLabel("PIN nuevo (4 a 6 números)").fill("9753");
  await card.getByLabel("Repite el PIN").fill("9753");
  await card.getByRole("button", { name: "Guardar el PIN" }).click();
  await expect(page).toHaveURL(/aviso=pin/);
  await expect(page.getByRole("status")).toHaveText(FAMILY_MESSAGES.pinChanged);
  await expect(page.getByRole("status").getByText(FAMILY_MESSAGES.pinChanged)).toBeFocused();
  await context.close();
});

test("a class's page: 'Comentario aprobado' is announced and focused; a refused confirmation focuses its field", async ({
  page,
  browser,
}) => {
  test.slow();
  await signUp(page);
  const apodo = `Ana ${uniqueWord().slice(0, 5)}`;
  const clase = await createClassThroughServer(page.request, "Tercero C");
  await pasteRosterThroughServer(page.request, clase, [apodo]);
  const [card] = await printClassCardsThroughServer(page.request, clase);
  const student = await (await newContext(browser)).newPage();
  await cardSignInThroughServer(student.request, card!, apodo);
  const text = `Taquito corre ${uniqueWord()}`;
  await gotoHydrated(student, "/salida-a-tzintzuntzan");
  await student.locator("#comment-text").fill(text);
  await student.getByRole("button", { name: "Comentar" }).click();
  await expect(student.locator(".comment").filter({ hasText: text }).getByText("En revisión")).toBeVisible();
  await student.context().close();

  await gotoHydrated(page, `/clases/${clase}`);
  await expectEmptyStatusRegion(page);
  await page.getByTestId("class-comment").filter({ hasText: text }).getByRole("button", { name: "Aprobar" }).click();
  // Approved in place (decision 064): the class's comments have a polite live region of their
  // own; with nothing left to moderate, focus lands on its message.
  const commentsStatus = page.getByTestId("class-comments-status");
  await expect(commentsStatus).toContainText(CLASS_MESSAGES.approved);
  await expect(commentsStatus.locator("p")).toBeFocused();

  const close = page.getByLabel(/Escribe «cerrar»/);
  await close.fill("no");
  await page.getByRole("button", { name: "Cerrar la clase" }).click();
  await expect(close).toBeFocused();
  await expect(close).toHaveAccessibleDescription(CLASS_MESSAGES.closeConfirm);
});

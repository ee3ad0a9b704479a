import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { CONTACT_MESSAGES } from "../../app/features/contact/contact-messages.ts";
import type { ReceivedMail } from "../support/smtp-server.ts";
import { expect, gotoHydrated, signUp, signUpAdmin, siteServer, test, expectNoAxeViolations } from "./support.ts";

const ENDPOINT = "/api/send-email.php";
/** This worker's site's mailbox (tests/support/e2e-server.ts). */
const readMailbox = (): ReceivedMail[] => JSON.parse(readFileSync(siteServer().mailbox, "utf8")) as ReceivedMail[];
const form = (fields: Record<string, string>) => ({ multipart: fields });
const token = () => `ref-${Math.random().toString(36).slice(2, 10)}`;

/** The mail whose text contains `marker`, once the site's worker has delivered it. */
async function mailContaining(marker: string): Promise<ReceivedMail> {
  await expect
    .poll(() => readMailbox().filter((mail) => mail.text.includes(marker)).length, { timeout: 10_000 })
    .toBe(1);
  return readMailbox().find((mail) => mail.text.includes(marker))!;
}

/** The contact page, hydrated: the form's own checks and sending state are client code. */
async function openContact(page: Page) {
  await gotoHydrated(page, "/contact");
}

async function fillForm(page: Page, fields: { name?: string; email?: string; comment?: string }) {
  if (fields.name !== undefined) await page.getByLabel("Nombre").fill(fields.name);
  if (fields.email !== undefined) await page.getByLabel("Correo electrónico").fill(fields.email);
  if (fields.comment !== undefined) await page.getByLabel("Comentario").fill(fields.comment);
}

test.describe("contact page", () => {
  test("has its own title and meta, labelled fields, a 500 px form, a 4-row comment box and no axe violations", async ({
    page,
    baseURL,
  }) => {
    await openContact(page);
    await expect(page).toHaveTitle("Contacto | Valentina y Taquito");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contacto");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL("/contact", baseURL).href);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Contacto | Valentina y Taquito",
    );
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { "@type": string },
    );
    expect(jsonLd.map((item) => item["@type"])).toContain("ContactPage");

    for (const label of ["Nombre", "Correo electrónico", "Comentario"])
      await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Comentario")).toHaveAttribute("rows", "4");
    await expect(page.getByLabel("Comentario")).toHaveAttribute("maxlength", "5000");

    await page.setViewportSize({ width: 1200, height: 900 });
    const box = await page.locator("form.contact-form").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(500);
    expect(box!.width).toBeGreaterThan(300);

    // The trap: hidden from sight, from assistive technology and from the keyboard.
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(trap.locator("xpath=..")).toHaveAttribute("aria-hidden", "true");
    const trapBox = await trap.locator("xpath=..").boundingBox();
    expect(trapBox!.width * trapBox!.height).toBeLessThanOrEqual(1);
    await page.getByLabel("Comentario").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Enviar" })).toBeFocused();

    await expectNoAxeViolations(page, "/contact", { rules: "all" });
  });

  test("a message goes from the form to the authors' mailbox", async ({ page }) => {
    await openContact(page);
    const marker = token();
    await fillForm(page, {
      name: "Lucía Ramírez",
      email: "lucia.e2e@example.com",
      comment: `¡Hola! ¿Habrá presentación en Pátzcuaro? ${marker}`,
    });

    // Hold the request to see the sending state.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**${ENDPOINT}`, async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest(`**${ENDPOINT}`);
    await page.getByRole("button", { name: "Enviar" }).click();
    const sent = await request;
    expect(sent.method()).toBe("POST");
    expect(sent.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const body = sent.postData() ?? "";
    for (const field of ["name", "email", "comment"]) expect(body).toContain(`name="${field}"`);
    expect(body).not.toContain('name="website"');

    const status = page.getByRole("status").filter({ hasText: /Enviando|enviado|Error/ });
    await expect(status).toHaveText(CONTACT_MESSAGES.sending);
    await expect(page.getByRole("button", { name: "Enviar" })).toBeDisabled();
    release();

    await expect(status).toHaveText(CONTACT_MESSAGES.sent);
    for (const label of ["Nombre", "Correo electrónico", "Comentario"])
      await expect(page.getByLabel(label)).toHaveValue("");

    const mail = await mailContaining(marker);
    expect(mail.to).toEqual(["autores@example.com"]);
    expect(mail.headers.subject).toBe("Mensaje de contacto de Lucía Ramírez");
    expect(mail.headers["reply-to"]).toContain("lucia.e2e@example.com");
    expect(mail.text).toContain("¡Hola! ¿Habrá presentación en Pátzcuaro?");
  });

  test("checks the fields in the browser, with Spanish messages beside them, and sends nothing", async ({ page }) => {
    await openContact(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith(ENDPOINT)) posted++;
    });
    await page.getByRole("button", { name: "Enviar" }).click();
    for (const [label, field, message] of [
      ["Nombre", "name", CONTACT_MESSAGES.nameRequired],
      ["Correo electrónico", "email", CONTACT_MESSAGES.emailRequired],
      ["Comentario", "comment", CONTACT_MESSAGES.commentRequired],
    ] as const) {
      const input = page.getByLabel(label);
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAttribute("aria-describedby", `contact-${field}-error`);
      await expect(page.locator(`#contact-${field}-error`)).toHaveText(message);
      await expect(input).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel("Nombre")).toBeFocused();

    await fillForm(page, { name: "Ana", email: "ana@correo", comment: "Hola" });
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.locator("#contact-email-error")).toHaveText(CONTACT_MESSAGES.emailInvalid);
    await expect(page.getByLabel("Correo electrónico")).toBeFocused();
    await expect(page.locator("#contact-name-error")).toHaveCount(0);
    expect(posted).toBe(0);
  });

  test("shows the server's field messages when its check fails", async ({ page }) => {
    await openContact(page);
    // What the server sees differs from what the browser checked: the e-mail is altered in flight.
    await page.route(`**${ENDPOINT}`, async (route) => {
      const original = route.request().postData() ?? "";
      await route.continue({ postData: original.replace("ana@example.com", "ana-at-example.com") });
    });
    await fillForm(page, { name: "Ana", email: "ana@example.com", comment: "Hola" });
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.locator("#contact-email-error")).toHaveText(CONTACT_MESSAGES.emailInvalid);
    await expect(page.getByText(CONTACT_MESSAGES.failed)).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue("Ana");
  });

  for (const [situation, answer] of [
    ["a server error", { status: 500, body: "Ocurrió un error" }],
    ["an OK answer whose body is not exactly 'success'", { status: 200, body: "success!" }],
    ["a refused request", { status: 429, body: CONTACT_MESSAGES.rateLimited }],
    ["a network failure", null],
  ] as const) {
    test(`any failure (${situation}) shows '${CONTACT_MESSAGES.failed}' and keeps what was written`, async ({
      page,
    }) => {
      await openContact(page);
      await page.route(`**${ENDPOINT}`, (route) =>
        answer
          ? route.fulfill({ status: answer.status, body: answer.body, contentType: "text/plain" })
          : route.abort("connectionreset"),
      );
      await fillForm(page, { name: "Beto", email: "beto@example.com", comment: "¿Me escuchan?" });
      await page.getByRole("button", { name: "Enviar" }).click();
      await expect(page.getByText(CONTACT_MESSAGES.failed)).toBeVisible();
      await expect(page.getByText(CONTACT_MESSAGES.sent)).toHaveCount(0);
      await expect(page.getByLabel("Comentario")).toHaveValue("¿Me escuchan?");
      await expect(page.getByRole("button", { name: "Enviar" })).toBeEnabled();
    });
  }

  test("a bot that fills the trap is told 'success', is never mailed, and admins find it under spam", async ({
    page,
  }) => {
    await openContact(page);
    const marker = token();
    await fillForm(page, { name: "Robot", email: "robot.e2e@example.com", comment: `Oferta ${marker}` });
    await page
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => (input.value = "http://spam.example"));
    const request = page.waitForRequest(`**${ENDPOINT}`);
    await page.getByRole("button", { name: "Enviar" }).click();
    expect((await request).postData()).toContain('name="website"');
    await expect(page.getByText(CONTACT_MESSAGES.sent)).toBeVisible();

    // A real message sent after it is delivered; the trapped one never is.
    const realMarker = token();
    await fillForm(page, { name: "Persona", email: "persona.e2e@example.com", comment: `Mensaje real ${realMarker}` });
    await page.getByRole("button", { name: "Enviar" }).click();
    await mailContaining(realMarker);
    expect(readMailbox().some((mail) => mail.text.includes(marker))).toBe(false);

    await signUpAdmin(page);
    await page.goto("/adminpanel/mensajes?spam=1");
    const spam = page.getByTestId("contact-message").filter({ hasText: marker });
    await expect(spam).toContainText("Spam: no se envía");
  });
});

test.describe("POST /api/send-email.php (contract 4)", () => {
  test("a tool without Origin or cookies gets 200 `success`, and the message is mailed", async ({ request }) => {
    const marker = token();
    const response = await request.post(
      ENDPOINT,
      form({ name: "Herramienta", email: "tool@example.com", comment: `Desde un script ${marker}` }),
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("success");
    await mailContaining(marker);
  });

  test("invalid input: 400 with a short Spanish message, never `success`", async ({ request }) => {
    const response = await request.post(ENDPOINT, form({ name: "Sin correo", comment: "Hola" }));
    expect(response.status()).toBe(400);
    expect(await response.text()).toBe(CONTACT_MESSAGES.invalidRequest);
  });

  test("a foreign Origin is refused with 403, and an oversized body with 413", async ({ request }) => {
    const foreign = await request.post(ENDPOINT, {
      ...form({ name: "X", email: "x@example.com", comment: "Hola" }),
      headers: { Origin: "https://otro.example" },
    });
    expect(foreign.status()).toBe(403);
    const huge = await request.post(
      ENDPOINT,
      form({ name: "X", email: "x@example.com", comment: "a".repeat(300 * 1024) }),
    );
    expect(huge.status()).toBe(413);
  });
});

test.describe("admin messages page", () => {
  test("is linked from /adminpanel, lists the newest message first with its delivery state, and marks it handled", async ({
    page,
    request,
  }) => {
    const marker = token();
    expect(
      (
        await request.post(
          ENDPOINT,
          form({ name: "Carmen", email: "carmen@example.com", comment: `Para el panel ${marker}` }),
        )
      ).status(),
    ).toBe(200);
    await mailContaining(marker);

    await signUpAdmin(page);
    await page.goto("/adminpanel");
    await page.getByRole("link", { name: "Mensajes de contacto" }).click();
    await expect(page).toHaveURL(/\/adminpanel\/mensajes$/);
    await expect(page).toHaveTitle("Mensajes de contacto | Valentina y Taquito");
    const newest = page.getByTestId("contact-message").first();
    await expect(newest).toContainText(marker);
    await expect(newest).toContainText("Carmen <carmen@example.com>");
    await expect(newest).toContainText("Enviado por correo");

    await newest.getByRole("button", { name: "Marcar como atendido" }).click();
    await expect(newest.getByRole("button", { name: "Marcar como pendiente" })).toBeVisible();
    await expect(newest).toContainText("Atendido");
    // The card shows the new state at once, while its save is under way (the button disabled):
    // a reload before the save ends would abort it, as an admin leaving that moment would.
    await expect(newest.getByRole("button", { name: "Marcar como pendiente" })).toBeEnabled();
    await page.reload();
    await expect(
      page.getByTestId("contact-message").first().getByRole("button", { name: "Marcar como pendiente" }),
    ).toBeVisible();

    await expectNoAxeViolations(page, "/contact", { rules: "all" });
  });

  test("a reader gets the 403 page", async ({ page }) => {
    await signUp(page);
    const response = await page.goto("/adminpanel/mensajes");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "No tienes permiso" })).toBeVisible();
  });
});

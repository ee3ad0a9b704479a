/**
 * A visitor's first scan (decision 025): the chapter says what the code would collect (the chapter,
 * the character's silhouette) and that an account keeps it; /login says why the reader came; the
 * scan is remembered, so the reader's first view once signed up (or in) unlocks it with the
 * first-discovery celebration.
 */
import type { Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  confirmationLink,
  expect,
  expectNoAxeViolations,
  signUpWith,
  test,
  uniqueEmail,
} from "./support.ts";

const TOKENS = CHAPTER_PATHS.map((chapter) => chapter.token);
const discoveryNote = (page: Page) => page.getByRole("complementary", { name: "¡Encontraste un código del libro!" });
const celebration = (page: Page) => page.getByRole("status").filter({ hasText: "¡Desbloqueaste" });

test.describe("a visitor's first scan", () => {
  test("shows what the code would unlock; signing up from there keeps it and celebrates the discovery", async ({
    page,
  }) => {
    await page.goto("/qr/capitulo-1");
    await expect(page).toHaveURL(/\/salida-a-tzintzuntzan$/);
    const note = discoveryNote(page);
    await expect(note).toContainText(
      "Este código abre el capítulo 1, «Salida a Tzintzuntzan», y te presenta a Mariposa Monarca.",
    );
    await expect(note).toContainText("Crea tu cuenta y quedará en tu pasaporte.");
    await expect(note.getByRole("img", { name: "Silueta de Mariposa Monarca, por descubrir" })).toHaveAttribute(
      "src",
      "/images/characters/silueta.svg",
    );
    const html = await note.innerHTML();
    for (const token of TOKENS) expect(html).not.toContain(token);
    await expectNoAxeViolations(page, "the discovery note", { include: ".chapter-discovery" });
    // The story is still there, right under it.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await note.getByRole("link", { name: "Crear mi cuenta y guardarlo" }).click();
    await expect(page).toHaveURL(/\/login\?modo=registro&redirectTo=%2Fsalida-a-tzintzuntzan&motivo=descubrimiento$/);
    await expect(page.getByText("Crea tu cuenta para guardar lo que descubriste con el código.")).toBeVisible();
    await expect(page.getByText(/abrir este capítulo/)).toHaveCount(0);

    const email = uniqueEmail();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
    // The confirmation link signs the new reader in on the chapter: the scan is theirs now.
    await page.goto(await confirmationLink(email));
    await expect(page).toHaveURL(/\/salida-a-tzintzuntzan$/);
    const toast = celebration(page);
    await expect(toast.getByText("¡Tu primer descubrimiento!")).toBeVisible();
    await expect(
      toast.getByText("¡Desbloqueaste Mariposa Monarca y el capítulo «Salida a Tzintzuntzan»!"),
    ).toBeVisible();
    await expect(discoveryNote(page)).toHaveCount(0);

    // Used once: the next view celebrates nothing, and the passport has it.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(celebration(page)).toHaveCount(0);
    await page.goto("/pasaporte");
    await expect(page.getByTestId("pasaporte-progreso-capitulos")).toHaveText("1 de 14 capítulos");
  });

  test("the scan waits while the visitor browses on, and is theirs when they sign in anywhere", async ({
    page,
    request,
  }) => {
    const email = await signUpWith(request, uniqueEmail());
    await page.goto("/qr/capitulo-1");
    await expect(discoveryNote(page)).toBeVisible();
    // A chapter open to all asks for an account to comment, not to open it.
    await page.getByRole("link", { name: "Ingresa para dejar tu comentario." }).click();
    await expect(page.getByText("Inicia sesión para comentar este capítulo y guardar lo que descubres.")).toBeVisible();
    await expect(page.getByText(/abrir este capítulo/)).toHaveCount(0);

    // Elsewhere, signing in through the navbar: the remembered scan is unlocked all the same.
    await page.goto("/eventos");
    await page.getByRole("link", { name: "Ingresar" }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Feventos$/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page).toHaveURL(/\/eventos$/);
    const toast = celebration(page);
    await expect(toast.getByText("¡Tu primer descubrimiento!")).toBeVisible();
    await expect(toast.getByText(/Mariposa Monarca/).first()).toBeVisible();
  });
});

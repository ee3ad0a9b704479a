import { readFileSync } from "node:fs";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import {
  adminCommand,
  expect,
  gotoHydrated,
  newContext,
  PASSWORD,
  signUp,
  signUpAdmin,
  test,
  uniqueEmail,
} from "./support.ts";

test("'Descargar mis datos' downloads a JSON file of the reader's own data", async ({ page }) => {
  const email = await signUp(page);
  await gotoHydrated(page, "/tu-perfil");
  await page.getByLabel("Nombre para mostrar").fill("Lectora Descarga");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Profile saved successfully!")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar mis datos" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("mis-datos-valentina-y-taquito.json");
  const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    cuenta: { email: string };
    tablas: Record<string, Record<string, unknown>[]>;
  };
  expect(data.cuenta.email).toBe(email);
  expect(data.tablas.profiles).toEqual([expect.objectContaining({ display_name: "Lectora Descarga" })]);
  expect(JSON.stringify(data)).not.toMatch(/"password"|"token"/);
});

test("'Ver mis datos' shows a parent the reader's own data in Spanish words, beside the complete file", async ({
  page,
  browser,
}) => {
  await signUp(page);
  // Something of everything: a profile with a clan, a chapter and a character unlocked, a comment.
  await gotoHydrated(page, "/tu-perfil");
  await page.getByLabel("Nombre para mostrar").fill("Lectora Resumen");
  await page.getByLabel("Clan", { exact: true }).selectOption({ label: "Echéndaro" });
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Profile saved successfully!")).toBeVisible();
  await gotoHydrated(page, tokenPathOf(CHAPTER_PATHS.find((chapter) => chapter.id === "capitulo-1")!));
  await expect(page.getByRole("status").getByText(/^¡Desbloqueaste/)).toBeVisible();
  const words = `Taquito es el mejor perro ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/salida-a-tzintzuntzan");
  await page.locator("#comment-text").fill(words);
  await page.getByRole("button", { name: "Comentar" }).click();
  await expect(page.getByText(words)).toBeVisible();
  // Another reader's comment, which is not this reader's data.
  const neighbour = await newContext(browser);
  const neighbourPage = await neighbour.newPage();
  await signUp(neighbourPage);
  const neighbourWords = `Soy la vecina ${Math.random().toString(36).slice(2, 8)}`;
  await neighbourPage.goto("/salida-a-tzintzuntzan");
  await neighbourPage.locator("#comment-text").fill(neighbourWords);
  await neighbourPage.getByRole("button", { name: "Comentar" }).click();
  await expect(neighbourPage.getByText(neighbourWords)).toBeVisible();

  await gotoHydrated(page, "/tu-perfil");
  // Both, side by side: the page to read and the complete file.
  await expect(page.getByRole("link", { name: "Descargar mis datos" })).toHaveAttribute("href", "/tu-perfil/mis-datos");
  await page.getByRole("link", { name: "Ver mis datos para leer o imprimir" }).click();
  await expect(page).toHaveURL(/\/tu-perfil\/mis-datos\/resumen$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tus datos en Valentina y Taquito" })).toBeVisible();
  await expect(page).toHaveTitle(/^Tus datos en Valentina y Taquito/);
  const main = page.locator("main");
  const section = (name: RegExp) => main.locator("section").filter({ has: page.getByRole("heading", { name }) });
  await expect(section(/^Tu perfil$/)).toContainText("Lectora Resumen");
  await expect(section(/^Tu perfil$/)).toContainText("Echéndaro");
  await expect(section(/^Capítulos desbloqueados \(1\)$/)).toContainText("Capítulo 1: Salida a Tzintzuntzan");
  await expect(section(/^Personajes desbloqueados \(1\)$/)).toContainText("Mariposa Monarca");
  const comments = section(/^Tus comentarios \(1\)$/);
  await expect(comments).toContainText(words);
  await expect(comments).toContainText("Capítulo 1: Salida a Tzintzuntzan");
  await expect(comments).toContainText("Publicado: todos lo ven");
  await expect(comments).toContainText(/Escrito el\s*\d{1,2} de [a-z]+ de \d{4}/);
  await expect(page.getByRole("button", { name: "Imprimir o guardar como PDF" })).toBeVisible();
  const text = await main.innerText();
  // No database values: no UTC timestamps, no ids, no clan number, nobody else's words.
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  expect(text).not.toContain("mariposa-monarca");
  expect(text).not.toContain("capitulo-1");
  expect(text).not.toContain(neighbourWords);

  // Only for the reader: a visitor is sent to sign in.
  await neighbour.clearCookies();
  await neighbourPage.goto("/tu-perfil/mis-datos/resumen");
  await expect(neighbourPage).toHaveURL(/\/login\?redirectTo=%2Ftu-perfil%2Fmis-datos%2Fresumen$/);
  await neighbour.close();
});

test("'Borrar mi cuenta' asks first (keyboard only), then deletes the account and signs the reader out", async ({
  page,
}) => {
  const email = await signUp(page);
  // Something of the reader's on a public page: a comment on chapter 1.
  await gotoHydrated(page, "/salida-a-tzintzuntzan");
  const words = `Me despido de Taquito ${Math.random().toString(36).slice(2, 8)}`;
  await page.locator("#comment-text").fill(words);
  await page.getByRole("button", { name: "Comentar" }).click();
  await expect(page.getByText(words)).toBeVisible();

  await gotoHydrated(page, "/tu-perfil");
  const open = page.getByRole("button", { name: "Borrar mi cuenta" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "¿Borrar tu cuenta para siempre?" });
  await expect(dialog).toBeVisible();
  // Escape changes its mind: nothing happens, the focus goes back.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Sí, borrar mi cuenta" });
  for (let tab = 0; tab < 5 && !(await confirm.evaluate((button) => button === document.activeElement)); tab++)
    await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/cuenta-borrada$/);
  await expect(page.getByRole("heading", { name: "Tu cuenta y tus datos se borraron." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ingresar" })).toBeVisible();
  await page.goto("/tu-perfil");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.goto("/salida-a-tzintzuntzan");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);

  // The account is gone: its password opens nothing, and the address may sign up afresh.
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).toBe(401);
  await signUp(page, email);
});

test("/privacidad is linked from the footer and from sign-up", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacidad" }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tu privacidad" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Para ti, que lees el libro" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Para las familias" })).toBeVisible();
  await page.goto("/login?modo=registro");
  await page.getByRole("link", { name: "qué guardamos y por qué" }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
});

test("the last admin is told in Spanish to name another admin first, then may delete their account", async ({
  page,
  browser,
}) => {
  const email = await signUpAdmin(page);
  // Make this admin the only one on this worker's site.
  const listed = await adminCommand("list");
  for (const line of listed.stdout.split("\n")) {
    const other = line.split("\t")[0]!.trim();
    if (other.includes("@") && other !== email) expect((await adminCommand("revoke", other)).code).toBe(0);
  }

  await gotoHydrated(page, "/tu-perfil");
  await page.getByRole("button", { name: "Borrar mi cuenta" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Borrar tu cuenta para siempre?" });
  await dialog.getByRole("button", { name: "Sí, borrar mi cuenta" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "No puedes borrar tu cuenta porque eres la única persona administradora. Primero nombra a otra persona administradora en el panel.",
  );
  await expect(page).toHaveURL(/\/tu-perfil$/);

  const second = await newContext(browser);
  const secondEmail = await signUp(await second.newPage(), uniqueEmail("admin"));
  expect((await adminCommand("grant", secondEmail)).code).toBe(0);
  await second.close();
  await gotoHydrated(page, "/tu-perfil");
  await page.getByRole("button", { name: "Borrar mi cuenta" }).click();
  await dialog.getByRole("button", { name: "Sí, borrar mi cuenta" }).click();
  await expect(page).toHaveURL(/\/cuenta-borrada$/, { timeout: 15_000 });
  expect((await adminCommand("list")).stdout).not.toContain(email);
});

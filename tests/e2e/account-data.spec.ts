import { readFileSync } from "node:fs";
import { CHAPTER_PATHS, tokenPathOf } from "../../db/seed/chapter-paths.ts";
import type { APIRequestContext } from "@playwright/test";
import { askControlSocket, controlSocketPath } from "../../app/lib/control-socket.server.ts";
import {
  adminCommand,
  ADULT_BIRTH_YEAR,
  expect,
  gotoHydrated,
  newContext,
  PASSWORD,
  serverDataDir,
  signUp,
  signUpAdmin,
  signUpWith,
  siteServer,
  test,
  uniqueEmail,
} from "./support.ts";

const CHAPTER_1 = "/salida-a-tzintzuntzan";

/**
 * An admin order (`list`, `grant`, `revoke`) sent to the running site's control socket, where
 * `npm run admin` sends it, without starting the command's own Node process (~1 s of CPU each).
 */
async function askSite(...order: string[]) {
  const result = await askControlSocket(controlSocketPath(serverDataDir()), order);
  expect(result.ok, result.message).toBe(true);
  return result.message;
}

/** Saves the reader's profile through the server: the profile form is accounts.spec.ts's. */
async function saveProfile(request: APIRequestContext, displayName: string, clan = "0") {
  const { baseURL } = siteServer();
  const age = String(new Date().getFullYear() - ADULT_BIRTH_YEAR);
  const saved = await request.post(`${baseURL}/tu-perfil`, {
    headers: { Origin: baseURL },
    form: { displayName, age, clan },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Comments on chapter 1 through the server, posting what its comment form posts (comment-safety's). */
async function commentOnChapter1(request: APIRequestContext, text: string) {
  const { baseURL } = siteServer();
  const posted = await request.post(`${baseURL}${CHAPTER_1}`, {
    headers: { Origin: baseURL },
    form: { intent: "comment", text },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  // Published at once (an adult's clean comment): in the page everyone gets.
  expect(await (await request.get(`${baseURL}${CHAPTER_1}`)).text()).toContain(text);
}

test("'Descargar mis datos' downloads a JSON file of the reader's own data", async ({ page }) => {
  const email = await signUp(page);
  await saveProfile(page.request, "Lectora Descarga");
  await gotoHydrated(page, "/tu-perfil");

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
  // Something of everything, through the server (the forms and pages are other tests'): a profile
  // with a clan (4, Echéndaro), a chapter and a character unlocked (a full load of chapter 1's
  // printed path, as after scanning it), a comment.
  await saveProfile(page.request, "Lectora Resumen", "4");
  const scanned = await page.request.get(tokenPathOf(CHAPTER_PATHS.find((chapter) => chapter.id === "capitulo-1")!));
  expect(scanned.status()).toBe(200);
  const words = `Taquito es el mejor perro ${Math.random().toString(36).slice(2, 8)}`;
  await commentOnChapter1(page.request, words);
  // Another reader's comment, which is not this reader's data (a context without a page).
  const neighbour = await newContext(browser);
  await signUpWith(neighbour.request);
  const neighbourWords = `Soy la vecina ${Math.random().toString(36).slice(2, 8)}`;
  await commentOnChapter1(neighbour.request, neighbourWords);

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
  const visitor = await neighbour.request.get("/tu-perfil/mis-datos/resumen", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toMatch(/\/login\?redirectTo=%2Ftu-perfil%2Fmis-datos%2Fresumen$/);
  await neighbour.close();
});

test("'Borrar mi cuenta' asks first (keyboard only), then deletes the account and signs the reader out", async ({
  page,
}) => {
  const email = await signUp(page);
  // Something of the reader's on a public page: a comment on chapter 1 (through the server).
  const words = `Me despido de Taquito ${Math.random().toString(36).slice(2, 8)}`;
  await commentOnChapter1(page.request, words);

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
  // The close event of that Escape, when the browser runs it after the key press that opened the
  // dialog again (input goes first on a busy machine): stale, it leaves the dialog open.
  await dialog.evaluate((element) => element.dispatchEvent(new Event("close")));
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Sí, borrar mi cuenta" });
  for (let tab = 0; tab < 5 && !(await confirm.evaluate((button) => button === document.activeElement)); tab++)
    await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/cuenta-borrada$/);
  await expect(page.getByRole("heading", { name: "Tu cuenta y tus datos se borraron." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ingresar" })).toBeVisible();
  // What the server now answers this browser (its cookies).
  const profile = await page.request.get("/tu-perfil", { maxRedirects: 0 });
  expect(profile.status()).toBe(302);
  expect(profile.headers().location).toMatch(/\/login\?redirectTo=/);
  const chapter = await page.request.get(CHAPTER_1);
  expect(chapter.status()).toBe(200);
  const html = await chapter.text();
  expect(html).toMatch(/<h1[\s>]/);
  expect(html).not.toContain(words);

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
  // Make this admin the only one on this worker's site (through the site's control socket: the
  // admin command itself is accounts.spec.ts's; here it grants the second admin and reads the list).
  const listed = await askSite("list");
  for (const line of listed.split("\n")) {
    const other = line.split("\t")[0]!.trim();
    if (other.includes("@") && other !== email) await askSite("revoke", other);
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
  const secondEmail = await signUpWith(second.request, uniqueEmail("admin"));
  expect((await adminCommand("grant", secondEmail)).code).toBe(0);
  await second.close();
  // Loaded again, not retried from the dialog still open: there the grant's live notice could
  // reload the page's data while the account was being deleted (a run ended on /login once).
  await gotoHydrated(page, "/tu-perfil");
  await page.getByRole("button", { name: "Borrar mi cuenta" }).click();
  await dialog.getByRole("button", { name: "Sí, borrar mi cuenta" }).click();
  await expect(page).toHaveURL(/\/cuenta-borrada$/, { timeout: 15_000 });
  expect((await adminCommand("list")).stdout).not.toContain(email);
});

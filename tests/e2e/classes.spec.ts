/**
 * Issue 23 (classrooms): a teacher creates a class at /clases, pastes a roster of 30, prints one
 * sheet of login cards (3 A4 pages), the class signs in by card from one address, the board
 * shows unlocks, class-only comments are proven from a second class, and closing deletes all.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  signUp,
  signUpWith,
  siteServer,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";
import {
  cardSignInThroughServer,
  createClass,
  createClassThroughServer,
  pasteRoster,
  pasteRosterThroughServer,
  printClassCards,
  printClassCardsThroughServer,
  apodoWord,
  rosterOf,
} from "./class-helpers.ts";
import { tokenPath } from "./pages.ts";

const CHAPTER_1 = "/salida-a-tzintzuntzan";

const word = apodoWord;

async function freshPage(browser: Browser) {
  return (await newContext(browser)).newPage();
}

/** A student scans their card on a (fresh) device and taps 'Entrar'. */
async function cardSignIn(page: Page, card: string, apodo: string) {
  await gotoHydrated(page, card);
  await expect(page.getByRole("heading", { name: `¡Hola, ${apodo}!` })).toBeVisible();
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/pasaporte$/);
  await expect(page.getByTestId("navbar-user")).toHaveText(apodo);
  // A school tablet has no family chooser to switch to.
  await expect(page.getByRole("link", { name: "Cambiar de lector" })).toHaveCount(0);
}

test("a class of 30 from a pasted list; its card sheet prints on 3 A4 pages; 30 card sign-ins from one address; the board shows unlocks", async ({
  page,
}, testInfo) => {
  test.slow();
  await signUp(page);
  const classId = await createClass(page, `4.º B ${word()}`);

  // One refused line and nobody is created; each refused line says why.
  const prefix = word();
  const roster = rosterOf(prefix, 30);
  await pasteRoster(page, classId, [...roster.slice(0, 29), roster[0]!, "llámame al 5512345678"]);
  const lines = page.locator("#class-roster-lines");
  await expect(lines).toContainText(`Línea 30 («${roster[0]}»): ese apodo ya está en otra línea de la lista.`);
  await expect(lines).toContainText("Línea 31");
  await expect(page.getByLabel("Apodos, uno por línea")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("class-student")).toHaveCount(0);

  await page.getByLabel("Apodos, uno por línea").fill(roster.join("\n"));
  await page.getByRole("button", { name: "Añadir a la clase" }).click();
  await expect(page.getByRole("status")).toHaveText(/Estudiantes añadidos/);
  await expect(page.getByTestId("class-student")).toHaveCount(30);
  await expect(page.getByTestId("not-started")).toContainText(roster[29]!);

  // One sheet: 30 cards, apodo and picture, ten to an A4 page.
  const cards = await printClassCards(page, classId);
  expect(cards).toHaveLength(30);
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: "screen" });
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(pages).toBeLessThanOrEqual(4);
  const pdfPath = testInfo.outputPath("tarjetas-de-la-clase.pdf");
  mkdirSync(resolve(pdfPath, ".."), { recursive: true });
  writeFileSync(pdfPath, pdf);
  // Drawn as pictures for a person to look at, where poppler is installed (not needed to pass).
  try {
    execFileSync("pdftoppm", ["-png", "-r", "40", pdfPath, testInfo.outputPath("tarjetas-pagina")]);
  } catch {
    // No pdftoppm here: the page count above is the check.
  }

  // 30 sign-ins by card from one address (this machine), one device each, within minutes.
  const { baseURL } = siteServer();
  const started = Date.now();
  for (const [index, card] of cards.entries()) {
    const device = await playwrightRequest.newContext({ baseURL });
    const entry = await device.get(card);
    expect(entry.status(), `card ${index}`).toBe(200);
    const signedIn = await device.post(card, { headers: { Origin: baseURL! }, form: {} });
    expect(signedIn.status(), `card ${index}`).toBe(200);
    expect(new URL(signedIn.url()).pathname).toBe("/pasaporte");
    expect(await signedIn.text()).toContain(roster[index]!);
    await device.dispose();
  }
  expect(Date.now() - started).toBeLessThan(10 * 60 * 1000);

  // A student unlocks chapter 2 with its printed code; the board shows it. (The card's sign-in
  // page in a browser is the other tests' cardSignIn.)
  const student = await playwrightRequest.newContext({ baseURL });
  await cardSignInThroughServer(student, cards[0]!, roster[0]!);
  const scanned = await student.get("/qr/capitulo-2");
  expect(scanned.status()).toBe(200);
  expect(new URL(scanned.url()).pathname).toBe(tokenPath(2));
  expect(await scanned.text()).toContain("Casa de la abuela");
  await student.dispose();
  await gotoHydrated(page, `/clases/${classId}`);
  const row = page.getByTestId("class-board").getByRole("row", { name: new RegExp(`^${roster[0]} `) });
  await expect(row.getByRole("img", { name: /desbloqueado/ })).toHaveCount(1);
  await expect(page.getByTestId("not-started")).not.toContainText(`${roster[0]},`);
});

test("class-only comments: a student's comment reaches their class after the teacher approves it, never a second class or a visitor", async ({
  page,
  browser,
}) => {
  test.slow();
  // The classes, their rosters and cards through the server: their pages are the other tests'.
  const { baseURL } = siteServer();
  await signUp(page);
  const classA = await createClassThroughServer(page.request, `Clase A ${word()}`);
  const [a1, a2] = rosterOf(word(), 2);
  await pasteRosterThroughServer(page.request, classA, [a1!, a2!]);
  const cardsA = await printClassCardsThroughServer(page.request, classA);
  expect(cardsA).toHaveLength(2);

  const teacherB = await playwrightRequest.newContext({ baseURL });
  await signUpWith(teacherB);
  const classB = await createClassThroughServer(teacherB, `Clase B ${word()}`);
  const [b1] = rosterOf(word(), 1);
  await pasteRosterThroughServer(teacherB, classB, [b1!]);
  const [cardB] = await printClassCardsThroughServer(teacherB, classB);

  const studentA1 = await freshPage(browser);
  await cardSignIn(studentA1, cardsA[0]!, a1!);
  const text = `Taquito es muy valiente ${uniqueWord()}`;
  await gotoHydrated(studentA1, CHAPTER_1);
  await studentA1.locator("#comment-text").fill(text);
  await studentA1.getByRole("button", { name: "Comentar" }).click();
  const mine = studentA1.locator(".comment").filter({ hasText: text });
  await expect(mine.getByText("En revisión")).toBeVisible();

  // The teacher approves it on the board.
  await gotoHydrated(page, `/clases/${classA}`);
  const held = page.getByTestId("class-comment").filter({ hasText: text });
  await expect(held).toContainText("En revisión");
  await held.getByRole("button", { name: "Aprobar" }).click();
  await expect(page.getByTestId("class-comments-status")).toHaveText(
    "Comentario aprobado: ya lo ve la clase. No quedan comentarios por revisar.",
  );

  // A classmate sees it on the page (signed in by card through the server: the card's page is
  // studentA1's above).
  const studentA2 = await freshPage(browser);
  await cardSignInThroughServer(studentA2.request, cardsA[1]!, a2!);
  await gotoHydrated(studentA2, CHAPTER_1);
  await expect(studentA2.locator(".comment").filter({ hasText: text })).toHaveCount(1);
  await expect(studentA2.locator(".comment").filter({ hasText: text })).toContainText(a1!);
  // Who else the server sends it to: the page's HTML and its data (a script of the HTML).
  const chapterFor = async (viewer: APIRequestContext) => {
    const response = await viewer.get(`${baseURL}${CHAPTER_1}`);
    expect(response.status()).toBe(200);
    return response.text();
  };
  // Rendered once for the teacher (a comment's text is its own <p>; the data only quotes it).
  expect((await chapterFor(page.request)).split(`>${text}</p>`)).toHaveLength(2);
  // A second class, its teacher and a visitor never get it (nor the apodo).
  const studentB1 = await playwrightRequest.newContext({ baseURL });
  await cardSignInThroughServer(studentB1, cardB!, b1!);
  expect(await chapterFor(studentB1)).not.toContain(text);
  expect(await chapterFor(teacherB)).not.toContain(text);
  const visitor = await playwrightRequest.newContext({ baseURL });
  const visitorsPage = await chapterFor(visitor);
  expect(visitorsPage).not.toContain(text);
  expect(visitorsPage).not.toContain(a1!);
  // Nor can the second class's teacher open the first class.
  expect((await teacherB.get(`/clases/${classA}`)).status()).toBe(404);
  // A student reaches nothing of the teacher's.
  expect((await studentA1.request.get(`/clases/${classA}`)).status()).toBe(403);
  for (const viewer of [studentA1, studentA2]) await viewer.context().close();
  for (const viewer of [teacherB, studentB1, visitor]) await viewer.dispose();
});

test("'Cerrar la clase' offers the board as CSV, then deletes the students: their cards stop working", async ({
  page,
}) => {
  await signUp(page);
  const className = `Cierre Juárez ${word()}`;
  const classId = await createClassThroughServer(page.request, className);
  const roster = rosterOf(word(), 3);
  await pasteRosterThroughServer(page.request, classId, roster);
  const cards = await printClassCardsThroughServer(page.request, classId);
  expect(cards).toHaveLength(3);
  await gotoHydrated(page, `/clases/${classId}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar el tablero (CSV)" }).click(),
  ]);
  // Named as the class is, accents whole (filename*), with the day it was taken.
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tablero-${className}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  for (const apodo of roster) expect(text.split("\n").some((line) => line.split(",")[0] === apodo)).toBe(true);
  // A wrong word closes nothing.
  await page.getByLabel(/Escribe «cerrar»/).fill("si");
  await page.getByRole("button", { name: "Cerrar la clase" }).click();
  await expect(page.getByText("Escribe «cerrar» para confirmar.")).toBeVisible();
  // A tablet capitalises the word: taken all the same.
  await page.getByLabel(/Escribe «cerrar»/).fill("Cerrar");
  await page.getByRole("button", { name: "Cerrar la clase" }).click();
  await expect(page).toHaveURL(/\/clases\?aviso=cerrada$/);
  // The page downloaded the board: the notice says it is all that is left.
  await expect(page.getByRole("status")).toHaveText(
    "Cerramos la clase: borramos a sus estudiantes y todo lo suyo. Solo queda el CSV que descargaste.",
  );
  const device = await playwrightRequest.newContext({ baseURL: siteServer().baseURL });
  const answer = await device.get(cards[0]!);
  // The students are gone with the class: their cards are unknown now, not old (decision 063).
  expect(answer.status()).toBe(404);
  expect(await answer.text()).toContain("No conocemos esta tarjeta.");
  await device.dispose();
});

test("the class pages work with the keyboard alone", async ({ page }) => {
  await signUp(page);
  await gotoHydrated(page, "/clases");
  await page.getByLabel("Nombre de la clase").focus();
  await page.keyboard.type(`Teclado ${word()}`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByLabel(/autorizaron el uso del sitio/)).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Crear la clase" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("¡Clase creada! Ahora añade a tus estudiantes.");
  await page.getByLabel("Apodos, uno por línea").focus();
  const [first, second] = rosterOf(word(), 2);
  await page.keyboard.type(first!);
  await page.keyboard.press("Enter");
  await page.keyboard.type(second!);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Añadir a la clase" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("class-student")).toHaveCount(2);
  // Removing a student: the disclosure opens from the keyboard.
  const summary = page.getByText(`Quitar a ${first}`);
  await summary.focus();
  await page.keyboard.press("Enter");
  await page.getByLabel("Escribe «quitar» para borrar sus datos").first().focus();
  await page.keyboard.type("quitar");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Quitamos a ese estudiante");
  await expect(page.getByTestId("class-student")).toHaveCount(1);
});

for (const width of [375, 1280]) {
  test(`axe: no violations on the class pages at ${width} px; a student's 'Salir' is in sight`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signUp(page);
    await gotoHydrated(page, "/clases");
    await expectNoAxeViolations(page, "/clases (no class)");
    await page.getByRole("button", { name: "Crear la clase" }).click();
    await expect(page.getByText("Para crear la clase, confirma")).toBeVisible();
    await expectNoAxeViolations(page, "/clases (refused form)");
    const classId = await createClass(page, `Axe ${word()}`);
    await expectNoAxeViolations(page, "/clases/<id> (empty)");
    const roster = rosterOf(word(), 3);
    await pasteRoster(page, classId, [roster[0]!, roster[0]!]);
    await expect(page.locator("#class-roster-lines")).toBeVisible();
    await expectNoAxeViolations(page, "/clases/<id> (refused roster)");
    await pasteRoster(page, classId, roster);
    const cards = await printClassCards(page, classId);
    await expectNoAxeViolations(page, "/clases/<id>/tarjetas (printed)");
    await gotoHydrated(page, `/clases/${classId}/tarjetas`);
    await expectNoAxeViolations(page, "/clases/<id>/tarjetas");

    // Signed in by card through the server: the card's page is cardSignIn's, in other tests.
    const student = await (await newContext(browser, { viewport: { width, height: 900 } })).newPage();
    await cardSignInThroughServer(student.request, cards[0]!, roster[0]!);
    await gotoHydrated(student, CHAPTER_1);
    await student.locator("#comment-text").fill(`Me gusta leer ${uniqueWord()}`);
    await student.getByRole("button", { name: "Comentar" }).click();
    await expect(student.getByText("En revisión", { exact: true })).toBeVisible();
    expect((await student.request.get("/qr/capitulo-2")).status()).toBe(200);
    await gotoHydrated(page, `/clases/${classId}`);
    await expect(page.getByTestId("class-comment")).toHaveCount(1);
    await expectNoAxeViolations(page, "/clases/<id> (board and a comment)");

    // On a phone too, the student's 'Salir' is in sight without opening the menu.
    const signedInHome = await (await student.request.get("/")).text();
    expect(signedInHome).toContain('data-testid="navbar-user"');
    const salir = student.getByRole("button", { name: "Salir" });
    await expect(salir).toBeVisible();
    await salir.click();
    await expect
      .poll(async () => (await student.context().cookies()).some((cookie) => cookie.name.includes("session_token")))
      .toBe(false);
    const home = await (await student.request.get("/")).text();
    expect(home).not.toContain('data-testid="navbar-user"');
    await student.context().close();
  });
}

test("a roster line shaped like a real full name is marked, not refused: the teacher confirms and the class gets it (issue 39)", async ({
  page,
}) => {
  // 'ana' of the teacher's address hides in 'Naranja': no reason to refuse it.
  await signUp(page, uniqueEmail("ana"));
  const classId = await createClass(page, `5.º A ${word()}`);
  await gotoHydrated(page, `/clases/${classId}`);
  const field = page.getByLabel("Apodos, uno por línea");
  await field.fill(["Mariposa Naranja", "María Fernanda López Hernández", "Jaguar Negro"].join("\n"));
  await page.getByRole("button", { name: "Añadir a la clase" }).click();
  const warning = page.locator("#class-roster-names");
  await expect(warning).toContainText(
    "Todavía no añadimos a nadie: algunas líneas parecen nombres y apellidos reales.",
  );
  await expect(warning).toContainText(
    "Línea 2 («María Fernanda López Hernández»): parece un nombre y apellidos reales",
  );
  await expect(warning).not.toContainText("Mariposa Naranja");
  await expect(page.locator("#class-roster-lines")).toHaveCount(0);
  await expect(page.getByTestId("class-student")).toHaveCount(0);
  await expect(field).toHaveValue(/María Fernanda López Hernández/);
  await expectNoAxeViolations(page, "the roster's full-name warning");

  await page.getByLabel("Sí, son los apodos que quiero usar").check();
  await page.getByRole("button", { name: "Añadir a la clase" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "¡Listo! Estudiantes añadidos. Imprime sus tarjetas para que entren.",
  );
  await expect(page.getByTestId("class-student")).toHaveText([
    /Mariposa Naranja/,
    /María Fernanda López Hernández/,
    /Jaguar Negro/,
  ]);
});

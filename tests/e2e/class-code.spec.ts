/**
 * Issue 39, 'Computers without cameras' (decision 067): each class has a short code without
 * look-alike characters; at /clase a student types it, then picks their name and their picture
 * (the second factor: a wrong one is refused and counted); the teacher picks each student's
 * drawing, turns the code off and on, and makes a new one that retires the old.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  signUp,
  siteServer,
  siteWithRealLimits,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";
import {
  apodoWord,
  cardSignInThroughServer,
  createClassThroughServer,
  pasteRosterThroughServer,
  printClassCards,
  printClassCardsThroughServer,
  rosterOf,
} from "./class-helpers.ts";

const CHAPTER_1 = "/salida-a-tzintzuntzan";
/** What the code may look like: 8 of the alphabet without 0/O, 1/I/L, shown as two groups of four. */
const SHOWN_CODE = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

/** The class's code as its teacher's page shows it, and each student's drawing by apodo. */
async function classPage(request: APIRequestContext, baseURL: string, classId: string) {
  const html = await (await request.get(`${baseURL}/clases/${classId}`)).text();
  const code = /data-testid="class-code"[^>]*>(?:<s[^>]*>)?([^<]+)</.exec(html)![1]!;
  const pictures = new Map(
    [
      ...html.matchAll(
        /<span class="fw-bold">([^<]+)<\/span><span[^>]*data-testid="student-picture"[^>]*>(?:<!-- -->)?\s*(?:<!-- -->)?· dibujo: (?:<!-- -->)?([^<]+)</g,
      ),
    ].map((match) => [match[1]!, match[2]!.trim()]),
  );
  return { code, pictures };
}

/** Posts the code page's forms as a browser would (same-origin). */
const postCode = (request: APIRequestContext, baseURL: string, form: Record<string, string>) =>
  request.post(`${baseURL}/clase`, { headers: { Origin: baseURL }, form, maxRedirects: 0 });

/** The name radio's value (the student's id) on the code's second step. */
const studentIdIn = (html: string, apodo: string) =>
  new RegExp(`value="([\\w-]+)"[^>]*/><label class="form-check-label" for="student-choice-[\\w-]+">${apodo}<`).exec(
    html,
  )?.[1];

/** Whether the page scrolls sideways at its current size. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth > 1);

test("a student at a desktop without a camera types the class code, chooses name and picture by keyboard, and reads the class's comments", async ({
  page,
  browser,
}) => {
  // A teacher, a classmate who comments, a student's sign-in by keyboard: many page loads.
  test.setTimeout(180_000);
  const { baseURL } = siteServer();
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `3.º A ${apodoWord()}`);
  const [me, classmate] = rosterOf(apodoWord(), 2);
  await pasteRosterThroughServer(page.request, classId, [me!, classmate!]);

  // A classmate's comment, approved by the teacher: only this class sees it.
  const [classmateCard] = (await printClassCardsThroughServer(page.request, classId)).slice(1);
  const classmateDevice = await playwrightRequest.newContext({ baseURL });
  await cardSignInThroughServer(classmateDevice, classmateCard!, classmate!);
  const text = `La calavera de Taquito brilla ${uniqueWord()}`;
  const posted = await classmateDevice.post(`${baseURL}${CHAPTER_1}`, {
    headers: { Origin: baseURL },
    form: { intent: "comment", text },
  });
  expect(posted.status()).toBeLessThan(400);
  const board = await (await page.request.get(`${baseURL}/clases/${classId}`)).text();
  const commentId = /name="commentId" value="([^"]+)"/.exec(board)![1]!;
  const approved = await page.request.post(`${baseURL}/clases/${classId}`, {
    headers: { Origin: baseURL },
    form: { intent: "moderar", commentId, decision: "approve" },
  });
  expect(approved.status()).toBe(200);

  // The teacher's page shows the code big, and where to type it.
  await gotoHydrated(page, `/clases/${classId}`);
  const code = (await page.getByTestId("class-code").textContent())!.trim();
  expect(code).toMatch(SHOWN_CODE);
  await expect(page.getByText(`${new URL(baseURL).host}/clase`).first()).toBeVisible();
  const myPicture = (await classPage(page.request, baseURL, classId)).pictures.get(me!)!;
  expect(myPicture).toBeTruthy();

  // A desktop without a camera (no camera device, nor permission): only the keyboard.
  const student = await (await newContext(browser, { viewport: { width: 1280, height: 800 } })).newPage();
  await gotoHydrated(student, "/clase");
  await expectNoAxeViolations(student, "class code: the code");
  await student.keyboard.press("Tab");
  // The skip link, the navbar…: Tab on until the code's field has the focus.
  for (let step = 0; step < 40; step++) {
    if (await student.getByLabel("Código de tu clase").evaluate((input) => input === document.activeElement)) break;
    await student.keyboard.press("Tab");
  }
  await expect(student.getByLabel("Código de tu clase")).toBeFocused();
  // As a child types it off the board: lower case, a space instead of the dash.
  await student.keyboard.type(code.toLowerCase().replace("-", " "));
  await student.keyboard.press("Enter");

  await expect(student.getByRole("heading", { name: "Elige tu nombre y tu dibujo" })).toBeVisible();
  await expect(student.getByRole("group", { name: "Tu nombre" }).getByRole("radio")).toHaveCount(2);
  // 40 drawings, each named in Spanish.
  await expect(student.getByRole("group", { name: "Tu dibujo" }).getByRole("radio")).toHaveCount(40);
  await expectNoAxeViolations(student, "class code: name and picture");
  await student.getByRole("radio", { name: me!, exact: true }).focus();
  await student.keyboard.press("Space");
  await student.getByRole("radio", { name: myPicture, exact: true }).focus();
  await student.keyboard.press("Space");
  await student.keyboard.press("Tab");
  await expect(student.getByRole("button", { name: "Entrar" })).toBeFocused();
  await student.keyboard.press("Enter");

  await expect(student).toHaveURL(/\/pasaporte$/);
  await expect(student.getByTestId("navbar-user")).toHaveText(me!);
  // A class's session, as a card's: the class's comments, said to be the class's only.
  await gotoHydrated(student, CHAPTER_1);
  await expect(student.locator(".comment").filter({ hasText: text })).toContainText(classmate!);
  await expect(student.getByText("Solo tu clase ve estos comentarios.")).toBeVisible();
  // And nothing of the teacher's.
  expect((await student.request.get(`${baseURL}/clases/${classId}`)).status()).toBe(403);
  await student.context().close();
  await classmateDevice.dispose();
});

test("the code's second step fits a 320 px screen with text at 200%", async ({ page, browser }) => {
  const { baseURL } = siteServer();
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `2.º C ${apodoWord()}`);
  await pasteRosterThroughServer(page.request, classId, ["Maximiliana Constantinopla", "Lalo Muro"]);
  const { code } = await classPage(page.request, baseURL, classId);
  const phone = await (await newContext(browser, { viewport: { width: 320, height: 640 } })).newPage();
  await gotoHydrated(phone, "/clase");
  await phone.getByLabel("Código de tu clase").fill(code);
  await phone.getByRole("button", { name: "Seguir" }).click();
  await expect(phone.getByRole("heading", { name: "Elige tu nombre y tu dibujo" })).toBeVisible();
  await phone.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  expect(await scrollsSideways(phone)).toBe(false);
  // And the teacher's page, with its big code.
  await page.setViewportSize({ width: 320, height: 640 });
  await gotoHydrated(page, `/clases/${classId}`);
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  expect(await scrollsSideways(page)).toBe(false);
  await phone.context().close();
});

test("the teacher chooses a student's drawing on the class page; a roster of 30 gets 30 different drawings", async ({
  page,
}) => {
  test.slow();
  const { baseURL } = siteServer();
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `5.º A ${apodoWord()}`);
  const roster = rosterOf(apodoWord(), 30);
  await pasteRosterThroughServer(page.request, classId, roster);
  const { pictures, code } = await classPage(page.request, baseURL, classId);
  expect(pictures.size).toBe(30);
  expect(new Set(pictures.values()).size).toBe(30);

  // By keyboard: the student's 'Cambiar su dibujo', a free drawing, 'Guardar su dibujo'.
  const [first, second] = roster;
  await gotoHydrated(page, `/clases/${classId}`);
  await page.getByRole("link", { name: `Cambiar el dibujo de ${first}` }).focus();
  await page.keyboard.press("Enter");
  const choice = page.getByRole("group", { name: `El dibujo de ${first}` });
  await expect(choice).toBeVisible();
  // Only drawings no classmate has: 40 − 29.
  await expect(choice.getByRole("radio")).toHaveCount(11);
  await expect(choice.getByRole("radio", { name: pictures.get(second!)!, exact: true })).toHaveCount(0);
  await choice.getByRole("radio", { name: "ancla", exact: true }).focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Guardar su dibujo" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Listo: cambiamos su dibujo.");
  await expect(page.getByTestId("class-student").filter({ hasText: first! }).getByTestId("student-picture")).toHaveText(
    "· dibujo: ancla",
  );

  // A classmate's drawing is refused, beside the field, and nothing changes.
  const studentOf = (apodo: string) =>
    page
      .getByTestId("class-student")
      .filter({ hasText: apodo })
      .getByRole("link", { name: `Cambiar el dibujo de ${apodo}` })
      .getAttribute("href");
  const secondId = new URL((await studentOf(second!))!, baseURL).searchParams.get("dibujo")!;
  const taken = await page.request.post(`${baseURL}/clases/${classId}`, {
    headers: { Origin: baseURL },
    form: { intent: "dibujo", studentId: secondId, dibujo: "ancla" },
  });
  expect(taken.status()).toBe(409);
  expect(await taken.text()).toContain(`Ese dibujo ya es de «${first}»: elige otro.`);
  const unknown = await page.request.post(`${baseURL}/clases/${classId}`, {
    headers: { Origin: baseURL },
    form: { intent: "dibujo", studentId: secondId, dibujo: "dragon" },
  });
  expect(unknown.status()).toBe(400);
  expect((await classPage(page.request, baseURL, classId)).pictures.get(second!)).toBe(pictures.get(second!));

  // The new drawing is the one that opens the class code; the old one no longer does.
  const device = await playwrightRequest.newContext({ baseURL });
  const step = await postCode(device, baseURL, { intent: "codigo", codigo: code });
  const firstId = studentIdIn(await step.text(), first!)!;
  expect(firstId).toBeTruthy();
  const old = await postCode(device, baseURL, {
    intent: "entrar",
    codigo: code,
    lector: firstId,
    dibujo: pictures.get(first!)!,
  });
  expect(old.status()).toBe(401);
  const signedIn = await postCode(device, baseURL, {
    intent: "entrar",
    codigo: code,
    lector: firstId,
    dibujo: "ancla",
  });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).toBe("/pasaporte");
  await device.dispose();
});

test("the teacher turns the code off and on, and a new code retires the old one; the card sheet prints the code big", async ({
  page,
}) => {
  test.slow();
  const { baseURL } = siteServer();
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `6.º B ${apodoWord()}`);
  const [apodo] = rosterOf(apodoWord(), 1);
  await pasteRosterThroughServer(page.request, classId, [apodo!]);
  const device = await playwrightRequest.newContext({ baseURL });
  const tryCode = async (codigo: string) => {
    const answer = await postCode(device, baseURL, { intent: "codigo", codigo });
    return { status: answer.status(), html: await answer.text() };
  };

  await gotoHydrated(page, `/clases/${classId}`);
  const code = (await page.getByTestId("class-code").textContent())!.trim();
  expect((await tryCode(code)).status).toBe(200);

  // The card sheet: the QR codes stay, and each card carries the short address and the code.
  const cards = await printClassCards(page, classId);
  expect(cards).toHaveLength(1);
  await expect(page.getByTestId("class-card-code")).toHaveText([code]);
  await expect(page.getByTestId("class-card").getByText(`${new URL(baseURL).host}/clase`)).toBeVisible();
  // In big type on one line.
  const codeBox = await page.getByTestId("class-card-code").evaluate((element) => ({
    size: parseFloat(getComputedStyle(element).fontSize),
    wrap: getComputedStyle(element).whiteSpace,
  }));
  expect(codeBox.size).toBeGreaterThanOrEqual(18);
  expect(codeBox.wrap).toBe("nowrap");

  // Off: the code is refused (and says so), on again: it works.
  await gotoHydrated(page, `/clases/${classId}`);
  await page.getByRole("button", { name: "Apagar el código" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Código apagado: nadie puede entrar con él hasta que lo enciendas.",
  );
  const off = await tryCode(code);
  expect(off.status).toBe(403);
  expect(off.html).toContain("El código de tu clase está apagado ahora. Pide a tu maestra o maestro que lo encienda.");
  await page.getByRole("button", { name: "Encender el código" }).click();
  await expect(page.getByRole("status")).toHaveText("Código encendido: tus estudiantes ya pueden entrar con él.");
  expect((await tryCode(code)).status).toBe(200);

  // A new code: the old one is unknown from now, the new one works.
  await page.getByRole("button", { name: "Hacer un código nuevo" }).click();
  await expect(page.getByRole("status")).toHaveText("Código nuevo listo. El anterior ya no funciona.");
  const renewed = (await page.getByTestId("class-code").textContent())!.trim();
  expect(renewed).toMatch(SHOWN_CODE);
  expect(renewed).not.toBe(code);
  const old = await tryCode(code);
  expect(old.status).toBe(404);
  expect(old.html).toContain("No conocemos ese código. Revísalo letra por letra, o pídeselo a tu maestra o maestro.");
  expect((await tryCode(renewed.toLowerCase())).status).toBe(200);
  // A code with look-alikes or the wrong length is not a code at all (and not counted).
  const malformed = await tryCode("0O1I-LLLL");
  expect(malformed.status).toBe(400);
  expect(malformed.html).toContain("8 letras y números");
  await device.dispose();
});

test.describe("the class code's limits, at a school's one address", () => {
  test.slow();
  const site = siteWithRealLimits(9);

  test("a wrong picture is refused in Spanish with the tries left; past the limit every try waits, with Retry-After", async ({
    browser,
  }) => {
    // 70-odd posts from one address, a page's steps: slow on a loaded machine.
    test.setTimeout(240_000);
    const { baseURL } = site();
    const teacher = await playwrightRequest.newContext({ baseURL });
    const email = uniqueEmail("maestra");
    const signedUp = await teacher.post(`${baseURL}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
      headers: { Origin: baseURL },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const created = await teacher.post(`${baseURL}/clases`, {
      headers: { Origin: baseURL },
      form: { intent: "crear", name: `4.º D ${uniqueWord().slice(0, 5)}`, consent: "si" },
    });
    const classId = new URL(created.url()).pathname.split("/")[2]!;
    const [apodo] = rosterOf(apodoWord(), 1);
    const added = await teacher.post(`${baseURL}/clases/${classId}`, {
      headers: { Origin: baseURL },
      form: { intent: "anadir", roster: apodo! },
    });
    expect(new URL(added.url()).search).toBe("?aviso=anadidos");
    const { code, pictures } = await classPage(teacher, baseURL, classId);
    const right = pictures.get(apodo!)!;
    const wrong = right === "perro" ? "gato" : "perro";

    // On the page: the wrong picture is refused beside the pictures, with the tries left.
    const context = await newContext(browser, { baseURL });
    const student = await context.newPage();
    await gotoHydrated(student, "/clase");
    await student.getByLabel("Código de tu clase").fill(code);
    await student.getByRole("button", { name: "Seguir" }).click();
    await student.getByRole("radio", { name: apodo!, exact: true }).check();
    await student.locator("label.picture-choice", { hasText: new RegExp(`^${wrong}$`) }).click();
    await student.getByRole("button", { name: "Entrar" }).click();
    const message = student.getByText(/^Ese no es tu dibujo\./);
    await expect(message).toHaveText(
      "Ese no es tu dibujo. Te quedan 4 intentos; después habrá que esperar 15 minutos. Si no recuerdas tu dibujo, pregúntale a tu maestra o maestro: lo ve en la página de la clase.",
    );
    // The keyboard is on the pictures, which the message describes; the name is kept.
    await expect(student.getByRole("radio", { name: "calavera", exact: true })).toBeFocused();
    await expect(student.getByRole("radio", { name: apodo!, exact: true })).toBeChecked();
    await expect(student).toHaveURL(/\/clase$/);

    // Four more from the same device: the last says how long to wait; then even the right one waits.
    const studentId = studentIdIn(await (await postCode(student.request, baseURL, { codigo: code })).text(), apodo!)!;
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++)
      answers.push(
        await postCode(student.request, baseURL, { intent: "entrar", codigo: code, lector: studentId, dibujo: wrong }),
      );
    expect(answers.map((answer) => answer.status())).toEqual([401, 401, 401, 401]);
    expect(await answers[3]!.text()).toContain(
      "Ese no es tu dibujo. Ahora hay que esperar 15 minutos para probar otra vez.",
    );
    const waiting = await postCode(student.request, baseURL, {
      intent: "entrar",
      codigo: code,
      lector: studentId,
      dibujo: right,
    });
    expect(waiting.status()).toBe(429);
    expect(Number(waiting.headers()["retry-after"])).toBeGreaterThan(800);
    expect(await waiting.text()).toContain("Demasiados intentos seguidos. Espera 15 minutos y vuelve a intentarlo.");

    // Unknown codes count against the address: 60 a window, then a wait with Retry-After.
    const school = await playwrightRequest.newContext({ baseURL });
    const statuses = [];
    for (let guess = 0; guess < 60; guess++)
      statuses.push(
        (await postCode(school, baseURL, { codigo: `ZZZZ${String(2222 + guess).replace(/[01]/g, "9")}` })).status(),
      );
    // The five wrong pictures above came from this address too.
    expect(statuses.filter((status) => status === 404).length).toBe(55);
    const limited = await postCode(school, baseURL, { codigo: code });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Demasiados intentos seguidos.");
    await context.close();
    await school.dispose();
    await teacher.dispose();
  });
});

/**
 * Issue 39, 'Classroom': reprinting cards is a normal teacher's action, and a class scanning its
 * old cards from the school's one address must not lock out the new ones (decision 063). An old
 * card says it is old and asks for the new one from the teacher; it never counts as a guess. When
 * unknown cards do reach the limit, a real card is told to wait, never that it does not work, and
 * the teacher sees the block on the class's page and lifts it.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  newContext,
  siteWithRealLimits,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";
import { printClassCards, rosterOf } from "./class-helpers.ts";

/** Unknown cards one address may try in ten minutes (app/pages/card-guesses.server.ts). */
const CARD_GUESSES = 30;
const unknownCard = (index: number) => `/entrar/${"Z".repeat(18)}${String(index).padStart(6, "0")}`;

test.describe("old cards and the card-guess limit, at a school's one address", () => {
  test.slow();
  const site = siteWithRealLimits(8);

  /** A teacher signed in on `request` with a class of three students whose cards were printed once. */
  async function classWithPrintedCards(request: APIRequestContext) {
    const { baseURL } = site();
    const email = uniqueEmail("maestra");
    // No mail server on this site: the sign-up signs in at once.
    const signedUp = await request.post(`${baseURL}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
      headers: { Origin: baseURL },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const created = await request.post(`${baseURL}/clases`, {
      headers: { Origin: baseURL },
      form: { intent: "crear", name: `5.º C ${uniqueWord().slice(0, 5)}`, consent: "si" },
    });
    const classId = new URL(created.url()).pathname.split("/")[2]!;
    const roster = rosterOf(`Axolote ${uniqueWord().slice(0, 5)}`, 3);
    const added = await request.post(`${baseURL}/clases/${classId}`, {
      headers: { Origin: baseURL },
      form: { intent: "anadir", roster: roster.join("\n") },
    });
    expect(new URL(added.url()).search).toBe("?aviso=anadidos");
    const printed = await request.post(`${baseURL}/clases/${classId}/tarjetas`, {
      headers: { Origin: baseURL },
      form: {},
    });
    const cards = [
      ...(await printed.text()).matchAll(/data-testid="class-card-url"[^>]*>[^<]*?(\/entrar\/[\w-]{24})</g),
    ];
    expect(cards).toHaveLength(3);
    return { classId, roster, oldCards: cards.map((match) => match[1]!) };
  }

  test("after a reprint, 31+ scans of old cards leave the new ones working; past the limit a real card waits and the teacher lifts it", async ({
    browser,
  }) => {
    const teacher = await newContext(browser, { baseURL: site().baseURL });
    const teacherPage = await teacher.newPage();
    const { classId, roster, oldCards } = await classWithPrintedCards(teacherPage.request);
    // The teacher reprints the class's cards on the card sheet.
    const cards = await printClassCards(teacherPage, classId);
    expect(cards).toHaveLength(3);

    // The class scans last week's cards from the school's address, many times over.
    const school = await playwrightRequest.newContext({ baseURL: site().baseURL });
    for (let scan = 0; scan < CARD_GUESSES + 5; scan++) {
      const answer = await school.get(oldCards[scan % oldCards.length]!);
      expect(answer.status(), `old card scan ${scan}`).toBe(410);
    }
    const student = await newContext(browser, { baseURL: site().baseURL });
    const device = await student.newPage();
    await device.goto(oldCards[0]!);
    await expect(device.getByRole("heading", { level: 1 })).toHaveText("Tarjeta vieja");
    await expect(device.getByText("Esta tarjeta es vieja: pide la nueva a tu maestra o maestro.")).toBeVisible();
    await expectNoAxeViolations(device, "/entrar/<old card>");

    // The new card still signs in from the same address.
    await device.goto(cards[0]!);
    await device.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(device).toHaveURL(/\/pasaporte$/);
    await expect(device.getByText(`¡Hola, ${roster[0]}!`).first()).toBeVisible();

    // Cards nobody printed reach the limit; then a real card is told to wait, not that it fails.
    for (let index = 0; index < CARD_GUESSES; index++)
      expect((await school.get(unknownCard(index))).status(), `unknown card ${index}`).toBe(404);
    const other = await newContext(browser, { baseURL: site().baseURL });
    const otherDevice = await other.newPage();
    const refused = await otherDevice.goto(cards[1]!);
    expect(refused?.status()).toBe(429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(500);
    await expect(otherDevice.getByRole("heading", { level: 1 })).toHaveText("Espera un momento");
    await expect(otherDevice.getByText(/Espera 10 minutos y vuelve a escanear tu tarjeta/)).toBeVisible();
    await expect(otherDevice.getByRole("main")).not.toContainText("no sirve");

    // The teacher sees it on the class's page and lifts it.
    await gotoHydrated(teacherPage, `/clases/${classId}`);
    const notice = teacherPage.getByTestId("card-block");
    await expect(notice.getByRole("heading")).toHaveText("Tus estudiantes no pueden entrar con sus tarjetas");
    await expect(notice).toContainText("La espera termina sola en 10 minutos.");
    await expectNoAxeViolations(teacherPage, "/clases/<id> with its cards blocked");
    await notice.getByRole("button", { name: "Desbloquear" }).click();
    await expect(teacherPage.getByRole("status")).toHaveText(
      "Listo: tus estudiantes ya pueden entrar con sus tarjetas.",
    );
    await expect(teacherPage.getByTestId("card-block")).toHaveCount(0);

    // The waiting student scans again and gets in.
    await otherDevice.goto(cards[1]!);
    await otherDevice.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(otherDevice).toHaveURL(/\/pasaporte$/);
    await school.dispose();
    await Promise.all([teacher.close(), student.close(), other.close()]);
  });
});

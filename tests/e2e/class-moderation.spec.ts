/**
 * Issue 39 (Classroom, points 3 and 5): the teacher moderates the class's comments in place by
 * keyboard (the page keeps its scroll, the keyboard goes on to the next comment), sees why each
 * was held, approves the rest at once; a student is told who sees the comments; on a phone the
 * board's name column stays in sight.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, gotoHydrated, signUp, siteServer, test } from "./support.ts";
import {
  cardSignInThroughServer,
  createClassThroughServer,
  pasteRosterThroughServer,
  printClassCardsThroughServer,
  apodoWord,
  rosterOf,
} from "./class-helpers.ts";

const CHAPTER_1 = "/salida-a-tzintzuntzan";
const word = apodoWord;

async function postComment(student: APIRequestContext, text: string) {
  const { baseURL } = siteServer();
  const answer = await student.post(`${baseURL}${CHAPTER_1}`, {
    headers: { Origin: baseURL! },
    form: { intent: "comment", text },
  });
  expect(answer.status()).toBe(200);
}

test("moderating by keyboard: each decision in place keeps the scroll and moves on; why each was held; 'Aprobar todos'", async ({
  page,
}) => {
  test.slow();
  const { baseURL } = siteServer();
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `Moderar ${word()}`);
  const roster = rosterOf(word(), 3);
  await pasteRosterThroughServer(page.request, classId, roster);
  const cards = await printClassCardsThroughServer(page.request, classId);
  const students: APIRequestContext[] = [];
  for (const [index, card] of cards.entries()) {
    const student = await playwrightRequest.newContext({ baseURL });
    await cardSignInThroughServer(student, card, roster[index]!);
    students.push(student);
  }
  // Six held comments (newest first on the page): a phone number among them.
  await postComment(students[0]!, "Me gustó Taquito");
  await postComment(students[1]!, "llama al 55 1234 5678");
  await postComment(students[2]!, "Valentina es valiente");
  await postComment(students[0]!, "El perro corre mucho");
  await postComment(students[1]!, "Quiero leer más");
  await postComment(students[2]!, "El lago es bonito");
  // A student's list says who sees it.
  expect(await (await students[0]!.get(CHAPTER_1)).text()).toContain("Solo tu clase ve estos comentarios.");
  for (const student of students) await student.dispose();

  await page.setViewportSize({ width: 1024, height: 700 });
  await gotoHydrated(page, `/clases/${classId}`);
  const comments = page.getByTestId("class-comment");
  await expect(comments).toHaveCount(6);
  await expect(comments.filter({ hasText: "55 1234 5678" }).getByTestId("class-comment-reasons")).toContainText(
    "Parece un número de teléfono",
  );
  await expect(comments.first().getByTestId("class-comment-reasons")).toHaveText(
    /Quien lo escribió es menor de 14 años/,
  );

  // 'Aprobar' on the first: the page does not reload or scroll; the keyboard is on the next one's 'Aprobar'.
  await comments.nth(0).getByRole("button", { name: "Aprobar" }).focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  await expect(comments.nth(0)).toContainText("Lo ve la clase");
  await expect(comments.nth(1).getByRole("button", { name: "Aprobar" })).toBeFocused();
  await expect(page.getByTestId("class-comments-status")).toHaveText("Comentario aprobado: ya lo ve la clase.");
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);

  // 'Ocultar' on the second (one Tab from its 'Aprobar'): on to the third.
  await page.keyboard.press("Tab");
  await expect(comments.nth(1).getByRole("button", { name: "Ocultar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(comments.nth(1)).toContainText("Ocultado");
  await expect(comments.nth(2).getByRole("button", { name: "Aprobar" })).toBeFocused();
  await expect(page.getByTestId("class-comments-status")).toHaveText("Comentario ocultado.");

  // The four left, at once: the keyboard goes to the message, nothing is left to moderate.
  const approveAll = page.getByRole("button", { name: "Aprobar todos" });
  await expect(approveAll).toHaveAccessibleDescription("4 comentarios en revisión");
  await approveAll.focus();
  await page.keyboard.press("Enter");
  const status = page.getByTestId("class-comments-status").locator("p");
  await expect(status).toHaveText(
    "Aprobamos los 4 comentarios: ya los ve la clase. No quedan comentarios por revisar.",
  );
  await expect(status).toBeFocused();
  await expect(comments.filter({ hasText: "En revisión" })).toHaveCount(0);
  await expect(comments.filter({ hasText: "Lo ve la clase" })).toHaveCount(5);
  await expect(approveAll).toHaveCount(0);
});

test("on a 320 px phone the board's name column stays in sight while the chapters scroll", async ({ page }) => {
  await signUp(page);
  const classId = await createClassThroughServer(page.request, `Tablero ${word()}`);
  const [apodo] = rosterOf(word(), 1);
  await pasteRosterThroughServer(page.request, classId, [apodo!]);
  await page.setViewportSize({ width: 320, height: 640 });
  await gotoHydrated(page, `/clases/${classId}`);
  const region = page.getByRole("region", { name: "Capítulos desbloqueados por estudiante" });
  const name = page.getByTestId("class-board").getByRole("rowheader", { name: apodo });
  await region.scrollIntoViewIfNeeded();
  await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  expect(await region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  const [box, cell] = [await region.boundingBox(), await name.boundingBox()];
  expect(cell!.x).toBeGreaterThanOrEqual(box!.x - 1);
  // Nothing covers it: the point in its middle is the name.
  const atMiddle = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
    [cell!.x + cell!.width / 2, cell!.y + cell!.height / 2],
  );
  expect(atMiddle).toBe(apodo);
});

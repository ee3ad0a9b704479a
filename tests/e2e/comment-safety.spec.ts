import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { askControlSocket, controlSocketPath } from "../../app/lib/control-socket.server.ts";
import {
  expect,
  newContext,
  serverDataDir,
  siteServer,
  signUp,
  signUpWith,
  uniqueEmail,
  signUpAdmin,
  signUpAllowedChild,
  test,
  waitForLive,
  expectNoAxeViolations,
} from "./support.ts";

/** Issue 10: public names, COMMENTS_MODERATION=risky (the default), reports and the admins' queue. */

const token = (number: number) => `/${CHAPTER_PATHS.find((chapter) => chapter.number === number)!.token}`;
const marker = () => randomBytes(3).toString("hex");
const commentBy = (page: Page, text: string) => page.locator(".comment").filter({ hasText: text });

/** A signed-in reader in a context of their own, on `path` with its live stream open. */
async function reader(browser: Browser, path: string, options: { age?: number; admin?: boolean; live?: boolean } = {}) {
  const context = await newContext(browser);
  const page = await context.newPage();
  if (options.admin) await signUpAdmin(page);
  else await signUp(page);
  if (options.age) await setAge(page, options.age);
  await page.goto(path);
  if (options.live !== false) await waitForLive(page);
  return page;
}

/** Saves the reader's age through the server: the profile form itself is accounts.spec.ts's. */
async function setAge(page: Page, age: number) {
  const { baseURL } = siteServer();
  const saved = await page.request.post(`${baseURL}/tu-perfil`, {
    headers: { Origin: baseURL },
    form: { displayName: "Lectora", age: String(age), clan: "0" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function postComment(page: Page, text: string) {
  await page.locator("#comment-text").fill(text);
  await page.getByRole("button", { name: "Comentar" }).click();
  await expect(page.locator("#comment-text")).toHaveValue("");
}

/** What another reader's browser can get of the page: its HTML and its loader data. */
async function everythingServedTo(page: Page | APIRequestContext, path: string) {
  const request = "request" in page ? page.request : page;
  const html = await (await request.get(path)).text();
  const loaderData = await (await request.get(`${path}.data`)).text();
  return html + loaderData;
}

/**
 * A signed-in reader (or admin) in a context of their own without a page: for what the server
 * sends them, when no open page of theirs is what the test looks at.
 */
async function readerWithoutPage(browser: Browser, { admin = false } = {}) {
  const context = await newContext(browser);
  const email = await signUpWith(context.request, uniqueEmail(admin ? "admin" : "lectora"));
  if (admin) {
    const granted = await askControlSocket(controlSocketPath(serverDataDir()), ["grant", email]);
    expect(granted.ok, granted.message).toBe(true);
  }
  return context;
}

/** The admins' queue item of the comment `text`, as the server sends the queue page. */
async function queueItemServedTo(request: APIRequestContext, text: string) {
  const queue = await request.get("/adminpanel/comentarios");
  expect(queue.status()).toBe(200);
  const item = (await queue.text()).split('queue-item" data-comment-id').find((part) => part.includes(`>${text}<`));
  expect(item, `the queue item of «${text}»`).toBeTruthy();
  return item!;
}

test("a comment with a link is held, unseen by other readers until an admin approves it, then appears live", async ({
  page,
  browser,
}) => {
  const path = token(2);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  const text = `Miren mi página www punto juegos punto com ${marker()}`;
  await postComment(page, text);
  await expect(page.getByText("Tu comentario está en revisión")).toBeVisible();
  // Said aloud too: the form's live region carries it.
  await expect(page.locator(".comment-form").getByRole("status")).toHaveText(
    "Gracias. Tu comentario está en revisión: lo verán los demás cuando un adulto lo apruebe.",
  );
  await expect(commentBy(page, text).getByText("En revisión")).toBeVisible();

  const other = await reader(browser, path);
  await expect(other.getByRole("heading", { name: /comentario/ })).toBeVisible();
  await expect(commentBy(other, text)).toHaveCount(0);
  expect(await everythingServedTo(other, path)).not.toContain(text);

  const admin = await reader(browser, "/adminpanel", { admin: true, live: false });
  await admin.getByRole("link", { name: "Comentarios" }).click();
  await expect(admin).toHaveURL(/\/adminpanel\/comentarios$/);
  await waitForLive(admin);
  const item = admin.locator(".queue-item").filter({ hasText: text });
  await expect(item).toContainText("Enlace o dirección web");
  await item.getByRole("button", { name: "Aprobar" }).click();
  await expect(item).toHaveCount(0);
  await expect(admin.locator(".comment-decisions tbody tr").first()).toContainText("Aprobó");
  await expect(admin.locator(".comment-decisions tbody tr").first()).toContainText(text);

  // Without a reload: the open pages hear the decision.
  await expect(commentBy(other, text)).toBeVisible();
  await expect(commentBy(page, text).getByText("En revisión")).toHaveCount(0);
  await Promise.all([other.context().close(), admin.context().close()]);
});

test("a clean comment by an adult goes live at once under 'risky'", async ({ page, browser }) => {
  const path = token(3);
  await signUp(page);
  await setAge(page, 34);
  await page.goto(path);
  await waitForLive(page);
  const other = await reader(browser, path);
  const text = `¡Qué valiente es Valentina! ${marker()}`;
  await postComment(page, text);
  // A screen reader hears that it went out (the focus moves to the new comment as well).
  await expect(page.locator(".comment-form").getByRole("status")).toHaveText("Tu comentario se publicó.");
  await expect(commentBy(other, text)).toBeVisible();
  await expect(commentBy(other, text).getByText("En revisión")).toHaveCount(0);
  await other.context().close();
});

test("every comment by a reader under 14 is held", async ({ page, browser }) => {
  const path = token(4);
  // A child's account, allowed by the family (without it the child cannot comment at all).
  await signUpAllowedChild(page, 11);
  await page.goto(path);
  await waitForLive(page);
  const text = `Me encantó el ajolote ${marker()}`;
  await postComment(page, text);
  await expect(commentBy(page, text).getByText("En revisión")).toBeVisible();

  // Nothing of it reaches another reader (what their browser would get), and the admins' queue
  // says why it waits (the queue's page itself is the tests above and below's).
  const other = await readerWithoutPage(browser);
  expect(await everythingServedTo(other.request, path)).not.toContain(text);
  const admin = await readerWithoutPage(browser, { admin: true });
  expect(await queueItemServedTo(admin.request, text)).toContain("<li>Lector menor de 14 años</li>");
  await Promise.all([other.close(), admin.close()]);
});

test("three readers' reports hide a comment until an admin decides; no self-report, no second report", async ({
  page,
  browser,
}) => {
  const path = token(5);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  const text = `Un comentario que molesta ${marker()}`;
  await postComment(page, text);
  // Nobody reports their own comment.
  await expect(commentBy(page, text).getByText("Reportar")).toHaveCount(0);

  const readers = [await reader(browser, path), await reader(browser, path)];
  for (const [index, other] of readers.entries()) {
    const comment = commentBy(other, text);
    await comment.getByText("Reportar").click();
    await comment.getByLabel("Motivo").selectOption("Molesta o es cruel");
    await comment.getByRole("button", { name: "Enviar reporte" }).click();
    await expect(comment.getByText("Reportado")).toBeVisible();
    await expect(commentBy(readers[0]!, text)).toBeVisible();
    if (index === 0) {
      // Once is all: after a reload the first reader has no 'Reportar' on it any more.
      await other.reload();
      await expect(comment.getByText("Reportado")).toBeVisible();
      await expect(comment.getByText("Reportar")).toHaveCount(0);
      await waitForLive(other);
    }
  }
  // A third reader reports it through the server, posting what the report form posts (the form
  // is the first two readers'): their own page is not what this test looks at.
  const { baseURL } = siteServer();
  const third = await newContext(browser);
  await signUpWith(third.request);
  const reported = await third.request.post(`${baseURL}${path}`, {
    headers: { Origin: baseURL },
    form: {
      intent: "report",
      commentId: (await commentBy(readers[0]!, text).getAttribute("data-comment-id"))!,
      reason: "Molesta o es cruel",
    },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  // The third report hides it from the others at once; its author still sees it, under review.
  await expect(commentBy(readers[0]!, text)).toHaveCount(0);
  await expect(commentBy(readers[1]!, text)).toHaveCount(0);
  await expect(commentBy(page, text).getByText("En revisión")).toBeVisible();

  const admin = await reader(browser, "/adminpanel/comentarios", { admin: true });
  const item = admin.locator(".queue-item").filter({ hasText: text });
  await expect(item).toContainText("3 o más reportes");
  await expect(item.getByText("Reporte: Molesta o es cruel")).toHaveCount(3);
  await Promise.all([admin.context().close(), third.close(), ...readers.map((other) => other.context().close())]);
});

test("an admin hides and deletes held comments from the queue, live, and each decision is listed", async ({
  page,
  browser,
}) => {
  const path = token(8);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  const toHide = `Mi correo es taquito@example.com ${marker()}`;
  const toDelete = `Llámame al 55 1234 5678 ${marker()}`;
  await postComment(page, toHide);
  await postComment(page, toDelete);
  await expect(commentBy(page, toDelete).getByText("En revisión")).toBeVisible();

  const admin = await reader(browser, "/adminpanel/comentarios", { admin: true });
  // A second admin page stays open: it follows the first one's decisions without a reload.
  const watcher = await admin.context().newPage();
  await watcher.goto("/adminpanel/comentarios");
  await waitForLive(watcher);
  await expect(watcher.locator(".queue-item").filter({ hasText: toHide })).toBeVisible();

  await admin.locator(".queue-item").filter({ hasText: toHide }).getByRole("button", { name: "Ocultar" }).click();
  await expect(watcher.locator(".queue-item").filter({ hasText: toHide })).toHaveCount(0);
  await expect(commentBy(page, toHide)).toHaveCount(0);

  await admin.locator(".queue-item").filter({ hasText: toDelete }).getByRole("button", { name: "Borrar" }).click();
  await expect(watcher.locator(".queue-item").filter({ hasText: toDelete })).toHaveCount(0);
  await expect(commentBy(page, toDelete)).toHaveCount(0);

  const rows = watcher.locator(".comment-decisions tbody tr");
  await expect(rows.filter({ hasText: toDelete })).toContainText("Borró");
  await expect(rows.filter({ hasText: toHide })).toContainText("Ocultó");
  await admin.context().close();
});

test("an admin hides and deletes comments from the chapter page; they disappear for open pages", async ({
  page,
  browser,
}) => {
  const path = token(9);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  const first = `Primer comentario limpio ${marker()}`;
  const second = `Segundo comentario limpio ${marker()}`;
  await postComment(page, first);
  await postComment(page, second);

  const other = await reader(browser, path);
  await expect(commentBy(other, first)).toBeVisible();
  await expect(commentBy(other, second)).toBeVisible();
  const admin = await reader(browser, path, { admin: true });

  await commentBy(admin, first).getByRole("button", { name: "Ocultar" }).click();
  await expect(commentBy(other, first)).toHaveCount(0);
  await expect(commentBy(page, first)).toHaveCount(0);
  await commentBy(admin, second).getByRole("button", { name: "Borrar" }).click();
  await expect(commentBy(other, second)).toHaveCount(0);
  await expect(commentBy(admin, second)).toHaveCount(0);
  await Promise.all([other.context().close(), admin.context().close()]);
});

test("the author deletes their own comment; others cannot", async ({ page, browser }) => {
  const path = token(10);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  const text = `Me equivoqué de capítulo ${marker()}`;
  await postComment(page, text);
  const other = await reader(browser, path);
  await expect(commentBy(other, text)).toBeVisible();
  await expect(commentBy(other, text).getByRole("button", { name: "Borrar" })).toHaveCount(0);

  await commentBy(page, text).getByRole("button", { name: "Borrar" }).click();
  await expect(commentBy(page, text)).toHaveCount(0);
  await expect(commentBy(other, text)).toHaveCount(0);
  await other.context().close();
});

test("the public name never contains the e-mail prefix; the display name stays private", async ({ page, browser }) => {
  const prefix = `lucia.garcia.${marker()}`;
  // Through the server: the sign-up form itself is accounts.spec.ts's to test.
  await signUp(page, `${prefix}@example.com`);
  await page.goto("/tu-perfil");
  // The navbar never shows the e-mail's prefix either (issue 39): no display name chosen, the apodo.
  const current = (await page.getByTestId("apodo-actual").textContent())!;
  await expect(page.getByTestId("navbar-user")).toHaveText(current);

  expect(current.toLowerCase()).not.toMatch(/lucia|garcia/);
  // A typed apodo with a piece of the e-mail is refused beside its field.
  await page.getByLabel("Apodo", { exact: true }).fill("Lucia Garcia");
  await page.getByRole("button", { name: "Usar este apodo" }).click();
  await expect(page.locator("#apodo-error")).toHaveText("Tu apodo no puede llevar ninguna parte de tu correo.");
  // A suggestion is taken with one click and kept.
  const suggestion = page.locator(".apodo-suggestion").first();
  const chosen = (await suggestion.textContent())!;
  await suggestion.click();
  await expect(page.getByLabel("Apodo", { exact: true })).toHaveValue(chosen);
  await page.getByRole("button", { name: "Usar este apodo" }).click();
  await expect(page.getByTestId("apodo-actual")).toHaveText(chosen);

  const path = token(11);
  await page.goto(path);
  await waitForLive(page);
  const text = `¿Quién más es del clan Echéndaro? ${marker()}`;
  await postComment(page, text);
  const other = await reader(browser, path);
  const comment = commentBy(other, text);
  await expect(comment.locator(".comment-author")).toHaveText(chosen);
  const served = await everythingServedTo(other, path);
  for (const piece of [prefix, "lucia.garcia", `${prefix}@example.com`]) expect(served).not.toContain(piece);
  await other.context().close();
});

test("a visitor's page never shows 'Reportar' or the admin's buttons", async ({ browser }) => {
  const context = await newContext(browser);
  const visitor = await context.newPage();
  await visitor.goto("/salida-a-tzintzuntzan");
  await expect(visitor.getByText("Reportar")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Ocultar" })).toHaveCount(0);
  await context.close();
});

test("the comment controls, the queue and the apodo picker have no accessibility violations", async ({
  page,
  browser,
}) => {
  test.slow();
  const path = token(12);
  await signUp(page);
  await page.goto(path);
  await waitForLive(page);
  await postComment(page, `Visiten www.ejemplo.com ${marker()}`);
  await postComment(page, `Un comentario limpio ${marker()}`);
  // A page already on `where` is scanned as it stands (the author's after posting, a reader's
  // just opened): loading it again showed the same thing.
  const check = async (viewer: Page, where: string, prepare?: () => Promise<void>) => {
    const url = new URL(viewer.url());
    if (url.pathname + url.search !== where) await viewer.goto(where);
    await prepare?.();
    await expectNoAxeViolations(viewer, where);
  };
  // The author's view ('En revisión', 'Borrar'), another reader's ('Reportar' open), an admin's.
  await check(page, path);
  await check(page, "/tu-perfil");
  const other = await reader(browser, path, { live: false });
  await check(other, path, () => other.locator(".comment-report summary").first().click());
  const admin = await reader(browser, path, { admin: true, live: false });
  await check(admin, path);
  await check(admin, "/adminpanel/comentarios");
  await Promise.all([other.context().close(), admin.context().close()]);
});

import type { Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { expect, newContext, signUp, siteServer, test, uniqueWord, waitForLive } from "./support.ts";

/**
 * Issue 38: a chapter with more comments than a page shows (100) lets its readers page back, with
 * and without JavaScript (decision 059). Chapter 8, which no other spec comments on.
 */
const chapter = `/${CHAPTER_PATHS.find((entry) => entry.number === 8)!.token}`;

const shownTexts = (page: Page) => page.locator(".comment-text").allTextContents();
const olderLink = (page: Page) => page.getByRole("link", { name: "Ver comentarios anteriores" });

test("a chapter with 250 comments pages back 100 at a time, without JavaScript and in place with it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // 250 comments of one reader, oldest first, through the page's own action (its data address:
  // no page rendered for each). Letters only: a run of digits would be held as a phone number.
  await signUp(page);
  const { baseURL } = siteServer();
  const texts: string[] = [];
  for (let index = 0; index < 250; index++) {
    const text = `Comentario ${uniqueWord()}`;
    const posted = await page.request.post(`${baseURL}${chapter}.data`, {
      headers: { Origin: baseURL },
      form: { intent: "comment", text },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    texts.push(text);
  }
  const newestFirst = texts.toReversed();

  // Without JavaScript: the newest 100, then a link to the next 100 older, then the last 50.
  const plain = await newContext(browser, { javaScriptEnabled: false });
  const visitor = await plain.newPage();
  // The chapter asks its readers to sign in (the page's form is not what is tested here).
  await signUp(visitor);
  await visitor.goto(chapter);
  expect(await shownTexts(visitor)).toEqual(newestFirst.slice(0, 100));
  // Each page without JavaScript is read once it has loaded whole: a click does not wait for the
  // rest of a streamed page, and the list was once read with its last 4 comments still to come.
  await olderLink(visitor).click();
  await expect(visitor).toHaveURL(/\?antes=/);
  await visitor.waitForLoadState("load");
  expect(await shownTexts(visitor)).toEqual(newestFirst.slice(100, 200));
  await olderLink(visitor).click();
  await visitor.waitForLoadState("load");
  expect(await shownTexts(visitor)).toEqual(newestFirst.slice(200));
  await expect(olderLink(visitor)).toHaveCount(0);
  await visitor.getByRole("link", { name: "Ver los comentarios más recientes" }).click();
  await expect(visitor).not.toHaveURL(/\?antes=/);
  await visitor.waitForLoadState("load");
  expect(await shownTexts(visitor)).toEqual(newestFirst.slice(0, 100));
  await plain.close();

  // With JavaScript: the older ones join the list in place (no new page), and a comment posted
  // meanwhile by another reader still arrives live, at the top.
  const reading = await newContext(browser);
  const reader = await reading.newPage();
  await signUp(reader);
  await reader.goto(chapter);
  await waitForLive(reader);
  const address = reader.url();
  await reader.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // The in-place part comes in its own chunk after the page hydrates; a click before that opens
  // the older page as a plain link does (checked above without JavaScript).
  await expect(olderLink(reader)).toHaveAttribute("data-in-place", "true");
  await olderLink(reader).click();
  await expect(reader.locator(".comment")).toHaveCount(200);
  expect(await shownTexts(reader)).toEqual(newestFirst.slice(0, 200));
  expect(reader.url()).toBe(address);

  const writing = await newContext(browser);
  const writer = await writing.newPage();
  await signUp(writer);
  await writer.goto(chapter);
  const fresh = `Recién llegado ${uniqueWord()}`;
  await writer.locator("#comment-text").fill(fresh);
  await writer.getByRole("button", { name: "Comentar" }).click();
  await expect(reader.locator(".comment-text").first()).toHaveText(fresh, { timeout: 15_000 });

  await olderLink(reader).click();
  await expect(reader.locator(".comment")).toHaveCount(251);
  expect(await shownTexts(reader)).toEqual([fresh, ...newestFirst]);
  await expect(olderLink(reader)).toHaveCount(0);
  expect(await reader.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await Promise.all([reading.close(), writing.close()]);
});

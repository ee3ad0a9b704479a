/**
 * Issue 12, item 8 (what axe cannot see): on a phone a modal's close button stays in view however
 * long its text; no strip of the page's colour shows between a page and the footer; after posting
 * a comment, focus is on the new comment.
 */
import type { Locator, Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { expect, gotoHydrated, signUp, signUpAllowedChild, test, uniqueWord } from "./support.ts";

const PHONE = { width: 360, height: 640 };

/** The element lies wholly inside the window (once the dialog's 300 ms fade-in has settled). */
async function expectInViewport(page: Page, element: Locator) {
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      return (
        box !== null &&
        box.y >= 0 &&
        box.x >= 0 &&
        box.y + box.height <= viewport.height &&
        box.x + box.width <= viewport.width
      );
    })
    .toBe(true);
}

/** Scrolls the open dialog (the modal's scroll container) to its end. */
async function scrollDialogToEnd(dialog: Locator) {
  const scrolled = await dialog.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
    return { scrollTop: element.scrollTop, overflow: element.scrollHeight - element.clientHeight };
  });
  return scrolled;
}

test.describe("modals on a phone", () => {
  test.use({ viewport: PHONE });

  test("a character's long card scrolls under a close button that stays in view and works by keyboard", async ({
    page,
  }) => {
    // Her full card is a reader's once they scan her code (locked cards are short: decision 025).
    await signUp(page);
    await page.goto("/qr/capitulo-7");
    await gotoHydrated(page, "/personajes");
    const cardButton = page.getByRole("button", { name: /^Mictecacíhuatl / });
    await cardButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Mictecacíhuatl" });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole("button", { name: "Cerrar" });
    await expectInViewport(page, close);
    // The card is longer than the phone's screen: the dialog really scrolls.
    const { scrollTop, overflow } = await scrollDialogToEnd(dialog);
    expect(overflow).toBeGreaterThan(100);
    expect(scrollTop).toBeGreaterThan(100);
    await expectInViewport(page, close);
    await expect(dialog.locator(".character-facts")).toBeInViewport();
    // Reached with the keyboard, however far the text is scrolled.
    for (let step = 0; step < 10 && !(await close.evaluate((element) => element === document.activeElement)); step++)
      await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await expectInViewport(page, close);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(cardButton).toBeFocused();
  });

  test("a chapter's picture modal keeps its close button in view", async ({ page }) => {
    await gotoHydrated(page, "/salida-a-tzintzuntzan");
    await page.locator(".thumbnail-button").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole("button", { name: "Cerrar" });
    await scrollDialogToEnd(dialog);
    await expectInViewport(page, close);
    await close.press("Enter");
    await expect(dialog).toBeHidden();
  });
});

/**
 * Where the page ends and the footer starts: the footer must begin where main ends, and the
 * page's own last block must reach it (the pixel just above the footer belongs to the page).
 */
const pageMeetsFooter = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main")!;
    const footer = document.querySelector("footer.site-footer")!;
    const content = document.querySelector(".page-fade > :last-child") ?? main.lastElementChild!;
    // At once: Bootstrap makes scrolling smooth.
    footer.scrollIntoView({ block: "end", behavior: "instant" });
    const footerTop = footer.getBoundingClientRect().top;
    // What paints a point: the nearest element (from it outwards) with a background of its own.
    const painter = (start: Element | null) => {
      for (let node = start; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none" || !/rgba\(.*, 0\)$|transparent/.test(style.backgroundColor)) return node;
      }
      return document.body;
    };
    // Overlays fixed to the window (the unlock toast's region) are not the page.
    const fixed = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement)
        if (getComputedStyle(node).position === "fixed") return true;
      return false;
    };
    const above = painter(document.elementsFromPoint(5, footerTop - 2).find((element) => !fixed(element)) ?? null);
    return {
      footerTop: Math.round(footerTop),
      mainBottom: Math.round(main.getBoundingClientRect().bottom),
      contentBottom: Math.round(content.getBoundingClientRect().bottom),
      // The strip above the footer is painted by whatever paints the page's own content.
      pixelAboveIsPage: above === painter(content),
    };
  });

async function expectNoStripAboveFooter(page: Page, path: string) {
  await page.goto(path);
  const edge = await pageMeetsFooter(page);
  expect(edge.mainBottom, path).toBe(edge.footerTop);
  expect(edge.contentBottom, path).toBe(edge.footerTop);
  expect(edge.pixelAboveIsPage, path).toBe(true);
}

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`no strip of background between page and footer at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/contact", "/eventos", "/el-libro", "/pasaporte", "/login", "/privacidad"])
      await expectNoStripAboveFooter(page, path);
    // A dark chapter (its own background) and a clan's profile: the page's colour reaches the footer.
    await signUp(page);
    const camazotz = CHAPTER_PATHS.find((chapter) => chapter.slug === "camazotz")!;
    await expectNoStripAboveFooter(page, `/${camazotz.token}`);
    await expectNoStripAboveFooter(page, "/tu-perfil");
    await expectNoStripAboveFooter(page, "/pasaporte");
  });
}

test.describe("focus after posting a comment", () => {
  async function postByKeyboard(page: Page, text: string) {
    await gotoHydrated(page, "/salida-a-tzintzuntzan");
    const box = page.locator("#comment-text");
    await box.focus();
    await page.keyboard.type(text);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Comentar" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue("");
  }

  test("moves to the new comment, named by its author and text", async ({ page }) => {
    await signUp(page);
    const text = `Qué aventura tan bonita ${uniqueWord()}`;
    await postByKeyboard(page, text);
    const posted = page.locator("li.comment", { hasText: text });
    await expect(posted).toBeFocused();
    await expect(posted).toHaveAccessibleName(new RegExp(text));
  });

  test("focus follows the new comment when a render replaces its element", async ({ page }) => {
    await signUp(page);
    const text = `Me quedo con la mariposa ${uniqueWord()}`;
    await postByKeyboard(page, text);
    const posted = page.locator("li.comment", { hasText: text });
    await expect(posted).toBeFocused();
    // What a render that builds the list anew does: the focused element goes, focus falls to
    // nowhere, and an element for the same comment takes its place.
    await page.evaluate(() => {
      const element = document.activeElement!;
      element.replaceWith(element.cloneNode(true));
    });
    await expect(posted).toBeFocused();
  });

  test("a held comment: focus is on it and its 'En revisión'", async ({ page }) => {
    await signUpAllowedChild(page);
    const text = `Me gustó Taquito ${uniqueWord()}`;
    await postByKeyboard(page, text);
    const posted = page.locator("li.comment", { hasText: text });
    await expect(posted).toBeFocused();
    await expect(posted).toHaveAccessibleName(/En revisión/);
    await expect(posted).toHaveAccessibleName(new RegExp(text));
  });
});

test.describe("the footer's links are targets a finger can hit (WCAG 2.5.8)", () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`at ${viewport.width} px: text links at least 24 px each way, social icons 44 × 44`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      const sizes = async (links: Locator) =>
        Promise.all(
          (await links.all()).map(async (link) => {
            const box = (await link.boundingBox())!;
            return { name: await link.innerText(), width: box.width, height: box.height };
          }),
        );
      const social = footer.getByRole("list", { name: "Redes sociales" }).getByRole("link");
      await expect(social).toHaveCount(3);
      for (const icon of await sizes(social)) {
        expect(icon.width, `${icon.name} width`).toBeGreaterThanOrEqual(44);
        expect(icon.height, `${icon.name} height`).toBeGreaterThanOrEqual(44);
      }
      const textLinks = footer.getByRole("link").filter({ hasNotText: /^$/ });
      const texts = await sizes(textLinks);
      expect(texts.map((link) => link.name)).toEqual(["Contacto", "Privacidad"]);
      for (const link of texts) {
        expect(link.width, `${link.name} width`).toBeGreaterThanOrEqual(24);
        expect(link.height, `${link.name} height`).toBeGreaterThanOrEqual(24);
      }
    });
  }
});

import type { Page } from "@playwright/test";
import { tokenPath, VISITOR_PAGES } from "./pages.ts";
import { expect, signUp, test } from "./support.ts";

// WCAG 1.4.4 (text resized to 200%) and 1.4.10 (reflow at 320 CSS px): axe cannot see either.
// Every page must fit the screen's width with its text twice as big: nothing to scroll sideways
// (a table or a code block may scroll inside its own box; the page itself may not).
test.slow();
test.use({ viewport: { width: 320, height: 640 }, reducedMotion: "reduce" });

/**
 * Twice the browser's text size: what a reader who sets 'Text size: 200%' gets (the root's size,
 * which every rem follows). Set through the DOM: the site's CSP refuses an injected <style>.
 */
async function doubleTheText(page: Page) {
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
}

/** How much wider than the screen the page is, and what sticks out, for the failure message. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      return false;
    };
    // An element reaches past the screen with its box or with its content (a word too long for
    // it), unless it scrolls that content itself (a wide table's box).
    const reachesOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      const content = getComputedStyle(element).overflowX === "visible" ? element.scrollWidth : 0;
      return box.left + Math.max(box.width, content) > screen + 0.5 && !clipped(element);
    };
    const outside = [...document.body.querySelectorAll("*")].filter(reachesOut);
    // The innermost ones: what to fix.
    const culprits = outside
      .filter((element) => !outside.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join("")}`;
        return `${name} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
      });
    return { extra: document.documentElement.scrollWidth - screen, culprits };
  });
}

async function pagesWiderThanTheScreen(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await doubleTheText(page);
    const { extra, culprits } = await overflowOf(page);
    if (extra > 0) wide.push(`${path}: ${extra} px too wide (${culprits.join("; ")})`);
  }
  return wide;
}

test("public pages fit a 320 px screen with text at 200%", async ({ page }) => {
  expect(await pagesWiderThanTheScreen(page, VISITOR_PAGES)).toEqual([]);
});

test("a reader's pages fit a 320 px screen with text at 200%", async ({ page }) => {
  await signUp(page);
  expect(
    await pagesWiderThanTheScreen(page, [
      "/tu-perfil",
      "/tu-perfil/mis-datos/resumen",
      "/pasaporte",
      tokenPath(2),
      tokenPath(9),
      "/",
    ]),
  ).toEqual([]);
});

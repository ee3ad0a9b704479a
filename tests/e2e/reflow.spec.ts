import type { Browser, Page } from "@playwright/test";
import type { AccessRule } from "../../app/access/access-rules.ts";
import { leafRoutes } from "../support/route-access.ts";
import { createClassThroughServer, pasteRosterThroughServer, printClassCardsThroughServer } from "./class-helpers.ts";
import { addChildThroughServer } from "./family-helpers.ts";
import { tokenPath, VISITOR_PAGES } from "./pages.ts";
import { expect, newContext, signUp, signUpAdmin, siteServer, test } from "./support.ts";

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
    // The page scrolls sideways when its scrolling width passes its visible width (1 px of rounding allowed).
    const root = document.documentElement;
    return { extra: root.scrollWidth - root.clientWidth > 1 ? root.scrollWidth - root.clientWidth : 0, culprits };
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

test("chapters fit a 320 px screen with text at 200% and the widest reading settings, 'Aa' open", async ({ page }) => {
  // Issue 44 §2 (decision 076): the biggest text, wide letter, word and line spacing.
  await page
    .context()
    .addCookies([{ name: "lectura", value: "enorme.amplio.amplio.oscuro", url: siteServer().baseURL }]);
  await signUp(page);
  const wide: string[] = [];
  for (const path of ["/salida-a-tzintzuntzan", tokenPath(2), tokenPath(6), tokenPath(10)]) {
    await page.goto(path);
    await expect(page.locator(".chapter-page")).toHaveClass(/lectura-texto-enorme/);
    await page.locator("summary", { hasText: "Aa" }).click();
    await doubleTheText(page);
    const { extra, culprits } = await overflowOf(page);
    if (extra > 0) wide.push(`${path}: ${extra} px too wide (${culprits.join("; ")})`);
  }
  expect(wide).toEqual([]);
});

/** Who opens the pages of each access layout: the reader each is for. */
const READER_OF: Record<AccessRule, "visitor" | "reader" | "adult" | "admin"> = {
  "open-always": "visitor",
  "auth-endpoints": "visitor",
  everyone: "visitor",
  readers: "reader",
  "age-question": "reader",
  // A parent and a teacher at once: the owner of the child and of the class named in the addresses.
  "adult-readers": "adult",
  admins: "admin",
};

/** A page per route of the table, signed in as the reader it is for, with real parameter values. */
async function everyRoutesPage(browser: Browser) {
  const { baseURL } = siteServer();
  const signedIn = async () => {
    const context = await newContext(browser, { viewport: { width: 320, height: 640 }, reducedMotion: "reduce" });
    return context.newPage();
  };
  const visitor = await signedIn();
  const reader = await signedIn();
  await signUp(reader);
  const adult = await signedIn();
  await signUp(adult);
  await addChildThroughServer(adult, `Pepa ${Date.now() % 1000}`, "Valentina", "4821");
  const lector = /href="\/familia\/([\w-]+)"/.exec(await (await adult.request.get(`${baseURL}/familia`)).text())![1]!;
  const clase = await createClassThroughServer(adult.request, "Tercero B");
  await pasteRosterThroughServer(adult.request, clase, ["Lalo Muro", "Maximiliana Constantinopla"]);
  const [card] = await printClassCardsThroughServer(adult.request, clase);
  const admin = await signedIn();
  await signUpAdmin(admin);
  // A comment held for review (a phone number) and the admin's decision on it: the moderation
  // page's table of decisions.
  const posted = await reader.request.post(`${baseURL}/salida-a-tzintzuntzan`, {
    headers: { Origin: baseURL },
    form: { intent: "comment", text: "Llamadme al 5551234567 para hablar del libro" },
  });
  expect(posted.status()).toBeLessThan(400);
  const queue = await (await admin.request.get(`${baseURL}/adminpanel/comentarios`)).text();
  const commentId = /name="commentId" value="([^"]+)"/.exec(queue)![1]!;
  const decided = await admin.request.post(`${baseURL}/adminpanel/comentarios`, {
    headers: { Origin: baseURL },
    form: { commentId, decision: "approve" },
  });
  expect(decided.status()).toBeLessThan(400);
  const chapters = await (await admin.request.get(`${baseURL}/adminpanel/capitulos`)).text();
  const id = /href="\/adminpanel\/capitulos\/(?!nuevo")([\w-]+)"/.exec(chapters)![1]!;
  const params: Record<string, string> = { lector, clase, id, token: card!.split("/").at(-1)!, code: "capitulo-1" };
  params.file = "x.png";
  return { pages: { visitor, reader, adult, admin }, params };
}

test("every page of the route table fits a 320 px screen with text at 200%, for the reader it is for", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { baseURL } = siteServer();
  const { pages, params } = await everyRoutesPage(browser);
  const wide: string[] = [];
  const checked: string[] = [];
  for (const { route, layouts } of leafRoutes()) {
    const rule = layouts[0]!.handle.file.replace(/^access\/layouts\/|\.ts$/g, "") as AccessRule;
    const page = pages[READER_OF[rule]];
    const pattern = route.index ? "" : route.path!;
    // The catch-all: a chapter by its printed path, a chapter by its slug, and the 404 page.
    const paths =
      pattern === "*"
        ? [tokenPath(1), "/salida-a-tzintzuntzan", "/pagina-que-no-existe"]
        : [`/${pattern.replace(/:(\w+)|\*/g, (_, name?: string) => (name ? params[name]! : "get-session"))}`];
    for (const path of paths) {
      // Resource routes (CSV, PNG, JSON, redirects elsewhere) are not pages: asked first, skipped.
      const probe = await page.request.get(`${baseURL}${path}`, { maxRedirects: 0 });
      const location = probe.headers().location;
      const elsewhere = location !== undefined && new URL(location, baseURL).origin !== new URL(baseURL).origin;
      if (elsewhere || (!location && !probe.headers()["content-type"]?.startsWith("text/html"))) continue;
      await page.goto(path);
      if (!(await page.evaluate(() => document.contentType === "text/html"))) continue;
      await doubleTheText(page);
      const { extra, culprits } = await overflowOf(page);
      checked.push(path);
      if (extra > 0) wide.push(`${READER_OF[rule]} ${path}: ${extra} px too wide (${culprits.join("; ")})`);
    }
  }
  console.log(`reflow: ${checked.length} pages checked: ${checked.join(" ")}`);
  expect(checked.length).toBeGreaterThan(40);
  expect(wide).toEqual([]);
  for (const page of Object.values(pages)) await page.context().close();
});

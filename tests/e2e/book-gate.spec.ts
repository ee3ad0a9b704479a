import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { seedChapterTexts } from "../../db/seed/chapters.ts";
import { seedCharacters } from "../../db/seed/characters.ts";
import {
  ADULT_BIRTH_YEAR,
  expect,
  linkInMail,
  newContext,
  signedInBy,
  signUp,
  startSiteServer,
  test,
  workerPort,
} from "./support.ts";
import { elementsWithClass, headingOf } from "./server-html.ts";

/**
 * Issue 13: the printed book is the key. No token path (nor a locked requiredUrl) may reach a
 * reader before they scan its code: not in a bundle, not in the route manifest, not in a page.
 */
const SECRETS = [
  ...new Set([
    ...CHAPTER_PATHS.map((chapter) => chapter.token),
    ...seedCharacters.flatMap((character) => (character.requiredUrl ? [character.requiredUrl.slice(1)] : [])),
  ]),
];

const clientDir = resolve(import.meta.dirname, "../../build/client");

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** A built file as the browser gets it: precompressed copies are searched decompressed too. */
function textOf(path: string): string {
  const bytes = readFileSync(path);
  if (path.endsWith(".br")) return brotliDecompressSync(bytes).toString("latin1");
  if (path.endsWith(".gz")) return gunzipSync(bytes).toString("latin1");
  return bytes.toString("latin1");
}

const hitsIn = (where: string, text: string) =>
  SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${where}: ${secret}`);

const PUBLIC_PAGES = [
  "/",
  "/?book",
  "/el-libro",
  "/personajes",
  "/capitulos",
  "/eventos",
  "/eventos?taquito",
  "/login",
  "/login?modo=registro",
  "/contact",
  "/privacidad",
  "/recuperar-contrasena",
  "/section1",
  "/pagina-que-no-existe",
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/favicon.svg",
  "/_root.data",
  "/capitulos.data",
  "/personajes.data",
  "/pasaporte",
  "/pasaporte.data",
];
const SLUG_PAGES = CHAPTER_PATHS.map((chapter) => `/${chapter.slug}`);

/** Fetches every page (and its data and manifest answers) and the assets its HTML names. */
async function searchResponses(request: APIRequestContext, paths: readonly string[]) {
  const hits: string[] = [];
  const assets = new Set<string>();
  let version = "";
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const text = await response.text();
    hits.push(...hitsIn(`${path} (${response.status()})`, text));
    hits.push(...hitsIn(`${path} headers`, JSON.stringify(response.headers())));
    // Every module the page loads, in tags or in its inline import() calls.
    for (const match of text.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)) assets.add(match[0]);
  }
  for (const asset of assets) {
    const text = await (await request.get(asset)).text();
    hits.push(...hitsIn(asset, text));
    // The route manifest module carries the build's version, which /__manifest asks for.
    if (/\/manifest-[^/]+\.js$/.test(asset)) version = /"?version"?:\s*"([^"]+)"/.exec(text)?.[1] ?? "";
  }
  expect(version, "the manifest version").not.toBe("");
  // Lazy route discovery asks for the routes of every path a page links to.
  for (const path of [...paths, ...SLUG_PAGES]) {
    const pathname = path.split("?")[0]!;
    const query = new URLSearchParams({ paths: pathname, version });
    const response = await request.get(`/__manifest?${query}`);
    expect(response.status(), `/__manifest for ${pathname}`).toBe(200);
    hits.push(...hitsIn(`/__manifest?paths=${pathname}`, await response.text()));
  }
  return hits;
}

/** Every link a page renders, same-site only. */
async function linksOn(page: Page): Promise<string[]> {
  return page.locator("a[href]").evaluateAll((anchors) =>
    anchors
      .map((anchor) => new URL((anchor as HTMLAnchorElement).href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search),
  );
}

test.describe("no printed path reaches a reader before the book does", () => {
  test.slow();

  test("no file of the client build names a token path or a requiredUrl", () => {
    const hits: string[] = [];
    let files = 0;
    for (const file of filesUnder(clientDir)) {
      files++;
      hits.push(...hitsIn(file.slice(clientDir.length), textOf(file)));
    }
    expect(files).toBeGreaterThan(20);
    expect(readdirSync(join(clientDir, "assets")).filter((name) => name.startsWith("chapter-paths"))).toEqual([]);
    expect(hits).toEqual([]);
  });

  test("no public page, data answer or manifest answer names one, for a visitor", async ({ request }) => {
    expect(await searchResponses(request, [...PUBLIC_PAGES, "/salida-a-tzintzuntzan"])).toEqual([]);
  });

  test("nor for a fresh reader, on every page and every chapter's slug", async ({ page }) => {
    await signUp(page);
    const paths = [
      ...PUBLIC_PAGES,
      "/tu-perfil",
      "/section3",
      ...SLUG_PAGES,
      ...SLUG_PAGES.map((path) => `${path}.data`),
    ];
    expect(await searchResponses(page.request, paths)).toEqual([]);
  });

  test("the links the site renders use slugs; a slug visit unlocks nothing", async ({ page }) => {
    await signUp(page);
    const seen = new Set<string>();
    for (const path of ["/", "/capitulos", "/personajes", "/el-libro", "/eventos", "/salida-a-tzintzuntzan"]) {
      await page.goto(path);
      for (const link of await linksOn(page)) seen.add(link);
    }
    expect([...seen].filter((link) => SECRETS.some((secret) => link.includes(secret)))).toEqual([]);
    expect(seen).toContain("/el-mictlan");
    await page.goto("/el-mictlan");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 7: El Mictlán");
    await expect(page).toHaveURL(/\/el-mictlan$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/el-mictlan$/);
    // What the server keeps of the visit, from its answers (no page to render).
    const chapters = await (await page.request.get("/capitulos")).text();
    expect(elementsWithClass(chapters, "chapter-card")).toBe(14);
    // No card unlocked by reading: the special card (exactly 2 unlocked) stays away.
    expect(elementsWithClass(chapters, "chapter-card-special")).toBe(0);
    const characters = await (await page.request.get("/personajes")).text();
    expect(characters).toMatch(/data-testid="unlock-progress"[^>]*>[^<]*Has desbloqueado 2 de/);
  });
});

test.describe("with the real check (CHAPTERS_FORCE_UNLOCKED=false)", () => {
  test.slow();
  // Both tests in one worker, on one site: spread over two workers, each started a site of its
  // own (the chapter list's test lived in chapters.spec.ts, on an identical site of its own).
  test.describe.configure({ mode: "default" });
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  test.beforeAll(async () => {
    // No mail server: the reader's sign-up signs in at once (no confirmation e-mail to follow).
    site = await startSiteServer(workerPort(14), { CHAPTERS_FORCE_UNLOCKED: "false", SMTP_URL: "" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("a reader who never scanned a code cannot find or open a members' chapter", async ({ browser }) => {
    const context = await newContext(browser, { baseURL: site.baseURL });
    const page = await context.newPage();
    // An adult, signed up through the real endpoint; with a mail server, the address is confirmed first.
    const email = `gate.${Date.now()}@example.com`;
    const response = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "cempasuchil-2025", name: "gate", birthYear: ADULT_BIRTH_YEAR },
      headers: { Origin: site.baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
    if (!signedInBy(response)) {
      const link = await linkInMail(email, /https?:\/\/[^/\s]+(\/api\/auth\/verify-email\?\S+)/, 1, site.mailbox);
      expect((await page.request.get(link)).ok()).toBe(true);
    }

    // Everything the site links to, followed one level from every public page.
    const seen = new Set<string>();
    for (const path of ["/", "/capitulos", "/personajes", "/el-libro", "/eventos", "/salida-a-tzintzuntzan"]) {
      await page.goto(path);
      for (const link of await linksOn(page)) seen.add(link);
    }
    await page.goto("/capitulos");
    await expect(page.locator(".chapter-card a")).toHaveCount(1);
    await expect(page.getByText("Bloqueado")).toHaveCount(13);
    // What the server answers each link and each guess (the page it sends, redirects followed).
    for (const link of seen) {
      if (link.startsWith("/api/") || link.startsWith("/logout")) continue;
      const answer = await page.request.get(link);
      // Chapter 1 is free and /section3 is SPEC's sample placeholder: neither is a members' chapter.
      const open = link === "/salida-a-tzintzuntzan" || link === "/section3";
      expect(elementsWithClass(await answer.text(), "chapter-page"), link).toBe(open ? 1 : 0);
    }
    // Nor by guessing every slug: a 404 each, and still nothing unlocked.
    for (const chapter of CHAPTER_PATHS.filter((candidate) => candidate.number !== 1)) {
      const answer = await page.request.get(`/${chapter.slug}`);
      expect(answer.status(), chapter.slug).toBe(404);
    }
    await page.goto("/capitulos");
    await expect(page.getByText("Bloqueado")).toHaveCount(13);

    // The printed code is the key: its redirect opens the chapter, then its slug works too.
    const scanned = await page.request.get("/qr/capitulo-9");
    expect(scanned.status()).toBe(200);
    expect(headingOf(await scanned.text())).toBe("Capítulo 9: El juego de pelota");
    const slug = await page.request.get("/el-juego-de-pelota");
    expect(slug.status()).toBe(200);
    await context.close();
  });

  test("a locked chapter's summary is in neither the HTML nor the data of /capitulos; its teaser is", async ({
    browser,
  }) => {
    const context = await newContext(browser, { baseURL: site.baseURL });
    const page = await context.newPage();
    const text = (id: string) => seedChapterTexts.find((chapter) => chapter.id === id)!;
    const html = await (await page.request.get("/capitulos")).text();
    const data = await (await page.request.get("/capitulos.data")).text();
    for (const body of [html, data]) {
      // Chapter 1 is free: its summary shows. The others are locked for a new reader.
      expect(body).toContain(text("capitulo-1").description);
      for (const id of ["capitulo-2", "capitulo-6", "capitulo-14"]) {
        expect(body, id).not.toContain(text(id).description);
        expect(body, id).toContain(text(id).teaser);
      }
    }
    await page.goto("/capitulos");
    const camazotz = page.locator(".chapter-card").filter({ hasText: "Capítulo 6" });
    await expect(camazotz).toContainText("Bloqueado");
    await expect(camazotz).toContainText(text("capitulo-6").teaser);
    await expect(camazotz).toContainText("Escanea el código QR al final del capítulo 6 del libro.");
    await context.close();
  });
});

test("/login has structured data, like every screen (SPEC.md §1)", async ({ request }) => {
  // In the HTML the server sends (a script's text is the HTML's, character for character).
  const html = await (await request.get("/login")).text();
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
  expect(scripts.length).toBeGreaterThan(0);
  const items = scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(items).toContainEqual(expect.objectContaining({ "@context": "https://schema.org", "@type": "WebPage" }));
});

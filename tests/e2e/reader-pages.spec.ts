/**
 * Issue 24: signed-in pages are fast because each instance keeps its readers' sessions and the
 * book's content in memory (docs/decisions/039). Whatever is kept, a reader's page is theirs
 * alone: two readers with different unlocks asking for the same addresses at the same moment
 * each get their own page, every time.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, signUpWith, siteServer, test, uniqueWord } from "./support.ts";

const FOUND_CHAPTER = /passport-chapter is-found/g;

/** Who a page was rendered for, and how many chapters its passport shows as found. */
async function pageFor(reader: { cookie: string }, path: string) {
  // Node's own fetch with the reader's cookies: through Playwright's request context, the requests
  // past ~60 at once waited ~5 s (the server's keep-alive time, so most likely for an idle socket
  // to close), and this test's 96 took 5.3 s; with fetch, 0.1 s, all of them in flight together.
  const response = await fetch(`${siteServer().baseURL}${path}`, {
    headers: { cookie: reader.cookie },
    redirect: "manual",
  });
  expect(response.status, path).toBe(200);
  expect(response.headers.get("cache-control")).toContain("private");
  const html = await response.text();
  return { html, foundChapters: html.match(FOUND_CHAPTER)?.length ?? 0 };
}

/** The Cookie header of what a request context holds for the site. */
async function cookieOf(request: APIRequestContext) {
  const { cookies } = await request.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

test("two readers asking for the same pages at once each get their own", async ({ playwright }) => {
  // Each page names its reader by their display name (never their e-mail: decision 061).
  const ana = { request: await playwright.request.newContext(), name: `Ana ${uniqueWord()}`, cookie: "" };
  const beto = { request: await playwright.request.newContext(), name: `Beto ${uniqueWord()}`, cookie: "" };
  try {
    for (const reader of [ana, beto]) {
      await signUpWith(reader.request);
      const saved = await reader.request.post(`${siteServer().baseURL}/tu-perfil`, {
        headers: { Origin: siteServer().baseURL },
        form: { displayName: reader.name, age: "", clan: "0" },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    // Ana scans chapter 9's printed code; Beto has found nothing.
    expect((await ana.request.get(`${siteServer().baseURL}/qr/capitulo-9`)).ok()).toBe(true);
    for (const reader of [ana, beto]) reader.cookie = await cookieOf(reader.request);
    expect((await pageFor(ana, "/pasaporte")).foundChapters).toBe(1);
    expect((await pageFor(beto, "/pasaporte")).foundChapters).toBe(0);

    const paths = ["/pasaporte", "/", "/personajes", "/el-juego-de-pelota"];
    const asks = Array.from({ length: 12 }, (_, round) =>
      paths.flatMap((path) =>
        // Interleaved, so the two readers' requests for one address are in flight together.
        (round % 2 ? [beto, ana] : [ana, beto]).map(async (reader) => ({
          reader,
          path,
          page: await pageFor(reader, path),
        })),
      ),
    ).flat();
    const answers = await Promise.all(asks);
    for (const { reader, path, page } of answers) {
      const other = reader === ana ? beto : ana;
      expect(page.html, `${path} for ${reader.name}`).toContain(reader.name);
      expect(page.html, `${path} for ${reader.name}`).not.toContain(other.name);
      if (path === "/pasaporte") expect(page.foundChapters).toBe(reader === ana ? 1 : 0);
    }
  } finally {
    await ana.request.dispose();
    await beto.request.dispose();
  }
});

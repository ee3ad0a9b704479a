import type { Page } from "@playwright/test";
import {
  expect,
  gotoHydrated,
  signUp,
  signUpAdmin,
  startSiteServer,
  test,
  workerPort,
  expectNoAxeViolations,
} from "./support.ts";

type View = { path: string; title: string };

/** Every first-party page view the page reports (navigator.sendBeacon to /api/page-view). */
function recordViews(page: Page): View[] {
  const views: View[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/page-view")
      views.push(JSON.parse(request.postData() ?? "{}") as View);
  });
  return views;
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Principal" });
test.describe("first-party page views", () => {
  test("one per route change, with path, query and the new page's title; none twice on first load or on a data reload", async ({
    page,
  }) => {
    const views = recordViews(page);
    await gotoHydrated(page, "/eventos?taquito");
    const eventsTitle = await page.title();
    await expect.poll(() => views).toEqual([{ path: "/eventos?taquito", title: eventsTitle }]);

    await nav(page).getByRole("link", { name: "Sobre el libro" }).click();
    await expect(page).toHaveURL(/\/el-libro$/);
    await expect.poll(() => views.length).toBe(2);
    expect(views[1]).toEqual({ path: "/el-libro", title: await page.title() });
    expect(views[1]!.title).not.toBe(eventsTitle);

    await nav(page).getByRole("link", { name: "Inicio", exact: true }).click();
    await expect.poll(() => views.at(-1)).toEqual({ path: "/", title: "Valentina y Taquito" });

    // Saving the profile reloads the page's data (a revalidation): not a page view.
    await signUp(page);
    await gotoHydrated(page, "/tu-perfil");
    await expect.poll(() => views.at(-1)?.path).toBe("/tu-perfil");
    const before = views.length;
    await page.getByLabel("Nombre para mostrar").fill("Lectora de prueba");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Profile saved successfully!")).toBeVisible();
    // The next route change is the marker: a report of the revalidation would come before its own.
    await nav(page).getByRole("link", { name: "Sobre el libro" }).click();
    await expect.poll(() => views.at(-1)?.path).toBe("/el-libro");
    expect(views.length).toBe(before + 1);
    // One each, the first load's too: a second report of any (late or not) would be in this list.
    expect(views.map((view) => view.path)).toEqual(["/eventos?taquito", "/el-libro", "/", "/tu-perfil", "/el-libro"]);
  });

  test("page views and QR scans reach the admins' statistics, per path and per code, with no personal data", async ({
    page,
  }) => {
    await signUpAdmin(page);
    type Table = "paginas-table" | "escaneos-por-codigo-table";
    // This period's count in a row of the statistics (counts 1-4 read '<5', issue 25), as the
    // page the server sends shows it: the readings before and while waiting need no browser.
    const countOnServer = async (table: Table, key: string) => {
      const html = await (await page.request.get("/adminpanel/estadisticas")).text();
      const rows = new RegExp(`data-testid="${table}"[\\s\\S]*?</table>`).exec(html)?.[0];
      expect(rows, table).toBeDefined();
      const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const cell = new RegExp(`<th scope="row"[^>]*>${escaped}</th><td[^>]*>([^<]*)</td>`).exec(rows!)?.[1];
      return cell === undefined ? "0" : cell.replace(/&lt;/g, "<");
    };
    // The same, read on the open page in the browser.
    const countOnPage = async (table: Table, key: string) => {
      const row = page
        .getByTestId(table)
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: key, exact: true }) });
      if ((await row.count()) === 0) return "0";
      return (await row.getByRole("cell").first().textContent())!;
    };
    /** After five more: exactly five more, or (from '<5') a number from 5 to 9. */
    const fiveMore = (before: string) => (after: string) =>
      before === "<5" ? Number(after) >= 5 && Number(after) <= 9 : Number(after) === Number(before) + 5;

    const book = await countOnServer("paginas-table", "/el-libro");
    const scans = await countOnServer("escaneos-por-codigo-table", "capitulo-1");

    // The view is reported once the page has hydrated; wait for it before leaving.
    const reported = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === "/api/page-view" && (request.postData() ?? "").includes("/el-libro"),
    );
    await page.goto("/el-libro?ref=qr");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await reported;
    // Four more reports the way the browser sends them: five pass the '<5' threshold.
    for (let index = 0; index < 4; index++) {
      const response = await page.request.post("/api/page-view", {
        headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: new URL(page.url()).origin },
        data: JSON.stringify({ path: "/el-libro", title: "Sobre el libro" }),
      });
      expect(response.status()).toBe(204);
    }
    // Scans: the QR route counts them and redirects on the server (followed here).
    for (let index = 0; index < 5; index++) {
      const scanned = await page.request.get("/qr/capitulo-1");
      expect(new URL(scanned.url()).pathname).not.toMatch(/^\/qr\//);
      expect(scanned.ok()).toBe(true);
    }

    await expect.poll(() => countOnServer("paginas-table", "/el-libro").then(fiveMore(book))).toBe(true);
    // Read on the page too: the one the admins look at.
    await page.goto("/adminpanel/estadisticas");
    expect(fiveMore(book)(await countOnPage("paginas-table", "/el-libro"))).toBe(true);
    expect(fiveMore(scans)(await countOnPage("escaneos-por-codigo-table", "capitulo-1"))).toBe(true);
    await expect(page).toHaveTitle("Estadísticas | Valentina y Taquito");
    await expectNoAxeViolations(page, "/adminpanel/estadisticas", { rules: "all" });
    const panel = await (await page.request.get("/adminpanel")).text();
    expect(panel).toMatch(/<a [^>]*href="\/adminpanel\/estadisticas"[^>]*>Estadísticas<\/a>/);
  });
});

// Google Analytics: a second server with GA_MEASUREMENT_ID, the gtag script served by a stub.
const GA_ID = "G-TEST123";
// A site of this worker's own (support.ts workerPort), started by the describe below.
const gaBase = `http://localhost:${workerPort(5)}`;
const GTAG_STUB = `
  window.__gaCalls = [];
  (function () {
    var record = function (args) { window.__gaCalls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(args)))); };
    var layer = (window.dataLayer = window.dataLayer || []);
    layer.forEach(record);
    var push = layer.push;
    layer.push = function () {
      for (var i = 0; i < arguments.length; i++) record(arguments[i]);
      return push.apply(layer, arguments);
    };
  })();`;

test.describe("Google Analytics 4", () => {
  // Both tests in one worker, in order: one second server for the two.
  test.describe.configure({ mode: "default" });
  let server: Awaited<ReturnType<typeof startSiteServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startSiteServer(workerPort(5), { GA_MEASUREMENT_ID: GA_ID });
    expect(server.baseURL).toBe(gaBase);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const gaCalls = (page: Page) =>
    page.evaluate(() => (window as unknown as { __gaCalls?: unknown[][] }).__gaCalls ?? null);
  const pageViewEvents = async (page: Page) =>
    ((await gaCalls(page)) ?? [])
      .filter((call) => call[0] === "event" && call[1] === "page_view")
      .map((call) => call[2]);

  /** Every request the page makes to a Google host, answered by the stub script (or nothing). */
  function googleRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (/(^|\.)(google|googletagmanager|google-analytics|doubleclick)\.[a-z.]+$/.test(host)) seen.push(request.url());
    });
    return seen;
  }
  const stubGtag = (page: Page) =>
    page.route("https://www.googletagmanager.com/gtag/js*", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: GTAG_STUB }),
    );
  const banner = (page: Page) => page.getByRole("region", { name: "¿Podemos contar tus visitas con Google?" });
  /** The banner's buttons work once its code has hydrated. */
  const bannerReady = (page: Page) => expect(page.getByTestId("consent-banner")).toHaveAttribute("data-ready", "true");
  const consentCookie = async (page: Page) =>
    (await page.context().cookies(gaBase)).find((cookie) => cookie.name === "analiticas")?.value;

  test("the page cache never serves one visitor's answer to another", async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const html = async (cookie?: string) => {
      const response = await request.get(`${gaBase}/personajes`, { headers: cookie ? { Cookie: cookie } : {} });
      return { text: await response.text(), cache: response.headers()["x-cache"] };
    };
    // Unanswered, twice: the second comes from memory, with the banner.
    await html();
    const unanswered = await html();
    expect(unanswered.cache).toBe("hit");
    expect(unanswered.text).toContain('data-testid="consent-banner"');
    // Accepted, then refused: rendered for that answer, without the banner.
    for (const cookie of ["analiticas=si", "analiticas=no"]) {
      const answered = await html(cookie);
      expect(answered.cache).toBe("miss");
      expect(answered.text).not.toContain('data-testid="consent-banner"');
    }
    expect((await html("analiticas=si")).cache).toBe("hit");
    await request.dispose();
  });

  test("asks first: nothing goes to Google before 'Aceptar', nothing after 'Rechazar', and the choice can change", async ({
    page,
  }) => {
    await stubGtag(page);
    const google = googleRequests(page);
    const views = recordViews(page);
    // A searched name in the address: it must reach neither Google nor our own statistics.
    await gotoHydrated(page, `${gaBase}/eventos?taquito&nombre=Sof%C3%ADa`);
    await expect(banner(page)).toBeVisible();
    await bannerReady(page);
    await nav(page).getByRole("link", { name: "Sobre el libro" }).click();
    await expect(page).toHaveURL(/\/el-libro$/);
    await expect.poll(() => views.map((view) => view.path)).toEqual(["/eventos?taquito", "/el-libro"]);
    // No answer yet: no request to Google, and nothing queued for it either.
    expect(google).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer === undefined && window.gtag === undefined)).toBe(true);

    await banner(page).getByRole("button", { name: "Rechazar" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe("no");
    await gotoHydrated(page, `${gaBase}/personajes?buscar=Sof%C3%ADa`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    // Google's part (a lazy chunk on sites with a measurement id) mounted, then a route change:
    // the root reports it to us in an effect that runs after those of Google's part, which is
    // its child, so once our report is out, Google's would have been asked for too.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((entry) => /\/assets\/google-analytics-/.test(entry.name)),
        ),
      )
      .toBe(true);
    await nav(page).getByRole("link", { name: "Eventos" }).click();
    await expect.poll(() => views.at(-1)?.path).toBe("/eventos");
    expect(google).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer === undefined)).toBe(true);

    // Changed from the footer: the banner comes back with the focus on its first button.
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookies" }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Aceptar" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe("si");
    await expect.poll(() => google).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
    await expect
      .poll(() => pageViewEvents(page))
      .toEqual([{ page_path: "/eventos", page_location: `${gaBase}/eventos`, page_title: await page.title() }]);
  });

  test("after 'Aceptar', loads gtag.js with the measurement id and the CSP nonce, then sends one page_view per route change, path only", async ({
    page,
  }) => {
    await page.context().addCookies([{ name: "analiticas", value: "si", url: gaBase }]);
    const scriptRequests: string[] = [];
    await page.route("https://www.googletagmanager.com/gtag/js*", (route) => {
      scriptRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: GTAG_STUB });
    });
    const response = await gotoHydrated(page, `${gaBase}/eventos?taquito&utm_source=cartel`);
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => scriptRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("https://www.googletagmanager.com");
    const nonce = await page
      .locator('script[src^="https://www.googletagmanager.com/gtag/js"]')
      .evaluate((script: HTMLScriptElement) => script.nonce);
    expect(nonce.length).toBeGreaterThan(0);
    expect(csp).toContain(`'nonce-${nonce}'`);

    await expect.poll(() => pageViewEvents(page)).toHaveLength(1);
    const calls = (await gaCalls(page))!;
    expect(calls[0]![0]).toBe("js");
    expect(calls[1]).toEqual([
      "config",
      GA_ID,
      { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);
    const title = await page.title();
    expect(await pageViewEvents(page)).toEqual([
      { page_path: "/eventos?taquito", page_location: `${gaBase}/eventos?taquito`, page_title: title },
    ]);
    expect(JSON.stringify(await gaCalls(page))).not.toContain("utm_source");

    await nav(page).getByRole("link", { name: "Sobre el libro" }).click();
    await expect.poll(() => pageViewEvents(page)).toHaveLength(2);
    expect((await pageViewEvents(page))[1]).toEqual({
      page_path: "/el-libro",
      page_location: `${gaBase}/el-libro`,
      page_title: await page.title(),
    });
    // The next route change is the marker: a second event for /el-libro would come before its own.
    await nav(page).getByRole("link", { name: "Eventos" }).click();
    await expect.poll(() => pageViewEvents(page)).toHaveLength(3);
    expect((await pageViewEvents(page)).map((event) => (event as { page_path: string }).page_path)).toEqual([
      "/eventos?taquito",
      "/el-libro",
      "/eventos",
    ]);
    // Still loaded once, and initialised once.
    expect(scriptRequests).toHaveLength(1);
    expect(((await gaCalls(page)) ?? []).filter((call) => call[0] === "config")).toHaveLength(1);
  });

  test("a blocked Google script changes nothing for the reader, and first-party views still count", async ({
    page,
  }) => {
    await page.context().addCookies([{ name: "analiticas", value: "si", url: gaBase }]);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route("https://www.googletagmanager.com/**", (route) => route.abort("blockedbyclient"));
    const views = recordViews(page);
    await gotoHydrated(page, `${gaBase}/`);
    await nav(page).getByRole("link", { name: "Eventos" }).click();
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => views.map((view) => view.path)).toEqual(["/", "/eventos"]);
    // The page's own queue still holds the views, for whenever the script can load.
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).length)).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
  });

  test("the banner and the privacy page pass axe", async ({ page }) => {
    await gotoHydrated(page, `${gaBase}/privacidad`);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText("Google solo se carga si eliges «Aceptar»")).toBeVisible();
    await expectNoAxeViolations(page, "the banner on /privacidad");
  });
});

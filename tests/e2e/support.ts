import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { askControlSocket, controlSocketPath } from "../../app/lib/control-socket.server.ts";
import type { ReceivedMail } from "../support/smtp-server.ts";
import { E2E_METRICS_TOKEN } from "../support/e2e-metrics.ts";
import { seededDataDir, startSiteServer, type SiteServer } from "../support/site-server.ts";

export { seededDataDir, startSiteServer, type SiteServer };

export { expect };

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");

export const PASSWORD = "cempasuchil-2025";

/**
 * A unique word of letters only, to tell a test's comment apart: a run of digits (a timestamp)
 * reads as a phone number to the comment filter, which holds the comment for review.
 */
export const uniqueWord = () => Array.from(randomBytes(8), (byte) => "abcdefghijklmnopqrstuvwxyz"[byte % 26]).join("");

export const uniqueEmail = (name = "lectora") => `${name}.${randomBytes(4).toString("hex")}@example.com`;

/**
 * Ports of this Playwright worker. Every worker runs its own site (own data directory, own
 * mailbox, own OpenID Connect server), so tests that change global state (admins, characters,
 * statistics, the contact queue) never see another worker's. A block of 30 ports per worker,
 * from E2E_PORT (default 4400); a worker restarted after a failure gets a new index, hence
 * fresh ports even if the old server has not released its own yet. The default block stays clear
 * of the services these machines run (NATS 4222, RabbitMQ's epmd 4369, PostgreSQL 5432): 4369
 * once took a second site's SMTP port.
 *   +0 the site, +1 its OpenID Connect server, +2 its SMTP server, +3 its metrics port,
 *   +4 the Prometheus server that scrapes it, +5..+7 the analytics suite's second site, +10/+11 the two instances on PostgreSQL,
 *   +12/+13 the platform suite's short-lived servers, +14..+20 (each with its +1/+2) second
 *   sites of single specs, started and stopped within them (a worker runs one test at a time),
 *   +20..+22 the stalled-request site, +20..+23 the operations spec's servers and Caddy,
 *   +23/+24 the aborted-request sites (PGlite, PostgreSQL), +25 the crash-and-restart instance,
 *   +26..+28 the site without optional services (shared by the specs of this worker that need
 *   it, for the worker's life: nothing else may use them), +29 the full-disk instance.
 */
export function workerPort(offset = 0): number {
  const basePort = Number(process.env.E2E_PORT ?? 4400);
  return basePort + 30 * Number(process.env.TEST_WORKER_INDEX ?? 0) + offset;
}

let currentServer: SiteServer | undefined;

/** This worker's running site (for helpers that are not fixtures). */
export function siteServer(): SiteServer {
  if (!currentServer) throw new Error("no test server: use `test` from tests/e2e/support.ts");
  return currentServer;
}

/** The running test server's data directory (written by tests/support/e2e-server.ts). */
export const serverDataDir = () => siteServer().dataDir;

/**
 * Marks the loading screen as seen on this device (localStorage), as an earlier visit would:
 * the page's own inline script then skips it. Only its own tests need to see it.
 */
export async function skipLoadingScreen(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      localStorage.setItem("splash-visto", "1");
    } catch {
      // storage unavailable (opaque origins): nothing to skip there
    }
  });
}

/** The page has hydrated, or has no app scripts to hydrate it (a plain server page). */
const HYDRATED_OR_STATIC =
  'html[data-hydrated="true"], html:not(:has(script[type="module"], script[type="text/module-after-paint"]))';

/**
 * Makes `page.goto` in every page of `context` also wait until React has hydrated the page
 * (`html[data-hydrated]`, set by the root layout), as a reader effectively does before using it:
 * the scripts load after the first paint (decision 021), and a click or a choice before then
 * meets the server's plain HTML, whose forms post without the page's client-side behaviour.
 * Only HTML answers that carry the app's scripts are waited on. A goto that names its own
 * `waitUntil` is left as it is: the tests of what happens before hydration pass one.
 */
export function gotoWaitsForHydration(context: BrowserContext) {
  const wrap = (page: Page) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined && response?.headers()["content-type"]?.startsWith("text/html")) {
        // A locator, not waitForFunction: that one polls on every animation frame in the page's
        // main world, where Playwright first injects its 339 KB script a second time (the
        // locators use their own world); 20 loads took 0.96x the CPU this way.
        await page.locator(HYDRATED_OR_STATIC).waitFor({ state: "attached", timeout: 15_000 });
      }
      return response;
    };
  };
  context.pages().forEach(wrap);
  context.on("page", wrap);
}

/** A new browser context on this worker's site, with the loading screen skipped like `page`'s. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL: siteServer().baseURL, locale: "es-ES", ...options });
  await skipLoadingScreen(context);
  // Without JavaScript nothing hydrates.
  if (options.javaScriptEnabled !== false) gotoWaitsForHydration(context);
  return context;
}

/**
 * A site with every optional service unconfigured: no Google sign-in, no book or shop address,
 * no mail server (a minimal install). The specs that test what a site without one of them shows
 * share it (accounts, parents' links, the age rule without mail, the chapter editor's site of its
 * own): each checks only the absence of its own service, and none counts what another changes
 * (the chapter editor adds chapter 15; the age rule counts its one waiting child). Each used to
 * start a site of its own, ~1.6 s of CPU each (docs/decisions/042).
 */
export const SITE_WITHOUT_OPTIONAL_SERVICES = { GOOGLE_CLIENT_ID: "", BOOK_URL: "", SHOP_URL: "", SMTP_URL: "" };

type WorkerFixtures = { server: SiteServer; siteWithoutOptionalServices: SiteServer; siteOfItsOwn: string };
type TestFixtures = { showLoadingScreen: boolean };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  /**
   * `test.use({ siteOfItsOwn: "why" })` runs a spec in a worker of its own, hence on a site of its
   * own: for a spec whose additions (events, seats) would change what the other specs of a shared
   * worker site count. A worker option set by test.use makes Playwright start a new worker.
   */
  siteOfItsOwn: ["", { scope: "worker", option: true }],
  server: [
    async ({ siteOfItsOwn }, provide) => {
      if (siteOfItsOwn) console.log(`a site of its own (worker ${workerPort()}): ${siteOfItsOwn}`);
      const server = await startSiteServer(workerPort(), {
        METRICS_PORT: String(workerPort(3)),
        METRICS_TOKEN: E2E_METRICS_TOKEN,
      });
      currentServer = server;
      await provide(server);
      currentServer = undefined;
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 90_000 },
  ],
  // Started when a test of this worker first asks for it, stopped with the worker (an idle site
  // costs no CPU). Ports +26..+28 of the worker's block, which nothing else uses.
  siteWithoutOptionalServices: [
    async ({}, provide) => {
      const site = await startSiteServer(workerPort(26), SITE_WITHOUT_OPTIONAL_SERVICES);
      await provide(site);
      await site.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.baseURL),
  /** `test.use({ showLoadingScreen: true })` for the tests of the loading screen itself. */
  showLoadingScreen: [false, { option: true }],
  context: async ({ context, showLoadingScreen }, provide) => {
    // The loading screen's own tests look at the page before it hydrates.
    if (!showLoadingScreen) {
      await skipLoadingScreen(context);
      gotoWaitsForHydration(context);
    }
    await provide(context);
  },
});

/** `npm run admin -- …` against the running server's data directory. */
export async function adminCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, "scripts/admin.ts"), ...args], {
      env: { ...process.env, DATA_DIR: serverDataDir(), DATABASE_URL: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** The 1500 ms loading screen covers the page on a tab's first load (unless skipped). */
export async function waitForLoadingScreen(page: Page) {
  await expect(page.getByTestId("loading-screen")).toBeHidden({ timeout: 5000 });
}

/**
 * Opens `path` and waits until the app has hydrated: the page-view report is sent from an
 * effect of the root, which only runs once React has hydrated the server's HTML. Tests that
 * click client-side behaviour right after a load wait for this (the loading screen used to
 * stand in for it, by luck of its 1500 ms).
 */
export async function gotoHydrated(page: Page, path: string) {
  const reported = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/page-view",
    { timeout: 15_000 },
  );
  const response = await page.goto(path);
  await reported;
  return response;
}

/**
 * Waits until every finite animation has ended (the page's 300 ms fade-in, a modal's): axe
 * measures colour contrast on the page as it is, and a fading page is paler than the real one.
 */
export async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The WCAG 2.1 A and AA rules: what the page scans hold every page to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const axeSourcePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeSource: string | undefined;

/**
 * Makes axe-core part of every page `context` opens (an init script), for a test that scans many
 * pages: otherwise each scan sends and compiles its 550 KB again (docs/decisions/022).
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ path: axeSourcePath });
}

/**
 * Runs axe-core on the page as it is once every finite animation has ended, and expects no
 * violation; the failure names `label`, the width, and each rule with its nodes. `rules`: the
 * WCAG 2.1 A and AA rules (default) or every rule axe runs by default (best practices too);
 * `include`: only that part of the page. The page has no frames of its own (no iframe), so axe
 * runs in the top document, which is what @axe-core/playwright's legacy mode does, at a third of
 * its cost: it opens no extra page to combine frame results.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { rules = "wcag", include }: { rules?: "wcag" | "all"; include?: string } = {},
) {
  await waitForAnimations(page);
  if (!(await page.evaluate(() => "axe" in window)))
    await page.evaluate((axeSource ??= readFileSync(axeSourcePath, "utf8")));
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const results = await axe.run(
        include ? { include: [include] } : document,
        tags ? { runOnly: { type: "tag", values: tags } } : {},
      );
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    },
    { tags: rules === "wcag" ? WCAG_TAGS : null, include: include ?? null },
  );
  expect(violations, `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The page has hydrated and its live stream is open: changes published from now on reach it. */
export async function waitForLive(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected", { timeout: 10_000 });
}

/** A birth year that makes an adult reader, whatever the year the tests run in. */
export const ADULT_BIRTH_YEAR = new Date().getFullYear() - 30;

/** The mail this worker's site has sent so far (its local SMTP server's mailbox). */
export function mailbox(file = siteServer().mailbox): ReceivedMail[] {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ReceivedMail[];
  } catch {
    return [];
  }
}

/**
 * Waits for the `nth` (from 1) e-mail to `to` whose text matches `pattern` and returns the first
 * match's group 1 (or the whole match). `file`: another site's mailbox (startSiteServer's).
 */
export async function linkInMail(to: string, pattern: RegExp, nth = 1, file?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const matches = mailbox(file)
          .filter((mail) => mail.to.includes(to))
          .map((mail) => pattern.exec(mail.text))
          .filter((match) => match !== null);
        const match = matches[nth - 1];
        found = match ? (match[1] ?? match[0]) : undefined;
        return found !== undefined;
      },
      // Every 25 ms rather than expect.poll's 100, 250, 500 and then every 1000 ms: a mail lands
      // ~20–150 ms after the answer that sends it (in the background), and a run waits for ~160
      // of them. At the default steps those waits added up to 32 s of the two workers' time.
      { message: `e-mail to ${to} matching ${pattern}`, timeout: 10_000, intervals: [25] },
    )
    .toBe(true);
  return found!;
}

/** The confirmation link of a new account's address. */
const CONFIRMATION_LINK = /(https?:\/\/\S+\/api\/auth\/verify-email\?\S+)/;
export const confirmationLink = (email: string, nth = 1) => linkInMail(email, CONFIRMATION_LINK, nth);

/**
 * Signs a new adult reader up through better-auth's real endpoint from `request` and opens the
 * confirmation link of the e-mail (as the reader would): the session cookie lands in its cookie
 * jar. No page navigates.
 */
export async function signUpWith(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = PASSWORD,
  age: { birthYear: number; guardianEmail?: string } = { birthYear: ADULT_BIRTH_YEAR },
) {
  const { baseURL } = siteServer();
  // An address that signed up before (and was deleted) has older confirmation mails: use the next.
  const earlierMails = mailbox().filter((mail) => mail.to.includes(email) && CONFIRMATION_LINK.test(mail.text)).length;
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { email, password, name: email.split("@")[0], ...age },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Signed in at once (a session cookie), or only once the address is confirmed.
  if (!signedInBy(response))
    expect((await request.get(await confirmationLink(email, earlierMails + 1))).ok()).toBe(true);
  return email;
}

/** Whether a better-auth answer signed its client in (its JSON no longer carries the token: issue 19). */
export const signedInBy = (response: APIResponse) =>
  response
    .headersArray()
    .some((header) => header.name.toLowerCase() === "set-cookie" && header.value.includes("session_token="));

/**
 * Signs a child of `age` up in the page's context, and their guardian allows through the link
 * of the consent e-mail: a child's account that may comment (docs/decisions/011).
 */
export async function signUpAllowedChild(page: Page, age = 11) {
  const { baseURL } = siteServer();
  const guardian = uniqueEmail("familia");
  const email = await signUpWith(page.request, uniqueEmail("nina"), PASSWORD, {
    birthYear: new Date().getFullYear() - age,
    guardianEmail: guardian,
  });
  const link = await linkInMail(guardian, /https?:\/\/[^/\s]+(\/permiso-familiar\/[\w-]+)/);
  const allowed = await page.request.post(link, { form: { intent: "allow" }, headers: { Origin: baseURL } });
  expect(allowed.status()).toBe(200);
  return email;
}

/**
 * Signs a new adult reader up (see signUpWith) in the page's context. The sign-up form is
 * covered by accounts.spec.ts (`signUpThroughForm`).
 */
export async function signUp(page: Page, email = uniqueEmail(), password = PASSWORD) {
  const { baseURL } = siteServer();
  await signUpWith(page.request, email, password);
  expect((await page.context().cookies(baseURL)).some((cookie) => cookie.name.includes("session_token"))).toBe(true);
  return email;
}

/**
 * Signs up through the form at /login?modo=registro, as an adult reader does, then opens the
 * confirmation e-mail's link (a site without a mail server signs in at once).
 */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = PASSWORD) {
  await page.goto("/login?modo=registro");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  const signedIn = page.getByRole("button", { name: "Salir" });
  const checkEmail = page.getByRole("heading", { name: "Revisa tu correo" });
  await expect(signedIn.or(checkEmail)).toBeVisible();
  if (await checkEmail.isVisible()) await page.goto(await confirmationLink(email));
  await expect(signedIn).toBeVisible();
  return email;
}

/**
 * After 'Continuar con Google': the test account's first sign-in on a site ends on the age step
 * ('Año de nacimiento'), answered here as an adult; later ones go straight to `target`.
 */
export async function finishGoogleSignIn(page: Page, target: string) {
  await page.waitForURL((url) => url.pathname === "/tu-edad" || url.pathname === target);
  if (new URL(page.url()).pathname === "/tu-edad") {
    await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
    await page.getByRole("button", { name: "Continuar" }).click();
  }
  await page.waitForURL((url) => url.pathname === target);
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
}

/**
 * A signed-in admin: signs up, then the role is granted through the site's control socket, the
 * way `npm run admin -- grant` reaches a running site, without starting the command's own Node
 * process each time (~1 s of CPU for each of the suite's ~50 admins). The command itself, with
 * the site running, is accounts.spec.ts's and account-data.spec.ts's to test.
 */
export async function signUpAdmin(page: Page) {
  const email = await signUp(page, uniqueEmail("admin"));
  const result = await askControlSocket(controlSocketPath(serverDataDir()), ["grant", email]);
  expect(result.ok, result.message).toBe(true);
  return email;
}

/**
 * A signed-in admin on another site of the worker (one without a mail server: a sign-up signs in
 * at once), granted through that site's control socket as signUpAdmin does.
 */
export async function signUpAdminOn(page: Page, site: Pick<SiteServer, "baseURL" | "dataDir">) {
  const email = uniqueEmail("admin");
  const response = await page.request.post(`${site.baseURL}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
    headers: { Origin: site.baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(signedInBy(response)).toBe(true);
  const result = await askControlSocket(controlSocketPath(site.dataDir), ["grant", email]);
  expect(result.ok, result.message).toBe(true);
  return email;
}

/**
 * A site of its own for the describe block that calls this, with the real limits (the worker's
 * multiplies them for its many sign-ups) and no mail server (a sign-up signs in at once), on the
 * worker's port `offset`. Returns the site once the block's tests run.
 */
export function siteWithRealLimits(offset: number): () => SiteServer {
  let site: (SiteServer & { stop(): Promise<void> }) | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    site = await startSiteServer(workerPort(offset), { RATE_LIMIT_MULTIPLIER: "1", SMTP_URL: "" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return () => site!;
}

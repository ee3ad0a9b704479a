/**
 * A first visit to the events (issue: the events page was all in the past). The demo calendar is
 * dated from the site's first start: upcoming events first, one to book and one full, past ones
 * below; a year later everything is past and the page says so. SPEC.md's /reservation shows the
 * next bookable event's booking form, else leads to the calendar's upcoming part (decisions 024, 070).
 */
import { NO_UPCOMING_EVENTS } from "../../app/features/events/events-content.server.ts";
import { expect, newContext, startSiteServer, test, workerPort, type SiteServer } from "./support.ts";
import type { Browser, BrowserContext, Page } from "@playwright/test";

const upcomingPart = (page: Page) => page.getByRole("region", { name: "Próximos eventos" });
const pastPart = (page: Page) => page.getByRole("region", { name: "Eventos que ya pasaron" });
const startsOf = (part: ReturnType<typeof upcomingPart>) =>
  part
    .getByTestId("event")
    .locator("time")
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute("datetime")!)));

test.describe("the events of a fresh install", () => {
  // A site of its own: the worker's site also serves specs that add events and book seats
  // (bookings.spec.ts), and this is the calendar as a fresh install shows it, whatever ran before.
  // Ports +15..+17, as the describe below: each stops its site before the next starts.
  let site: (SiteServer & { stop(): Promise<void> }) | undefined;
  let context: BrowserContext | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSiteServer(workerPort(15));
  });
  test.afterAll(async () => site?.stop());
  test.afterEach(async () => context?.close());
  const freshPage = async (browser: Browser) => {
    context = await newContext(browser, { baseURL: site!.baseURL });
    return context.newPage();
  };
  test("come upcoming first, one to book and one full, with the past ones below", async ({ browser }) => {
    const page = await freshPage(browser);
    await page.goto("/eventos");
    const upcoming = upcomingPart(page);
    const past = pastPart(page);
    await expect(upcoming.getByRole("heading", { level: 3 })).toHaveText("Próximos eventos");
    await expect(upcoming.getByTestId("event")).toHaveCount(3);
    await expect(upcoming.locator('[data-past="true"]')).toHaveCount(0);
    await expect(upcoming.getByRole("link", { name: /^Disponible/ })).toHaveCount(1);
    await expect(upcoming.getByText("¡Cupo lleno!", { exact: true })).toHaveCount(1);
    await expect(upcoming.getByText(NO_UPCOMING_EVENTS)).toHaveCount(0);

    await expect(past.getByTestId("event")).toHaveCount(2);
    for (const event of await past.getByTestId("event").all()) {
      await expect(event).toHaveAttribute("data-past", "true");
      await expect(event.getByText("Ya pasó", { exact: true })).toBeVisible();
      await expect(event.getByRole("link")).toHaveCount(0);
    }

    // Upcoming: after now, soonest first; past: before now, latest first; and they are below.
    const now = Date.now();
    const upcomingStarts = await startsOf(upcoming);
    const pastStarts = await startsOf(past);
    expect(upcomingStarts.every((start) => start > now)).toBe(true);
    expect(upcomingStarts).toEqual([...upcomingStarts].sort((a, b) => a - b));
    expect(pastStarts.every((start) => start < now)).toBe(true);
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
    const upcomingBox = (await upcoming.boundingBox())!;
    expect((await past.boundingBox())!.y).toBeGreaterThan(upcomingBox.y + upcomingBox.height - 1);

    // 'Disponible' leads to the event's booking form on this site, not the contact form.
    await upcoming.getByRole("link", { name: /^Disponible/ }).click();
    await expect(page).toHaveURL(/\/reservation\?evento=dia-del-nino$/);
    await expect(page.getByRole("form", { name: "Reservar lugares" })).toBeVisible();
  });

  test("SPEC.md's /reservation shows the next bookable event's booking form", async ({ browser }) => {
    const page = await freshPage(browser);
    const request = page.request;
    const answer = await request.get("/reservation", { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe("no-store");

    const response = await page.goto("/reservation");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/reservation$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cuentacuentos del Mictlán por el Día del Niño");
    await expect(page.getByRole("form", { name: "Reservar lugares" })).toBeVisible();
    await expect(page.getByText(/bloquead/)).toHaveCount(0);
  });

  test("the home page's 'Reserva tu lugar' opens the calendar's upcoming part", async ({ browser }) => {
    const page = await freshPage(browser);
    await page.goto("/");
    await page.getByRole("link", { name: "Reserva tu lugar" }).click();
    await expect(page).toHaveURL(/\/eventos#proximos$/);
    await expect(upcomingPart(page).getByRole("link", { name: /^Disponible/ })).toBeInViewport();
  });
});

test.describe("the same install a year later", () => {
  let site: (SiteServer & { stop(): Promise<void> }) | undefined;

  test.beforeAll(async () => {
    // Starting a second site takes a while on a busy machine.
    test.setTimeout(120_000);
    // A second site of this worker (ports +15..+17), on the run's database seeded today, with
    // its server's clock a year ahead: the server decides what is past.
    site = await startSiteServer(workerPort(15), { E2E_CLOCK_OFFSET_DAYS: "365" });
  });
  test.afterAll(async () => site?.stop());

  test("lists every event as past and says plainly that none is upcoming; /reservation leads there", async ({
    browser,
  }) => {
    const context = await newContext(browser, { baseURL: site!.baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/eventos");
      const upcoming = upcomingPart(page);
      await expect(upcoming.getByText(NO_UPCOMING_EVENTS)).toBeVisible();
      await expect(upcoming.getByTestId("event")).toHaveCount(0);
      await expect(pastPart(page).getByTestId("event")).toHaveCount(5);
      await expect(pastPart(page).getByText("Ya pasó", { exact: true })).toHaveCount(5);
      await expect(page.getByRole("region", { name: /^\d{4}(-\d{4})?$/ }).getByRole("link")).toHaveCount(0);

      const answer = await context.request.get("/reservation", { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe("/eventos#proximos");
      await page.goto("/reservation");
      await expect(page).toHaveURL(/\/eventos#proximos$/);
      await expect(upcoming.getByText(NO_UPCOMING_EVENTS)).toBeInViewport();
    } finally {
      await context.close();
    }
  });
});

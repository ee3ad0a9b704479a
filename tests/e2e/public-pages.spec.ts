import type { Page } from "@playwright/test";
import { GENERAL_WELCOME, WELCOME_LINES } from "../../app/features/events/events-content.server.ts";
import { SIDE_IMAGE_CANDIDATES } from "../../app/features/home/side-images.ts";
import { E2E_BOOK_URL, E2E_SHOP_URL } from "../support/shop-links.ts";
import { expect, test, expectNoAxeViolations } from "./support.ts";

/** The structured data of the page, parsed. */
async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

type ExpectedHead = { title: string; canonicalPath: string; jsonLdType: string };

/** Title, description, robots, canonical link, social card and JSON-LD of the current page. */
async function expectHead(page: Page, baseURL: string | undefined, expected: ExpectedHead) {
  await expect(page).toHaveTitle(expected.title);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0).toBeGreaterThan(50);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new URL(expected.canonicalPath, baseURL).href,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", expected.title);
  const jsonLd = await jsonLdOf(page);
  expect(jsonLd.map((item) => item["@type"])).toContain(expected.jsonLdType);
  for (const item of jsonLd) expect(item["@context"]).toBe("https://schema.org");
}

/** The home page marks its frame once the browser has picked the side images: hydration is done. */
async function waitForHomeHydration(page: Page) {
  await expect(page.locator(".decorated-frame[data-picked]")).toBeAttached();
}

test.describe("home", () => {
  test("shows the tagline, the hero and every block", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valentina y Taquito");
    await expect(page.getByText("Una niña, un xolo y una noche para cruzar al Mictlán.")).toBeVisible();
    await expect(page.locator('img[src="/images/home/hero.svg"]')).toHaveAttribute("alt", /Valentina y Taquito/);

    const story = page.getByRole("region", { name: "La historia" });
    await expect(story).toContainText("Tzintzuntzan");
    await expect(story.getByRole("link", { name: /capítulo 1/ })).toHaveAttribute("href", "/salida-a-tzintzuntzan");
    await expect(story.getByRole("link", { name: /capítulo extra/ })).toHaveAttribute("href", "/section3");

    const promo = page.getByRole("region", { name: "¡Llévate el libro a casa!" });
    await expect(promo.getByRole("link", { name: "Comprar el libro" })).toHaveAttribute("href", E2E_BOOK_URL);
    await expect(promo.locator('img[src="/images/book-cover.svg"]')).toHaveAttribute("alt", /Portada/);

    const qr = page.getByRole("region", { name: /códigos QR/ });
    await expect(qr).toContainText("Cada capítulo del libro termina con un código QR");
    await expect(qr).toContainText("contenido en línea");
    await expect(qr.locator('img[src="/images/home/qr.svg"]')).toHaveAttribute("alt", /código QR/);
    await expect(qr.getByRole("link", { name: "abre el capítulo especial" })).toHaveAttribute(
      "href",
      "/capitulo-especial",
    );

    await expect(page.getByRole("link", { name: "Reserva tu lugar" })).toHaveAttribute("href", "/eventos#proximos");
  });

  test("maps four tiles to Personajes, Capítulos, El libro and the Tienda", async ({ page }) => {
    await page.goto("/");
    const map = page.getByRole("region", { name: "El mapa de la aventura" });
    await expect(map.getByRole("link")).toHaveCount(4);
    const tiles = [
      ["Personajes", "/personajes", "tile-personajes.svg"],
      ["Capítulos", "/capitulos", "tile-capitulos.svg"],
      ["El libro", "/el-libro", "tile-el-libro.svg"],
      ["Tienda", E2E_SHOP_URL, "tile-tienda.svg"],
    ] as const;
    for (const [label, href, image] of tiles) {
      const tile = map.getByRole("link", { name: new RegExp(`^${label}`) });
      await expect(tile).toHaveAttribute("href", href);
      await expect(tile.locator("img")).toHaveAttribute("src", `/images/home/${image}`);
    }
  });

  test("repeats the placeholder reviews strip three times, read once, and lets readers pause it", async ({ page }) => {
    // The strip moves only for readers who do not ask for less motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    await waitForHomeHydration(page);
    const reviews = page.getByRole("region", { name: "Lo que dicen quienes ya lo leyeron" });
    const copies = reviews.getByTestId("reviews-copy");
    await expect(copies).toHaveCount(3);
    const texts = await copies.allTextContents();
    expect(texts[0]).toContain("Taquito es mi favorito");
    expect(new Set(texts).size).toBe(1);
    await expect(copies.nth(0)).not.toHaveAttribute("aria-hidden", "true");
    await expect(copies.nth(1)).toHaveAttribute("aria-hidden", "true");
    await expect(copies.nth(2)).toHaveAttribute("aria-hidden", "true");

    await reviews.getByRole("button", { name: "Pausar reseñas" }).click();
    await expect(reviews.locator(".reviews-strip")).toHaveClass(/is-paused/);
    await reviews.getByRole("button", { name: "Mover reseñas" }).click();
    await expect(reviews.locator(".reviews-strip")).not.toHaveClass(/is-paused/);
  });

  test("reveals the 'you have my book' block only with ?book, in the server's HTML", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "¡Ya tienes mi libro!" })).toHaveCount(0);

    await page.goto("/?book");
    const welcome = page.getByRole("region", { name: "¡Ya tienes mi libro!" });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole("link", { name: "Empieza por el capítulo 1" })).toHaveAttribute(
      "href",
      "/salida-a-tzintzuntzan",
    );

    expect(await (await request.get("/?book")).text()).toContain("¡Ya tienes mi libro!");
    expect(await (await request.get("/")).text()).not.toContain("¡Ya tienes mi libro!");
  });

  test("picks each decorative side image at random among its four candidates", async ({ page, request }) => {
    // The server renders the first candidates, so its HTML and the first client render agree.
    const html = await (await request.get("/")).text();
    expect(html).toContain('src="/images/home/left-1.svg"');
    expect(html).toContain('src="/images/home/right-1.svg"');

    const picks = new Set<string>();
    for (let load = 0; load < 8; load++) {
      await page.goto("/");
      await waitForHomeHydration(page);
      const left = page.getByTestId("side-decoration-left");
      const right = page.getByTestId("side-decoration-right");
      await expect(left).toHaveAttribute("alt", "");
      await expect(right).toHaveAttribute("alt", "");
      const leftSrc = (await left.getAttribute("src")) ?? "";
      const rightSrc = (await right.getAttribute("src")) ?? "";
      expect(SIDE_IMAGE_CANDIDATES.left).toContain(leftSrc);
      expect(SIDE_IMAGE_CANDIDATES.right).toContain(rightSrc);
      picks.add(`${leftSrc} ${rightSrc}`);
    }
    // Eight loads with the same pair out of sixteen would happen about once in 270 million runs.
    expect(picks.size).toBeGreaterThan(1);
  });

  test("sets its head, with the bare path as canonical for /?book", async ({ page, baseURL }) => {
    await page.goto("/");
    await expectHead(page, baseURL, { title: "Valentina y Taquito", canonicalPath: "/", jsonLdType: "WebSite" });
    expect((await jsonLdOf(page)).map((item) => item["@type"])).toEqual(["WebSite", "Organization"]);

    await page.goto("/?book");
    await expectHead(page, baseURL, { title: "Valentina y Taquito", canonicalPath: "/", jsonLdType: "Organization" });
  });
});

test.describe("/el-libro", () => {
  test("shows the book, its placeholder text and its publisher", async ({ page }) => {
    await page.goto("/el-libro");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valentina y Taquito en el Mictlán");
    await expect(page.locator('img[src="/images/book-cover.svg"]')).toHaveAttribute("alt", /Portada/);
    await expect(page.getByRole("region", { name: "De qué trata" })).toContainText("Lorem ipsum");
    await expect(page.getByRole("region", { name: "Datos de la edición" })).toContainText("Editorial Luna");
    await expect(
      page.getByRole("region", { name: "La editorial" }).getByRole("img", { name: "Editorial Luna" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Comprar el libro" })).toHaveAttribute("href", E2E_BOOK_URL);
  });

  test("sets its head with Book structured data", async ({ page, baseURL }) => {
    await page.goto("/el-libro");
    await expectHead(page, baseURL, {
      title: "Sobre el libro | Valentina y Taquito",
      canonicalPath: "/el-libro",
      jsonLdType: "Book",
    });
    const book = (await jsonLdOf(page)).find((item) => item["@type"] === "Book");
    expect(book).toMatchObject({
      name: "Valentina y Taquito en el Mictlán",
      inLanguage: "es",
      publisher: { "@type": "Organization", name: "Editorial Luna" },
      image: new URL("/images/book-cover.svg", baseURL).href,
      bookFormat: "https://schema.org/Hardcover",
    });
    expect(book?.author).toEqual([
      { "@type": "Person", name: "Regina Huerta Salgado" },
      { "@type": "Person", name: "Tomás Quiroga Villaseñor" },
    ]);
  });
});

test.describe("/eventos", () => {
  const welcomeLine = (page: Page) => page.getByTestId("welcome-line");

  test("greets every visitor, with the general welcome when no key is given", async ({ page }) => {
    await page.goto("/eventos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Si estás aquí, ya eres parte de esta historia");
    await expect(welcomeLine(page)).toHaveText(GENERAL_WELCOME);

    await page.goto("/eventos?xibalba");
    await expect(welcomeLine(page)).toHaveText(GENERAL_WELCOME);
  });

  for (const key of ["taquito", "choc", "ofrenda", "camazotz"] as const) {
    test(`greets readers of the ${key} QR code with their own line`, async ({ page }) => {
      await page.goto(`/eventos?${key}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Si estás aquí, ya eres parte de esta historia");
      await expect(welcomeLine(page)).toHaveText(WELCOME_LINES[key]);
      expect(WELCOME_LINES[key]).not.toBe(GENERAL_WELCOME);
    });
  }

  test("chooses the welcome line on the server", async ({ request }) => {
    const html = await (await request.get("/eventos?tinskani")).text();
    expect(html).toContain(WELCOME_LINES.tinskani);
    expect(html).not.toContain(GENERAL_WELCOME);
  });

  test("lists the calendar from the database, titled by its years, past events marked and never bookable", async ({
    page,
  }) => {
    await page.goto("/eventos");
    const calendar = page.getByRole("region", { name: /^\d{4}-\d{4}$/ });
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(/^\d{4}-\d{4}$/);
    const events = calendar.getByTestId("event");
    // The demo events (db/seed/events.ts), dated from the site's first start.
    await expect(events).toHaveCount(5);
    for (const event of await events.all()) {
      await expect(event.locator("time")).toHaveAttribute("datetime", /^20\d\d-\d\d-\d\dT/);
      await expect(event.getByRole("heading", { level: 4 })).not.toBeEmpty();
    }
    const past = calendar.locator('[data-testid="event"][data-past="true"]');
    await expect(past).toHaveCount(2);
    await expect(past.getByText("Ya pasó", { exact: true })).toHaveCount(2);
    await expect(past.getByRole("link")).toHaveCount(0);
  });

  test("promotes the book and introduces the authors", async ({ page }) => {
    await page.goto("/eventos");
    const promo = page.getByRole("region", { name: "¡Llévate el libro a casa!" });
    await expect(promo.getByRole("link", { name: "Comprar el libro" })).toHaveAttribute("href", E2E_BOOK_URL);
    const authors = page.getByRole("region", { name: "Quienes escribieron esta historia" });
    await expect(authors.getByRole("heading", { level: 3 })).toHaveText([
      "Regina Huerta Salgado",
      "Tomás Quiroga Villaseñor",
    ]);
    await expect(authors.locator('img[src="/images/authors/autora.svg"]')).toHaveAttribute("alt", /Regina/);
    await expect(authors.locator('img[src="/images/authors/autor.svg"]')).toHaveAttribute("alt", /Tomás/);
  });

  test("sets its head with an ItemList of Events, canonical without the key", async ({ page, baseURL }) => {
    await page.goto("/eventos?taquito");
    await expectHead(page, baseURL, {
      title: "Eventos | Valentina y Taquito",
      canonicalPath: "/eventos",
      jsonLdType: "ItemList",
    });
    const list = (await jsonLdOf(page)).find((item) => item["@type"] === "ItemList");
    const events = (list?.itemListElement as { item: Record<string, unknown> }[]).map((element) => element.item);
    expect(events.length).toBeGreaterThanOrEqual(4);
    for (const event of events) {
      expect(event).toMatchObject({
        "@type": "Event",
        eventStatus: "https://schema.org/EventScheduled",
        location: { "@type": "Place" },
      });
      expect(typeof event.name).toBe("string");
      expect(Number.isNaN(Date.parse(String(event.startDate)))).toBe(false);
    }
    const offers = events.map((event) => event.offers as { availability: string; url: string });
    // The upcoming demo events first: one to book (at its booking page), one full, one free.
    expect(offers.slice(0, 3)).toEqual([
      expect.objectContaining({
        availability: "https://schema.org/InStock",
        url: `${baseURL}/reservation?evento=dia-del-nino`,
      }),
      expect.objectContaining({ availability: "https://schema.org/SoldOut", url: `${baseURL}/eventos` }),
      expect.objectContaining({ availability: "https://schema.org/InStock", url: `${baseURL}/eventos` }),
    ]);
  });
});

test.describe("accessibility and hydration", () => {
  for (const path of ["/", "/?book", "/el-libro", "/eventos", "/eventos?choc"]) {
    test(`${path} has no axe violations and hydrates without errors`, async ({ page }) => {
      // React reports a failed hydration (server and browser text disagree, say) in the console.
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(error.message));
      await page.goto(path);
      // The start-up loading screen covers the page for its first 1500 ms.
      await expect(page.getByTestId("loading-screen")).toBeHidden({ timeout: 5_000 });
      await expectNoAxeViolations(page, path, { rules: "all" });
      expect(consoleErrors).toEqual([]);
    });
  }
});

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  expect,
  gotoHydrated,
  seededDataDir,
  serverDataDir,
  signUp,
  test,
  waitForLoadingScreen,
  workerPort,
} from "./support.ts";

const root = resolve(import.meta.dirname, "../..");

test.describe("HTTP behaviour", () => {
  test("/healthz answers ok while the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("every page carries the security headers and a per-response script nonce", async ({ request }) => {
    // A browser with a cookie (a first visit's page is shared, with hashes: caching.spec.ts).
    const first = await request.get("/", { headers: { Cookie: "analiticas=no" } });
    const headers = first.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // A visitor's page may be kept by the back/forward cache (caching.spec.ts tests the rest).
    expect(headers["cache-control"]).toBe("private, no-cache");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
    const html = await first.text();
    // Every inline script carries this response's nonce, and only it.
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const second = await request.get("/", { headers: { Cookie: "analiticas=no" } });
    expect(second.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  });

  test("hashed assets are cached for a year and served compressed", async ({ request, page }) => {
    await page.goto("/");
    // The framework chunk (vite.config.ts): big enough to be precompressed (tiny files are not).
    const asset = await page.locator('link[rel="modulepreload"][href*="/framework-"]').getAttribute("href");
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toMatch(/br|gzip/);
  });

  test("the live event stream is never compressed or buffered", async ({ baseURL }) => {
    const controller = new AbortController();
    const response = await fetch(`${baseURL}/api/live?topic=chapters`, {
      headers: { "Accept-Encoding": "gzip, br" },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    controller.abort();
  });

  test("an unknown path is the 404 page, with its status and a link home", async ({ page }) => {
    // /reservation is a route since issue 20 (decision 024): it leads to the next bookable event.
    for (const path of ["/section1", "/section2", "/special-event", "/no-existe/para-nada"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await expect(
      page.getByText("Algunas páginas permanecen bloqueadas hasta que completes los capítulos del libro.", {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  });

  test("robots.txt and sitemap.xml point at the site's public pages", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/personajes</loc>`);
    expect(sitemap).not.toContain("tu-perfil");
  });

  test("a cross-site form post is refused in Spanish and changes nothing", async ({ page }) => {
    await signUp(page);
    for (const path of ["/tu-perfil", "/tu-perfil.data", "/login", "/salida-a-tzintzuntzan"]) {
      const response = await page.request.post(path, {
        headers: { Origin: "https://evil.example" },
        form: { displayName: "Hackeado", age: "", clan: "0" },
      });
      expect(response.status(), path).toBe(403);
      // The document answers are the site's error page, in Spanish (issue 19: a bare "Bad Request").
      if (!path.endsWith(".data")) expect(await response.text(), path).toContain("origen no permitido");
    }
    await page.goto("/tu-perfil");
    await expect(page.getByLabel("Nombre para mostrar")).not.toHaveValue("Hackeado");
  });

  test("the session endpoints never hand page scripts the session token", async ({ page, baseURL }) => {
    await signUp(page);
    const cookie = (await page.context().cookies(baseURL)).find((entry) => entry.name.includes("session_token"))!;
    // The cookie's value is "<token>.<signature>": the token alone would be enough to steal the session.
    const token = decodeURIComponent(cookie.value).split(".")[0]!;
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      const body = await response.text();
      expect(body, path).toContain("userId");
      expect(body, path).not.toContain(token);
      expect(body, path).not.toContain('"token"');
    }
  });

  test("an oversized request body is refused", async ({ request, baseURL }) => {
    const response = await request.post("/api/send-email.php", {
      headers: { Origin: baseURL! },
      multipart: { name: "x", email: "x@example.com", comment: "a".repeat(300 * 1024) },
    });
    expect(response.status()).toBe(413);
  });
});

test.describe("the loading screen", () => {
  // Every other test skips it (support.ts); this one is about it.
  test.use({ showLoadingScreen: true, reducedMotion: "no-preference" });

  test("the loading screen covers the first 1500 ms from navigation start, then the page is usable", async ({
    page,
  }) => {
    // Its fade is a CSS animation on the page's clock: hold it the moment the element is parsed,
    // so a busy machine cannot let it run out before it is seen, then let it play.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const screen = document.querySelector('[data-testid="loading-screen"]');
        if (!screen) return;
        observer.disconnect();
        for (const animation of screen.getAnimations()) animation.pause();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/el-libro");
    const screen = page.getByTestId("loading-screen");
    await expect(screen).toBeVisible();
    // It lifts (ends hidden) 1500 ms after navigation start: the time spent before the page's
    // script ran (--splash-elapsed) is taken off the 1200 ms before the 300 ms fade.
    const { elapsed, timing } = await screen.evaluate((element) => ({
      elapsed: getComputedStyle(document.documentElement).getPropertyValue("--splash-elapsed"),
      timing: element.getAnimations().map((animation) => {
        const { delay, duration, endTime, fill } = animation.effect!.getComputedTiming();
        // Whole milliseconds: the subtraction leaves floating-point dust (913.9999…).
        const ms = (value: unknown) => Math.round(Number(value));
        return {
          delay: ms(delay),
          duration: ms(duration),
          endTime: ms(endTime),
          fill,
          paused: animation.playState === "paused",
        };
      }),
    }));
    const elapsedMs = Number(/^(\d+)ms$/.exec(elapsed.trim())?.[1]);
    expect(elapsedMs).toBeGreaterThan(0);
    expect(elapsedMs).toBeLessThan(1500);
    expect(timing).toEqual([
      { delay: 1200 - elapsedMs, duration: 300, endTime: 1500 - elapsedMs, fill: "forwards", paused: true },
    ]);
    await screen.evaluate((element) => element.getAnimations().forEach((animation) => animation.play()));
    await waitForLoadingScreen(page);
    await expect(screen).toHaveCSS("visibility", "hidden");
    // Later full loads skip it, in this tab and in a new one (once per device, decision 002).
    await page.goto("/eventos");
    await expect(page.getByTestId("loading-screen")).toBeHidden();
    await expect(page.locator("html")).toHaveClass(/splash-seen/);
    const newTab = await page.context().newPage();
    await newTab.goto("/capitulos");
    await expect(newTab.locator("html")).toHaveClass(/splash-seen/);
    expect(await newTab.getByTestId("loading-screen").evaluate((element) => getComputedStyle(element).display)).toBe(
      "none",
    );
  });

  test("a page that paints after 1500 ms is never covered", async ({ page }) => {
    // A slow connection: the page's HTML (which holds everything the first paint needs, its
    // stylesheet included) arrives 1700 ms after navigation start.
    await page.route(/\/el-libro$/, async (route) => {
      const response = await route.fetch();
      await new Promise((done) => setTimeout(done, 1700));
      await route.fulfill({ response });
    });
    await page.goto("/el-libro");
    await expect(page.locator("html")).toHaveClass(/splash-seen/);
    expect(await page.getByTestId("loading-screen").evaluate((element) => getComputedStyle(element).display)).toBe(
      "none",
    );
    // Not shown, so not counted as seen: the next first paint in time still gets it.
    expect(await page.evaluate(() => localStorage.getItem("splash-visto"))).toBeNull();
  });
});

test.describe("layout", () => {
  test("the navbar highlights the current section and the body carries its class", async ({ page }) => {
    await gotoHydrated(page, "/eventos");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Eventos" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("body")).toHaveClass(/section-eventos/);
    await nav.getByRole("link", { name: "Capítulos" }).click();
    await expect(page).toHaveURL(/\/capitulos$/);
    await expect(nav.getByRole("link", { name: "Capítulos" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Eventos" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.locator("body")).toHaveClass(/section-capitulos/);
  });

  test("a route change scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, "/capitulos");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contacto" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("on a phone the menu opens and closes by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    const personajes = page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Personajes" });
    await expect(personajes).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
    await expect(personajes).toBeVisible();
    await personajes.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/personajes$/);
    await expect(personajes).toBeHidden();
  });

  test("the footer has a contact link, three social links, publisher logos and this year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Contacto" })).toHaveAttribute("href", "/contact");
    await expect(footer.getByRole("list", { name: "Redes sociales" }).getByRole("link")).toHaveCount(3);
    await expect(footer.getByRole("img", { name: "Editorial Luna" })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });
});

test.describe("the embedded database belongs to one process", () => {
  test("a second server on the running server's data directory stops with a clear message", async () => {
    const child = spawn(process.execPath, [join(root, "server/main.ts")], {
      env: {
        ...process.env,
        PORT: String(workerPort(12)),
        DATA_DIR: serverDataDir(),
        DATABASE_URL: "",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => child.on("exit", done));
    expect(code).toBe(1);
    expect(output).toContain("ya está abierta por otro proceso");
  });

  test("a stopped server releases its lock and closes the database on SIGTERM", async () => {
    // It starts a whole server of its own (on a copy of the run's seeded database).
    test.slow();
    const dataDir = seededDataDir("mictlan-shutdown-");
    const port = workerPort(13);
    const child = spawn(process.execPath, [join(root, "server/main.ts")], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    // Never left running when the test fails before stopping it.
    const exited = new Promise<number | null>((done) => child.on("exit", done));
    const killIfRunning = () => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL");
    process.once("exit", killIfRunning);
    try {
      await expect
        .poll(async () => (await fetch(`http://localhost:${port}/healthz`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
    } catch (error) {
      killIfRunning();
      throw error;
    }
    // A reader with a live stream open must not keep the server from stopping.
    const controller = new AbortController();
    // Its headers have arrived: the stream is open on the server (and stays open until aborted).
    const stream = await fetch(`http://localhost:${port}/api/live?topic=chapters`, { signal: controller.signal });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    child.kill("SIGTERM");
    const code = await exited;
    controller.abort();
    expect(code).toBe(0);
    expect(existsSync(join(dataDir, "db.lock"))).toBe(false);
  });
});

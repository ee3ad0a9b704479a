import { createHash } from "node:crypto";
import { get } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { APIResponse } from "@playwright/test";
import { expect, signUp, siteServer, test, uniqueWord } from "./support.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
async function pngSize(response: APIResponse) {
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("production rendering", () => {
  test("the server renders with React's production build (issue 14)", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.headers()["x-react-build"]).toBe("production");
  });
});

test.describe("web app manifest", () => {
  test("the linked manifest is served, in Spanish, with its icons", async ({ request, page }) => {
    await page.goto("/");
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");

    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Valentina y Taquito",
      lang: "es",
      start_url: "/",
      display: "standalone",
      theme_color: themeColor,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(20);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && entry.type === "image/png");
      expect(icon, `${size} px icon`).toBeDefined();
      const image = await request.get(icon!.src);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(await pngSize(image)).toEqual({ width: size, height: size });
    }
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);

    // iOS ignores the manifest's icons: its own link, 180 px.
    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const apple = await request.get(appleHref!);
    expect(apple.status()).toBe(200);
    expect(await pngSize(apple)).toEqual({ width: 180, height: 180 });
  });
});

test.describe("cache headers", () => {
  test("a first visit's pages may be kept by a CDN, with their inline code named by hash, not by a nonce", async ({
    request,
  }) => {
    for (const page of ["/", "/personajes", "/capitulos", "/salida-a-tzintzuntzan", "/login"]) {
      // An address of its own (other tests visit the page too). Twice: rendered (miss), then
      // from the instance's memory (hit); both shareable alike.
      const path = `${page}?cdn=${uniqueWord()}`;
      for (const round of ["miss", "hit"]) {
        const response = await request.get(path);
        const headers = response.headers();
        expect(response.status(), path).toBe(200);
        expect(headers["x-cache"], `${path} ${round}`).toBe(round);
        expect(headers["cache-control"], path).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
        expect(headers["vary"], path).toBe("Accept-Encoding, Cookie");
        const policy = headers["content-security-policy"]!;
        expect(policy, path).not.toContain("'nonce-");
        // Every inline script of the page is allowed by its hash, and nothing else inline.
        const html = await response.text();
        const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.split(" ");
        const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
          .map((match) => match[1]!)
          .filter((text) => text.trim());
        expect(inline.length, path).toBeGreaterThan(0);
        for (const text of inline) expect(scriptSources, path).toContain(`'sha256-${sha256(text)}'`);
        expect(scriptSources.filter((source) => source.startsWith("'sha256-")).length).toBe(new Set(inline).size);
      }
    }
  });

  test("a visitor with a cookie gets a page for them alone: nonce, and no shared cache", async ({ request }) => {
    for (const path of ["/", "/salida-a-tzintzuntzan"]) {
      const response = await request.get(path, { headers: { Cookie: "analiticas=no" } });
      expect(response.headers()["cache-control"], path).toBe("private, no-cache");
      expect(response.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
    }
  });

  test("a first visit in a browser runs every inline script under the hashed policy", async ({ browser }) => {
    // No cookie, no stored state: a reader straight from a QR code, through a CDN.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    for (const path of ["/", "/salida-a-tzintzuntzan", "/personajes"]) {
      const response = await page.goto(`${siteServer().baseURL}${path}`);
      expect(response!.headers()["cache-control"], path).toContain("s-maxage=");
      // React hydrated: the deferred module scripts ran (the after-paint loader re-creates them).
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    }
    expect(refused).toEqual([]);
    await context.close();
  });

  test("signed-in pages, the profile and the admin panel are never stored, nor marked shareable", async ({ page }) => {
    await signUp(page);
    for (const path of ["/", "/salida-a-tzintzuntzan", "/personajes", "/capitulos", "/tu-perfil", "/adminpanel"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.headers()["content-type"], path).toContain("text/html");
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      expect(response.headers()["cache-control"], path).not.toMatch(/public|s-maxage/);
      expect(response.headers()["content-security-policy"], path).toMatch(/'nonce-[^']+'/);
    }
  });

  test("hashed assets take the fast path: immutable, precompressed, no per-request headers", async ({
    request,
    page,
  }) => {
    await page.goto("/");
    // The framework chunk (vite.config.ts): big enough to be precompressed (tiny files are not).
    const asset = (await page.locator('link[rel="modulepreload"][href*="/framework-"]').getAttribute("href"))!;
    const identity = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
    const brotli = await request.get(asset, { headers: { "Accept-Encoding": "gzip, br" } });
    const gzip = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
    for (const response of [identity, brotli, gzip]) {
      const headers = response.headers();
      expect(response.status()).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(headers["vary"]).toBe("Accept-Encoding");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      // Same bytes for everyone: no nonce, no CSP, no request id.
      expect(headers["content-security-policy"]).toBeUndefined();
      expect(headers["x-request-id"]).toBeUndefined();
    }
    expect(identity.headers()["content-encoding"]).toBeUndefined();
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    // The precompressed files, whole (Playwright decodes the body): smaller than the original.
    expect(Number(brotli.headers()["content-length"])).toBeLessThan(Number(identity.headers()["content-length"]));
    expect(await brotli.text()).toBe(await identity.text());
    expect(await gzip.text()).toBe(await identity.text());

    const revalidated = await request.get(asset, { headers: { "If-None-Match": identity.headers()["etag"]! } });
    expect(revalidated.status()).toBe(304);

    // A name that is not in the build goes on to the app's 404.
    const missing = await request.get("/assets/no-existe-123.js");
    expect(missing.status()).toBe(404);
  });
});

test.describe("visitors' pages from memory", () => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1]!;

  /** A page's bytes as the server sent them (Playwright's client would decode them). */
  const rawGet = (url: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", fail);
      }).on("error", fail);
    });

  test("a kept page goes out in Brotli or gzip, compressed once at the maximum, with this response's nonce", async ({
    baseURL,
  }) => {
    // A visitor who answered the analytics banner: a page for them alone, with a nonce.
    const url = `${baseURL}/salida-a-tzintzuntzan`;
    const Cookie = "analiticas=no";
    const asked = (acceptEncoding?: string) =>
      rawGet(url, { Cookie, ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }) });
    await asked("gzip, deflate, br, zstd");
    // Brotli is made once the page has been kept unchanged 2 s, off the main thread: gzip until then.
    await expect
      .poll(async () => (await asked("gzip, deflate, br, zstd")).headers["content-encoding"], { timeout: 10_000 })
      .toBe("br");

    const pages: string[] = [];
    const seen: string[] = [];
    const decoded = {
      br: brotliDecompressSync,
      gzip: gunzipSync,
      none: (body: Buffer) => body,
    };
    const cases = [
      ["gzip, deflate, br, zstd", "br"],
      ["br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["gzip", "gzip"],
      ["identity", "none"],
      [undefined, "none"],
    ] as const;
    for (const [acceptEncoding, coding] of cases) {
      const response = await asked(acceptEncoding);
      expect(response.headers["x-cache"], acceptEncoding).toBe("hit");
      expect(response.headers["content-encoding"] ?? "none", acceptEncoding).toBe(coding);
      expect(response.headers["vary"], acceptEncoding).toContain("Accept-Encoding");
      const nonce = nonceOf(String(response.headers["content-security-policy"]));
      const html = decoded[coding](response.body).toString();
      const nonces = [...html.matchAll(/\snonce="([^"]*)"/g)].map(([, value]) => value);
      expect(nonces.length, acceptEncoding).toBeGreaterThan(5);
      expect(new Set(nonces), acceptEncoding).toEqual(new Set([nonce]));
      expect(seen, "a nonce of its own").not.toContain(nonce);
      seen.push(nonce);
      if (coding === "gzip") {
        // No larger than gzip -9 of this very page, give or take the few nonces sent raw.
        expect(response.body.length).toBeLessThanOrEqual(gzipSync(html, { level: 9 }).length + 64);
      }
      pages.push(html.replaceAll(nonce, "NONCE"));
    }
    // The same page every time, each with its own nonce.
    expect(new Set(pages).size).toBe(1);
  });

  test("a visitor's page comes from memory, with this response's nonce", async ({ request }) => {
    // A visitor who answered the analytics banner: a page for them alone (nonce, private).
    const Cookie = "analiticas=no";
    await request.get("/personajes", { headers: { Cookie } });
    const responses = [
      await request.get("/personajes", { headers: { Cookie } }),
      await request.get("/personajes", { headers: { Cookie } }),
    ];
    const bodies: string[] = [];
    for (const response of responses) {
      expect(response.status()).toBe(200);
      expect(response.headers()["x-cache"]).toBe("hit");
      expect(response.headers()["cache-control"]).toBe("private, no-cache");
      const nonce = nonceOf(response.headers()["content-security-policy"]!);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      bodies.push(html.replaceAll(nonce, "NONCE"));
    }
    // The same page, with a different nonce each time.
    expect(bodies[0]).toBe(bodies[1]);
    expect(nonceOf(responses[0]!.headers()["content-security-policy"]!)).not.toBe(
      nonceOf(responses[1]!.headers()["content-security-policy"]!),
    );
  });

  test("signed-in pages always render fresh", async ({ page }) => {
    await signUp(page);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await page.request.get("/personajes");
      expect(response.headers()["x-cache"]).toBeUndefined();
      expect(await response.text()).toContain("Salir");
    }
  });

  test("a new comment is on the next visitor's page at once", async ({ page, request }) => {
    const chapter = "/salida-a-tzintzuntzan";
    await request.get(chapter);
    expect((await request.get(chapter)).headers()["x-cache"]).toBe("hit");
    const text = `Visible para visitantes ${uniqueWord()}`;
    await signUp(page);
    await page.goto(chapter);
    await page.getByRole("textbox").fill(text);
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.getByText(text)).toBeVisible();
    const after = await request.get(chapter);
    expect(after.headers()["x-cache"]).toBe("miss");
    expect(await after.text()).toContain(text);
  });
});

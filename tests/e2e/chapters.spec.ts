import { CHAPTER_PATHS, SPECIAL_CHAPTER_PATH } from "../../db/seed/chapter-paths.ts";
import { expect, gotoHydrated, newContext, signUp, signUpWith, test, waitForLive } from "./support.ts";
import { elementsWithClass, headingOf } from "./server-html.ts";

const token = (number: number) => `/${CHAPTER_PATHS.find((chapter) => chapter.number === number)!.token}`;

/** Whether an HTML answer has a link to `href` whose text is `text`. */
const hasLink = (html: string, text: string, href: string) =>
  new RegExp(`<a [^>]*href="${href}"[^>]*>${text}</a>`).test(html);

test.describe("chapter list", () => {
  test("shows the 14 chapters in order, chapter 1 free, all open by default, no special card for visitors", async ({
    page,
  }) => {
    await page.goto("/capitulos");
    const cards = page.locator(".chapter-card");
    await expect(cards).toHaveCount(14);
    await expect(cards.first()).toContainText("Capítulo 1");
    await expect(cards.first()).toContainText("Gratis");
    await expect(cards.nth(13)).toContainText("Capítulo 14");
    await expect(page.getByText("Bloqueado")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Salida a Tzintzuntzan" })).toHaveAttribute(
      "href",
      "/salida-a-tzintzuntzan",
    );
    await expect(page.getByRole("link", { name: "El Mictlán" })).toHaveAttribute("href", "/el-mictlan");
    await expect(page.getByText("Capítulo Especial")).toHaveCount(0);
  });

  test("the special card shows with exactly 2 unlocked chapters and goes with a third", async ({ page }) => {
    await signUp(page);
    // Visiting a token path unlocks its chapter on the server (the page's loader).
    for (const number of [2, 3]) expect((await page.request.get(token(number))).status()).toBe(200);
    await page.goto("/capitulos");
    const special = page.locator(".chapter-card-special");
    await expect(special).toContainText("Ahora que terminaste el libro...");
    await expect(special.getByRole("link", { name: "Capítulo Especial" })).toHaveAttribute(
      "href",
      "/capitulo-especial",
    );
    expect((await page.request.get(token(4))).status()).toBe(200);
    // Gone from the list the server sends (the 14 chapters' cards still there).
    const list = await (await page.request.get("/capitulos")).text();
    expect(elementsWithClass(list, "chapter-card")).toBe(14);
    expect(elementsWithClass(list, "chapter-card-special")).toBe(0);
  });
});

test.describe("chapter pages", () => {
  test("chapter 1 opens for visitors by its token, which turns into its slug in the address bar", async ({ page }) => {
    const response = await page.goto(token(1));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 1: Salida a Tzintzuntzan");
    await expect(page).toHaveURL(/\/salida-a-tzintzuntzan$/);
    // The slug opens the same page on a reload: the server answers it.
    const reloaded = await page.request.get("/salida-a-tzintzuntzan");
    expect(reloaded.status()).toBe(200);
    expect(headingOf(await reloaded.text())).toBe("Capítulo 1: Salida a Tzintzuntzan");
    await expect(page.getByRole("link", { name: "← Volver a los capítulos" })).toHaveAttribute("href", "/capitulos");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/salida-a-tzintzuntzan$/);
  });

  test("a thumbnail opens the large image with its description; Escape closes it", async ({ page }) => {
    await gotoHydrated(page, "/salida-a-tzintzuntzan");
    const thumbnail = page.getByRole("button", { name: /Ver en grande: El lago de Pátzcuaro/ });
    await thumbnail.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: "El lago de Pátzcuaro entre campos de cempasúchil" })).toBeVisible();
    await expect(dialog).toContainText("charola de plata");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });

  test("token chapters need sign-in; a visitor goes to /login and back", async ({ request }) => {
    // The server's redirect (followed): no page to render.
    const response = await request.get(token(2));
    expect(response.status()).toBe(200);
    expect(response.url()).toMatch(new RegExp(`/login\\?redirectTo=${encodeURIComponent(token(2))}$`));
  });

  test("second-layout chapters show their number image, two captioned images and their own prompt", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto(token(9));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo 9: El juego de pelota");
    // The number image is decoration: the heading beside it says 'Capítulo 9' in words.
    await expect(page.locator("img.chapter-number")).toBeVisible();
    await expect(page.locator("img.chapter-number")).toHaveAttribute("alt", "");
    await expect(page.locator("figure figcaption")).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`${token(9)}$`));
    await expect(page.getByRole("textbox", { name: /\?$/ })).toBeVisible();
  });

  test("chapter 10 has its own background; Camazotz is the image-only page", async ({ page }) => {
    await signUp(page);
    await page.goto(token(10));
    await expect(page.locator(".chapter-page")).toHaveClass(/chapter-bg-noche/);
    await page.goto("/camazotz");
    await expect(page.locator(".chapter-body")).toHaveText("Huele a sangre...");
  });

  test("/section3 is a placeholder chapter behind sign-in", async ({ page }) => {
    // The server's redirect (followed), before signing in: no page to render.
    expect((await page.request.get("/section3")).url()).toMatch(/\/login\?redirectTo=%2Fsection3$/);
    await signUp(page);
    await page.goto("/section3");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capítulo de muestra");
    await expect(page.getByRole("link", { name: "Capítulos" })).toHaveAttribute("aria-current", "page");
  });

  test("the special chapter answers at its long path", async ({ request }) => {
    await signUpWith(request);
    const response = await request.get(SPECIAL_CHAPTER_PATH);
    expect(response.status()).toBe(200);
    // It has no number: its heading is its title alone.
    expect(headingOf(await response.text())).toBe("Capítulo especial");
  });

  test("a chapter's heading names it as its tab title and the passport do: 'Capítulo 1' above the title", async ({
    page,
  }) => {
    // Chapters 2–14 need an account.
    await signUp(page);
    for (const [path, number, title] of [
      ["/salida-a-tzintzuntzan", 1, "Salida a Tzintzuntzan"],
      ["/patzcuaro", 5, "Pátzcuaro"],
      ["/el-mictlan", 7, "El Mictlán"],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      // Read aloud and shown alike: 'Capítulo 1: Salida a Tzintzuntzan', the tab title's words
      // (a screen reader may hear a space before the colon, where the number's line ends).
      await expect(heading).toHaveText(`Capítulo ${number}: ${title}`);
      await expect(heading).toHaveAccessibleName(new RegExp(`^Capítulo ${number} ?: ${title}$`));
      await expect(page).toHaveTitle(new RegExp(`^Capítulo ${number}: ${title}`));
      // On screen, the number is a small line of its own above the title.
      const numberLine = heading.getByText(`Capítulo ${number}`);
      await expect(numberLine).toBeVisible();
      const [lineBox, headingBox] = [await numberLine.boundingBox(), await heading.boundingBox()];
      expect(lineBox!.y).toBeLessThan(headingBox!.y + 4);
      expect(lineBox!.height).toBeLessThan(headingBox!.height / 2);
    }
  });
});

test.describe("what comes next", () => {
  test("a chapter page ends with where the next code is and what it opens, naming no token path", async ({ page }) => {
    const response = await page.goto("/salida-a-tzintzuntzan");
    const html = await response!.text();
    const next = page.getByRole("complementary", { name: "¿Qué sigue?" });
    await expect(next).toHaveText(
      "¿Qué sigue?Escanea el código QR al final del capítulo 2 del libro. Ese código abre el capítulo 2, «Casa de la abuela», y te presenta a La abuela Lupe.",
    );
    // The same words as chapter 2's locked card and La abuela Lupe's hint: one wording.
    for (const chapter of CHAPTER_PATHS) expect(html).not.toContain(chapter.token);
  });

  test("the last chapter says the journey is complete and points to the passport", async ({ page }) => {
    await signUp(page);
    await page.goto("/el-echendaro");
    const end = page.getByRole("complementary", { name: "¡Terminaste la aventura!" });
    await expect(end).toContainText("Ya no quedan códigos por buscar en el libro.");
    await expect(end.getByRole("link", { name: "Ver mi pasaporte" })).toHaveAttribute("href", "/pasaporte");
  });
});

test.describe("unlocks", () => {
  test("visiting a chapter's token unlocks it and its character once, with a celebration", async ({ page }) => {
    await signUp(page);
    await page.goto(token(6));
    const celebration = page.getByRole("status").getByText(/^¡Desbloqueaste/);
    await expect(celebration).toHaveText("¡Desbloqueaste Camazotz y el capítulo «Camazotz»!");
    // A second visit unlocks nothing new: no celebration.
    await page.goto(token(6));
    await page.waitForLoadState("networkidle");
    await expect(celebration).toHaveCount(0);
  });
});

test.describe("comments", () => {
  test("visitors see a prompt to log in instead of the box", async ({ page }) => {
    await page.goto("/salida-a-tzintzuntzan");
    await expect(page.getByRole("link", { name: "Ingresa para dejar tu comentario." })).toBeVisible();
    await expect(page.locator("textarea")).toHaveCount(0);
  });

  test("a comment appears for every reader of the page without a reload, as text", async ({ page, browser }) => {
    await signUp(page);
    await page.goto(token(12));
    await expect(page.getByRole("heading", { name: "¡El primer comentario es tuyo!" })).toBeVisible();
    await expect(page.getByText("Recuerda mantener una conversación en respeto")).toBeVisible();
    // Hydrated (the live stream opens from an effect): the button's own handler is in place.
    await waitForLive(page);

    const otherContext = await newContext(browser);
    const other = await otherContext.newPage();
    await signUp(other);
    await other.goto(token(12));
    await expect(other.getByRole("heading", { name: "¡El primer comentario es tuyo!" })).toBeVisible();
    await waitForLive(other);

    // Blank text is silently not sent: the only comment the server ever gets is the real one.
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes(".data")) posted.push(request.postData() ?? "");
    });
    const box = page.getByRole("textbox");
    await box.fill("    ");
    await page.getByRole("button", { name: "Comentar" }).click();

    await box.fill("<b>¡Qué valiente es Taquito!</b>");
    await page.getByRole("button", { name: "Comentar" }).click();
    await expect(page.getByRole("heading", { name: "Lo que otros lectores opinan" })).toBeVisible();
    await expect(page.locator(".comment-text").first()).toHaveText("<b>¡Qué valiente es Taquito!</b>");
    await expect(box).toHaveValue("");
    expect(posted).toHaveLength(1);
    expect(decodeURIComponent(posted[0]!.replace(/\+/g, " "))).toContain("¡Qué valiente es Taquito!");

    await expect(other.locator(".comment-text").first()).toHaveText("<b>¡Qué valiente es Taquito!</b>");
    await expect(other.getByRole("heading", { name: "Lo que otros lectores opinan" })).toBeVisible();
    await expect(other.locator(".comment time").first()).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}/);
    await otherContext.close();
  });

  test("a signed-in reader's first view of a chapter comes whole: its celebration and comment box in place, nothing left for a script to move", async ({
    request,
  }) => {
    await signUpWith(request);
    const html = await (await request.get(token(7))).text();
    // React's outlined boundaries: an empty placeholder where the part belongs and a hidden copy
    // at the end of the page, for an inline script to swap in after the first paint.
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toMatch(/<div hidden id="S:\d+">/);
    expect(html.match(/<textarea id="comment-text"/g)).toHaveLength(1);
    expect(html).toMatch(/id="comments-title"[^>]*>[^<]*<\/h2><!--\$--><form class="comment-form"/);
    expect(html).toMatch(/<div class="unlock-toast-region" aria-live="polite"><!--\$--><div class="unlock-toast"/);
  });

  test("the server refuses a comment over 1000 characters and stores nothing", async ({ request, baseURL }) => {
    // All on the server: what it answers and what the chapter's page then holds.
    await signUpWith(request);
    expect((await request.get(token(13))).status()).toBe(200);
    const response = await request.post(`${token(13)}.data`, {
      headers: { Origin: baseURL! },
      form: { intent: "comment", text: "a".repeat(1001) },
    });
    expect(response.status()).toBe(400);
    const page = await (await request.get(token(13))).text();
    expect(page).toContain("¡El primer comentario es tuyo!");
    expect(page).not.toContain("a".repeat(1000));
  });
});

test.describe("QR codes", () => {
  // What the server answers a scan: no page needs rendering for these three.
  test("a scanned chapter code lands on the chapter in one redirect", async ({ request }) => {
    const response = await request.get("/qr/capitulo-1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(token(1));
    const landed = await request.get("/qr/capitulo-1");
    expect(landed.status()).toBe(200);
    expect(headingOf(await landed.text())).toBe("Capítulo 1: Salida a Tzintzuntzan");
  });

  test("an unknown code says 'Invalid Code' with a link home", async ({ request }) => {
    const response = await request.get("/qr/no-existe");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(headingOf(html)).toBe("Invalid Code");
    expect(hasLink(html, "Volver al inicio", "/")).toBe(true);
  });

  test("an expired code says 'Expired Code' with links home and to contact", async ({ request }) => {
    for (const code of ["event", "future"]) {
      const response = await request.get(`/qr/${code}`);
      expect(response.status()).toBe(410);
      const html = await response.text();
      expect(headingOf(html)).toBe("Expired Code");
      expect(hasLink(html, "Volver al inicio", "/"), code).toBe(true);
      expect(hasLink(html, "Contacto", "/contact"), code).toBe(true);
    }
  });

  test("an in-app check shows 'Verifying QR code...' and replaces the history entry", async ({ page }) => {
    await gotoHydrated(page, "/eventos");
    // The check is held until the spinner has been seen, then let through: no race with timing.
    let releaseCheck = () => {};
    let checkStarted = () => {};
    const checkHeld = new Promise<void>((started) => (checkStarted = started));
    await page.route("**/qr/book.data*", async (route) => {
      checkStarted();
      await new Promise<void>((release) => (releaseCheck = release));
      await route.continue();
    });
    // Not awaited inside the page: navigate() resolves only once the navigation has finished.
    await page.evaluate(() => {
      void (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/qr/book");
    });
    await checkHeld;
    await expect(page.getByText("Verifying QR code...").first()).toBeVisible();
    releaseCheck();
    await expect(page).toHaveURL(/\/\?book$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/eventos$/);
  });
});

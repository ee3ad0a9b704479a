import { GOOGLE_TEST_ACCOUNT } from "../support/oidc-server.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  adminCommand,
  expect,
  newContext,
  finishGoogleSignIn,
  gotoHydrated,
  signUp,
  signUpAdmin,
  signUpThroughForm,
  test,
  uniqueEmail,
  waitForLive,
} from "./support.ts";

// Sign-up and sign-in through the forms are what this file is about; elsewhere readers sign up
// through the endpoint (support.ts). Signed-up-then-signed-out readers are made with the
// endpoint plus cleared cookies, except where the Salir button itself is under test.

test.describe("sign-up, sign-in and sign-out", () => {
  test("a new reader creates an account and sees their name and Tu perfil in the navbar", async ({ page }) => {
    const email = await signUpThroughForm(page, uniqueEmail("valeria"));
    const nav = page.getByRole("navigation", { name: "Principal" });
    // No display name chosen yet: their apodo, never the e-mail nor its local part (issue 39).
    await expect(nav.getByTestId("navbar-user")).not.toHaveText(email.split("@")[0]!);
    // A made-up apodo: words ("Guacamaya de Maíz") and two digits.
    await expect(nav.getByTestId("navbar-user")).toHaveText(/^[\p{L} ]+ \d{2}$/u);
    await expect(nav.getByRole("link", { name: "Tu perfil" })).toHaveAttribute("href", "/tu-perfil");
    await expect(nav.getByRole("link", { name: "Ingresar" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Add Character" })).toHaveCount(0);
  });

  test("the login page toggles between log-in and create-account through a link; the sign-up page is titled 'Crea tu cuenta', the log-in page 'Ingresar'", async ({
    page,
  }) => {
    // The sign-up page as the server sends it (its title when opened directly).
    expect(await (await page.request.get("/login?modo=registro")).text()).toMatch(/<title>Crea tu cuenta \| /);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingresa");
    await expect(page).toHaveTitle(/^Ingresar \| /);
    await page.getByRole("link", { name: "Crea una cuenta" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crea tu cuenta");
    await expect(page).toHaveTitle(/^Crea tu cuenta \| /);
    await page.getByRole("link", { name: "Ingresa", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingresa");
    await expect(page).toHaveTitle(/^Ingresar \| /);
  });

  test("the login page says what an account gives, and why when a chapter sent the reader", async ({ page }) => {
    await page.goto("/login");
    const benefits = page.getByRole("region", { name: "Con tu cuenta puedes:" });
    await expect(benefits.getByRole("listitem")).toHaveText([
      "Guardar en tu pasaporte los capítulos y personajes que encuentras con los códigos QR del libro.",
      "Comentar los capítulos.",
      "Unirte a un clan del inframundo.",
      // Issue 39: an adult arriving here learns that families and classes can join.
      "Si eres una persona adulta: añadir a tus hijas e hijos, o a toda tu clase, como lectores, cada quien con su apodo y sin correo.",
    ]);
    await expect(benefits.getByRole("link", { name: "tu pasaporte" })).toHaveAttribute("href", "/pasaporte");
    await expect(page.getByText("Inicia sesión para abrir este capítulo")).toHaveCount(0);

    // A members' chapter (as after scanning its code) sends a visitor here, and the page says why.
    await page.goto("/casa-de-la-abuela");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await expect(page.getByText("Inicia sesión para abrir este capítulo y guardar lo que desbloqueas.")).toBeVisible();
  });

  test("a wrong password shows the browser alert 'Error: ' plus the message, and no session", async ({ page }) => {
    const email = await signUp(page);
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill("no-es-la-clave");
    // Every alert is answered, so none can hold the page (a click before hydration posts the form
    // natively; the answer's page then hydrates with the error).
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect.poll(() => alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts)).toEqual(new Set(["Error: Correo o contraseña incorrectos."]));
    await expect(page.getByRole("button", { name: "Salir" })).toHaveCount(0);
  });

  test("the sign-up form says what makes a good password before the first try, and still after a refusal", async ({
    page,
  }) => {
    await page.goto("/login?modo=registro");
    const password = page.getByLabel("Contraseña");
    const advice =
      "Usa al menos 8 letras o números. Lo mejor es juntar tres o cuatro palabras que nadie pondría juntas. No uses tu nombre, tu correo ni cosas fáciles de adivinar como «12345678» o «contraseña».";
    // Before anything is sent: visible under the field, and read with it (its description).
    await expect(page.getByText(advice)).toBeVisible();
    await expect(password).toHaveAccessibleDescription(advice);

    // A password the strength check refuses: the reason, and the advice still beside it.
    await page.getByLabel("Correo electrónico").fill(uniqueEmail());
    await password.fill("12345678");
    await page.getByLabel("Año de nacimiento").selectOption(String(ADULT_BIRTH_YEAR));
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.locator("#password-error")).toContainText("Esa contraseña es muy fácil de adivinar.");
    await expect(password).toHaveAccessibleDescription(
      /^Esa contraseña es muy fácil de adivinar\..*Usa al menos 8 letras/,
    );
    await expect(page.getByText(advice)).toBeVisible();

    // Signing in asks for the password the reader has: no advice there.
    await page.goto("/login");
    await expect(page.getByText(advice)).toHaveCount(0);
  });

  test("the server refuses a malformed e-mail and a short new password beside the fields", async ({ page }) => {
    await page.goto("/login?modo=registro");
    // Bypass the browser's own checks to see the server's answer.
    await page
      .locator("form")
      .last()
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await page.getByLabel("Contraseña").fill("corta");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.locator("#email-error")).toHaveText(
      "Escribe un correo electrónico válido, como nombre@ejemplo.com.",
    );
    await expect(page.locator("#password-error")).toHaveText("La contraseña debe tener al menos 8 caracteres.");
  });

  test("a protected page sends a visitor to /login and back after signing in", async ({ page }) => {
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/tu-perfil");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftu-perfil$/);
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page).toHaveURL(/\/tu-perfil$/);
    await expect(page.getByRole("heading", { name: "Tu perfil" })).toBeVisible();
  });

  test("Ingresar from a page brings the reader back to that page", async ({ page }) => {
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/eventos");
    await page.getByRole("link", { name: "Ingresar" }).click();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    await expect(page).toHaveURL(/\/eventos$/);
  });

  test("after Salir the old session cookie is refused", async ({ page, context }) => {
    await signUp(page);
    const cookie = (await context.cookies()).find((entry) => entry.name.includes("session_token"));
    expect(cookie).toBeTruthy();
    await page.goto("/");
    await page.getByRole("button", { name: "Salir" }).click();
    await expect(page.getByRole("link", { name: "Ingresar" })).toBeVisible();
    // Put the old cookie back: the server must not accept it any more.
    await context.addCookies([cookie!]);
    const response = await page.request.get("/tu-perfil", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toContain("/login");
  });

  test("Google sign-in (a local OpenID Connect server) signs the reader in and returns them", async ({ page }) => {
    await gotoHydrated(page, "/login?redirectTo=%2Feventos");
    const google = page.getByRole("button", { name: /Continuar con Google/ });
    await expect(google).toContainText("Recomendado");
    await expect(google).toBeEnabled();
    await google.click();
    await finishGoogleSignIn(page, "/eventos");
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.getByTestId("navbar-user")).toHaveText(GOOGLE_TEST_ACCOUNT.name);
  });
});

test.describe("sign-in methods that are off", () => {
  test("are not offered, let alone recommended: without Google only the e-mail form shows", async ({
    browser,
    siteWithoutOptionalServices: site,
  }) => {
    // Starting a second site takes a while on a busy machine.
    test.setTimeout(120_000);
    // The worker's site without Google (nor the other optional services: support.ts).
    const context = await newContext(browser, { baseURL: site.baseURL });
    try {
      const page = await context.newPage();
      // Log-in, then create-account through its link.
      await page.goto("/login");
      for (const heading of ["Ingresa", "Crea tu cuenta"]) {
        if (heading !== "Ingresa") await page.getByRole("link", { name: "Crea una cuenta" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
        await expect(page.getByText("Recomendado")).toHaveCount(0);
        await expect(page.getByText("o con tu correo")).toHaveCount(0);
        await expect(page.getByLabel("Correo electrónico")).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("profile", () => {
  test("saves name, age and clan; the clan changes the look; invalid values stay unsaved", async ({ page }) => {
    await signUp(page);
    // The clan's preview is the hydrated page's: wait for it before choosing.
    await gotoHydrated(page, "/tu-perfil");
    await expect(
      page.getByText("No mostraremos tu edad en el sitio, es solo para fines de personalización."),
    ).toBeVisible();

    await page.getByLabel("Clan", { exact: true }).selectOption({ label: "Xibalba" });
    const background = () =>
      page.locator(".profile-page").evaluate((element) => getComputedStyle(element).backgroundImage);
    await expect(page.locator(".profile-page")).toHaveClass(/clan-bg-3/);
    await expect(page.getByRole("heading", { name: /Clan Xibalba/ })).toBeVisible();
    const xibalba = await background();
    expect(xibalba).toContain("gradient");
    await page.getByLabel("Clan", { exact: true }).selectOption({ label: "Echéndaro" });
    await expect.poll(background).not.toBe(xibalba);
    await page.getByLabel("Clan", { exact: true }).selectOption({ label: "Xibalba" });

    await page.getByLabel("Nombre para mostrar").fill("   ");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.locator("#displayName-error")).toHaveText("Escribe tu nombre para mostrar.");

    await page.getByLabel("Nombre para mostrar").fill("Vale la Valiente");
    await page.getByLabel("Edad").fill("130");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.locator("#age-error")).toHaveText("La edad debe ser un número entero entre 1 y 120.");

    await page.getByLabel("Edad").fill("11");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Profile saved successfully!")).toBeVisible();
    await expect(page.getByTestId("navbar-user")).toHaveText("Vale la Valiente");

    await page.reload();
    await expect(page.getByLabel("Nombre para mostrar")).toHaveValue("Vale la Valiente");
    await expect(page.getByLabel("Edad")).toHaveValue("11");
    await expect(page.getByLabel("Clan", { exact: true })).toHaveValue("3");
    await expect(page.locator(".profile-page")).toHaveClass(/clan-bg-3/);
  });

  test("the server refuses an invalid profile with 400 and writes nothing", async ({ page, baseURL }) => {
    await signUp(page);
    const response = await page.request.post("/tu-perfil", {
      headers: { Origin: baseURL! },
      form: { displayName: "Alguien", age: "999", clan: "9" },
    });
    expect(response.status()).toBe(400);
    // The profile page the server sends afterwards: the name is nowhere in it.
    const profile = await page.request.get("/tu-perfil", { maxRedirects: 0 });
    expect(profile.status()).toBe(200);
    expect(await profile.text()).not.toContain("Alguien");
  });

  test("the button reads 'Guardando...' while saving", async ({ page }) => {
    await signUp(page);
    // The pending label is React's: a click before hydration submits the form natively.
    await gotoHydrated(page, "/tu-perfil");
    // The save is held until the pending label has been seen (not for a fixed time).
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    await page.route("**/tu-perfil.data*", async (route) => {
      await held;
      await route.continue();
    });
    // A new account has no display name yet (never its e-mail: decision 061); the field is required.
    await page.getByLabel("Nombre para mostrar").fill("Lectora Paciente");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("button", { name: "Guardando..." })).toBeDisabled();
    release();
    await expect(page.getByText("Profile saved successfully!")).toBeVisible();
  });

  test("/profile redirects to /tu-perfil, whose link is highlighted", async ({ page }) => {
    await signUp(page);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/tu-perfil$/);
    await expect(page.getByRole("link", { name: "Tu perfil" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("admins", () => {
  test("the admin command grants, lists and refuses to revoke the last admin while the site runs", async ({ page }) => {
    const email = await signUp(page);
    expect((await adminCommand("grant", "nadie-existe@example.com")).code).toBe(1);
    const granted = await adminCommand("grant", email);
    expect(granted.code).toBe(0);
    expect((await adminCommand("list")).stdout).toContain(email);
    await page.context().clearCookies();
    const notAdmin = await signUp(page, uniqueEmail("lector"));
    const refused = await adminCommand("revoke", notAdmin);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("no es administrador");
    expect((await adminCommand("bogus")).code).toBe(2);
  });

  test("a reader gets a 403 page at /adminpanel and /add-character, and their actions write nothing", async ({
    page,
    baseURL,
  }) => {
    const email = await signUp(page);
    // The server's answers: the 403 page, as a browser gets it.
    for (const path of ["/adminpanel", "/add-character"]) {
      const response = await page.request.get(path);
      expect(response.status()).toBe(403);
      expect(await response.text()).toMatch(/<h1>No tienes permiso<\/h1>/);
    }
    const origin = baseURL!;
    const myEmailPrefix = email.split("@")[0];
    const post = await page.request.post("/adminpanel", {
      headers: { Origin: origin },
      form: { intent: "add", email: `${myEmailPrefix}@example.com` },
    });
    expect(post.status()).toBe(403);
    const list = await adminCommand("list");
    expect(list.stdout).not.toContain(`${myEmailPrefix}@`);
    expect(
      (await page.request.post("/add-character", { headers: { Origin: origin }, form: { name: "Intruso" } })).status(),
    ).toBe(403);
  });

  test("the panel adds by e-mail, refuses unknown e-mails, lists and removes with confirmation", async ({
    page,
    browser,
  }) => {
    // A second reader to promote, with a page open and listening for changes.
    const otherContext = await newContext(browser);
    const otherPage = await otherContext.newPage();
    const otherEmail = await signUp(otherPage);
    await otherPage.goto("/");
    await waitForLive(otherPage);

    await signUpAdmin(page);
    await page.goto("/adminpanel");
    await page.getByLabel("Correo de la cuenta").fill("nadie-existe@example.com");
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page.getByText("No user found with this email")).toBeVisible();

    await page.getByLabel("Correo de la cuenta").fill(otherEmail);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page.getByText("Admin added successfully")).toBeVisible();
    await expect(page.getByText(otherEmail)).toBeVisible();

    // The promoted reader's open page shows the admin menu and its link without a reload.
    await expect(otherPage.getByText("Administrar", { exact: true })).toBeVisible();
    await otherPage.getByText("Administrar", { exact: true }).click();
    await expect(otherPage.getByRole("link", { name: "Add Character" })).toBeVisible();

    // Dismissing the confirmation removes nobody.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to remove this admin?");
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: `Quitar a ${otherEmail}` }).click();
    await expect(page.getByText(otherEmail)).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Quitar a ${otherEmail}` }).click();
    await expect(page.getByText("Admin removed successfully")).toBeVisible();
    // Only the latest answer shows: the earlier 'added' no longer stands beside 'removed'.
    await expect(page.getByText("Admin added successfully")).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: otherEmail })).toHaveCount(0);
    await expect(otherPage.getByRole("link", { name: "Add Character" })).toHaveCount(0);

    // And the other way round: adding again clears 'removed'.
    await page.getByLabel("Correo de la cuenta").fill(otherEmail);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect(page.getByText("Admin added successfully")).toBeVisible();
    await expect(page.getByText("Admin removed successfully")).toHaveCount(0);
    await otherContext.close();
  });

  test("the admin link shows for admins only", async ({ page }) => {
    await signUpAdmin(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Add Character", includeHidden: true })).toHaveAttribute(
      "href",
      "/add-character",
    );
    const response = await page.request.get("/add-character");
    expect(response.status()).toBe(200);
  });

  test("at 1366 px (and from 1200 px) an admin's navbar is one row, and no link wraps onto a second line", async ({
    page,
    baseURL,
  }) => {
    await signUpAdmin(page);
    // A long name: it is cut with an ellipsis, never pushing a link onto a new row.
    const saved = await page.request.post("/tu-perfil", {
      headers: { Origin: baseURL! },
      form: { displayName: "Maximiliana de los Ángeles Sánchez-Villaseñor", age: "30", clan: "0" },
    });
    expect(saved.ok()).toBe(true);
    const nav = page.getByRole("navigation", { name: "Principal" });
    const layout = () =>
      nav.locator(".nav-link, .navbar-text, .admin-menu-item:visible, button:visible").evaluateAll((elements) =>
        elements.map((element) => {
          // The lines the text itself takes (a block's box would hide a wrap inside it).
          const range = document.createRange();
          range.selectNodeContents(element);
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
          const box = element.getBoundingClientRect();
          return {
            text: element.textContent?.trim() ?? "",
            lines: Math.round(range.getBoundingClientRect().height / lineHeight),
            middle: box.top + box.height / 2,
            right: box.right,
          };
        }),
      );
    await page.setViewportSize({ width: 1366, height: 768 });
    await gotoHydrated(page, "/adminpanel");
    // One load, resized: the menu is closed again before the second width.
    for (const width of [1366, 1200]) {
      if (width !== 1366) {
        await nav.getByText("Administrar", { exact: true }).click();
        await expect(nav.getByRole("link", { name: "Add Character" })).toBeHidden();
        await page.setViewportSize({ width, height: 768 });
      }
      await expect(nav.getByTestId("navbar-user")).toHaveText("Maximiliana de los Ángeles Sánchez-Villaseñor");
      const items = await layout();
      expect(items.map((item) => item.text)).toEqual(
        expect.arrayContaining(["Sobre el libro", "Tu perfil", "Administrar", "Salir"]),
      );
      for (const item of items) expect(item, `«${item.text}» on one line`).toMatchObject({ lines: 1 });
      // One row: every item sits at the same height as the first, inside the window.
      const first = items[0]!.middle;
      for (const item of items) {
        expect(Math.abs(item.middle - first), `«${item.text}» on the first row`).toBeLessThan(4);
        expect(item.right, `«${item.text}» inside the window`).toBeLessThanOrEqual(width);
      }
      // Opened, the admin menu's links are one line each and the row stays where it was.
      await nav.getByText("Administrar", { exact: true }).click();
      await expect(nav.getByRole("link", { name: "Add Character" })).toBeVisible();
      const opened = await layout();
      for (const item of opened) expect(item, `«${item.text}» on one line`).toMatchObject({ lines: 1 });
      expect(opened.find((item) => item.text === "Salir")?.middle).toBeCloseTo(first, 0);
    }
  });
});

test("pages behind sign-in carry robots noindex", async ({ page }) => {
  // Signed in through the server (the forms and Salir are the tests above); the page as it is sent.
  await signUp(page);
  const response = await page.request.get("/tu-perfil", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const robots = (await response.text()).match(/<meta[^>]*name="robots"[^>]*>/g) ?? [];
  expect(robots).toHaveLength(1);
  expect(robots[0]).toMatch(/content="[^"]*noindex/);
});

/**
 * Issue 12, item 8 (by hand, not by axe): a focus ring of at least 3:1 on every background,
 * Escape closes the mobile menu and gives focus back to its button, and admins get a navbar
 * link to /adminpanel (decided by the server).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, newContext, signUp, signUpAdmin, test } from "./support.ts";

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("never reached by Tab");
}

type Ring = { style: string; width: number; ringContrast: number; haloContrast: number };

/**
 * The focused element's ring: its outline against the colour just around it (the halo, a
 * box-shadow), and that colour against the background behind the element. The ring is visible
 * at 3:1 when either the ring stands out from the background (halo = background) or the ring
 * stands out from a halo that itself stands out from the background.
 */
const focusRing = (page: Page) =>
  page.evaluate((): Ring => {
    const parse = (color: string) => {
      const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
      if (!match) throw new Error(`unreadable colour ${color}`);
      return { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: match[4] ? Number(match[4]) : 1 };
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // The background behind the element: the nearest ancestor that paints one.
    let background = [255, 255, 255];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color.alpha > 0.5) {
        background = color.rgb;
        break;
      }
    }
    const ring = parse(style.outlineColor).rgb;
    const haloMatch = /rgba?\([^)]*\)/.exec(style.boxShadow);
    const halo = haloMatch ? parse(haloMatch[0]).rgb : background;
    const haloContrast = contrast(halo, background);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      // Against what surrounds the ring: the halo where it stands out, else the background.
      ringContrast: Math.max(contrast(ring, background), haloContrast >= 3 ? contrast(ring, halo) : 0),
      haloContrast,
    };
  });

async function expectVisibleRing(page: Page) {
  const ring = await focusRing(page);
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.ringContrast).toBeGreaterThanOrEqual(3);
}

test.describe("focus ring", () => {
  test("stands out at 3:1 or more on the navy navbar, the cream page, a form field and the footer", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/contact");
    const navbar = page.getByRole("navigation", { name: "Principal" });

    await tabTo(page, navbar.getByRole("link", { name: "Personajes" }));
    await expectVisibleRing(page);
    await tabTo(page, navbar.getByRole("link", { name: "Ingresar" }));
    await expectVisibleRing(page);

    await tabTo(page, page.getByLabel("Nombre"));
    await expectVisibleRing(page);
    await tabTo(page, page.getByRole("button", { name: "Enviar" }));
    await expectVisibleRing(page);

    await tabTo(page, page.locator(".site-footer a").first());
    await expectVisibleRing(page);
  });
});

test.describe("mobile menu", () => {
  test("Escape closes it and gives focus back to its button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    await tabTo(page, toggle);
    await expectVisibleRing(page);
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Cerrar menú" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const personajes = page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Personajes" });
    await expect(personajes).toBeVisible();

    // Into the menu, then Escape.
    await tabTo(page, personajes);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeFocused();
    await expect(personajes).toBeHidden();

    // Escape on the button itself closes it too.
    await page.keyboard.press("Enter");
    await expect(close).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeFocused();
    await expect(personajes).toBeHidden();
  });
});

test.describe("admin link", () => {
  test("admins reach /adminpanel from the navbar by keyboard; readers and visitors have no such link", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Administración" })).toHaveCount(0);

    await signUp(page);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Administración" })).toHaveCount(0);

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signUpAdmin(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(admin, "/");
    const navbar = admin.getByRole("navigation", { name: "Principal" });
    const link = navbar.getByRole("link", { name: "Administración", includeHidden: true });
    await expect(link).toHaveAttribute("href", "/adminpanel");
    // The admin pages sit behind 'Administrar': Enter opens it, Escape closes it onto itself.
    const menu = navbar.locator("summary", { hasText: "Administrar" });
    await tabTo(admin, menu);
    await expectVisibleRing(admin);
    await admin.keyboard.press("Enter");
    await expect(link).toBeVisible();
    await admin.keyboard.press("Escape");
    await expect(link).toBeHidden();
    await expect(menu).toBeFocused();
    await admin.keyboard.press("Enter");
    await tabTo(admin, link, 3);
    await expectVisibleRing(admin);
    await admin.keyboard.press("Enter");
    await expect(admin).toHaveURL(/\/adminpanel$/);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Administradores");
    await expect(link).toHaveAttribute("aria-current", "page");
    await adminContext.close();
  });
});

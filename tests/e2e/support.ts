import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const port = process.env.E2E_PORT ?? "3210";

export const PASSWORD = "cempasuchil-2025";

export const uniqueEmail = (name = "lectora") => `${name}.${randomBytes(4).toString("hex")}@example.com`;

/** The running test server's data directory (written by tests/support/e2e-server.ts). */
export function serverDataDir(): string {
  const state = JSON.parse(
    readFileSync(join(process.env.E2E_STATE_DIR ?? tmpdir(), `mictlan-e2e-${port}.json`), "utf8"),
  ) as { dataDir: string };
  return state.dataDir;
}

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

/** The 1500 ms loading screen covers the page on a tab's first load. */
export async function waitForLoadingScreen(page: Page) {
  await expect(page.getByTestId("loading-screen")).toBeHidden({ timeout: 5000 });
}

export async function signUp(page: Page, email = uniqueEmail(), password = PASSWORD) {
  await page.goto("/login?modo=registro");
  await waitForLoadingScreen(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await waitForLoadingScreen(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
}

/** A signed-in admin: signs up, then the admin command grants the role. */
export async function signUpAdmin(page: Page) {
  const email = await signUp(page, uniqueEmail("admin"));
  const result = await adminCommand("grant", email);
  expect(result.code, result.stderr).toBe(0);
  return email;
}

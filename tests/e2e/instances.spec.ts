import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  newContext,
  test,
  uniqueEmail,
  uniqueWord,
  waitForLive,
  workerPort,
} from "./support.ts";

// DESIGN.md: several app instances on one PostgreSQL, fanned out through LISTEN/NOTIFY.
const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs TEST_DATABASE_URL (a PostgreSQL server)");
// Both tests in one worker, in order: one database and one pair of instances for the two.
test.describe.configure({ mode: "default" });

const root = resolve(import.meta.dirname, "../..");
// Ports of this worker's own (support.ts workerPort).
const ports = [workerPort(10), workerPort(11)];
const databaseName = `mictlan_instances_${randomBytes(4).toString("hex")}`;
const processes: ChildProcess[] = [];
const chapter12 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 12)!.token}`;
const chapter6 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 6)!.token}`;
// Open to visitors (no sign-in needed).
const chapter1 = `/${CHAPTER_PATHS.find((chapter) => chapter.number === 1)!.token}`;

async function waitForHealth(port: number) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`instance on ${port} did not start`);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  const secret = randomBytes(32).toString("hex");
  // Both start at once: migrations are serialised by an advisory lock, the seed by its check.
  for (const port of ports) {
    const child = spawn(process.execPath, [resolve(root, "server/main.ts")], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url.href,
        SITE_URL: `http://localhost:${port}`,
        AUTH_SECRET: secret,
        CHAPTERS_FORCE_UNLOCKED: "false",
        RATE_LIMIT_MULTIPLIER: "100",
        LOG_LEVEL: "warn",
        // No mail server: sign-ups sign in at once, without a confirmation e-mail.
        SMTP_URL: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    processes.push(child);
  }
  await Promise.all(ports.map(waitForHealth));
});

test.afterAll(async () => {
  // Wait for both to stop (closing their pools) before dropping the database under them.
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once("exit", () => done());
          child.kill("SIGTERM");
        }),
    ),
  );
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

/** Signs a new reader up on the instance at `port`, through better-auth's endpoint. */
async function signUpOn(page: Page, port: number) {
  const origin = `http://localhost:${port}`;
  const email = uniqueEmail();
  const response = await page.request.post(`${origin}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: email.split("@")[0], birthYear: ADULT_BIRTH_YEAR },
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a comment posted through one instance reaches a reader connected to the other", async ({ browser }) => {
  const readerContext = await newContext(browser);
  const writerContext = await newContext(browser);
  const reader = await readerContext.newPage();
  const writer = await writerContext.newPage();
  await signUpOn(reader, ports[0]!);
  await signUpOn(writer, ports[1]!);

  await reader.goto(`http://localhost:${ports[0]}${chapter12}`);
  await expect(reader.getByRole("heading", { name: "¡El primer comentario es tuyo!" })).toBeVisible();
  await waitForLive(reader);

  await writer.goto(`http://localhost:${ports[1]}${chapter12}`);
  await writer.getByRole("textbox").fill("Escrito desde la otra instancia");
  await writer.getByRole("button", { name: "Comentar" }).click();

  await expect(reader.locator(".comment-text").first()).toHaveText("Escrito desde la otra instancia");
  await readerContext.close();
  await writerContext.close();
});

test("an unlock recorded through one instance is seen through the other", async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signUpOn(page, ports[0]!);
  await page.goto(`http://localhost:${ports[1]}/capitulos`);
  const card = page
    .locator(".chapter-card")
    .filter({ has: page.locator(".chapter-card-number", { hasText: /^Capítulo 6$/ }) });
  await expect(card).toContainText("Bloqueado");

  await page.goto(`http://localhost:${ports[0]}${chapter6}`);
  await page.goto(`http://localhost:${ports[1]}/capitulos`);
  await expect(card).not.toContainText("Bloqueado");
  await expect(card.getByRole("link", { name: "Camazotz" })).toBeVisible();
  await context.close();
});

test("a visitor's page kept in memory on one instance shows a comment posted through the other", async ({
  browser,
  request,
}) => {
  const visitorUrl = `http://localhost:${ports[0]}${chapter1}`;
  await request.get(visitorUrl);
  expect((await request.get(visitorUrl)).headers()["x-cache"]).toBe("hit");

  const writerContext = await newContext(browser);
  const writer = await writerContext.newPage();
  await signUpOn(writer, ports[1]!);
  const text = `Para los visitantes de la otra instancia ${uniqueWord()}`;
  await writer.goto(`http://localhost:${ports[1]}${chapter1}`);
  await writer.getByRole("textbox").fill(text);
  await writer.getByRole("button", { name: "Comentar" }).click();
  await expect(writer.getByText(text)).toBeVisible();

  // The NOTIFY empties the other instance's cache (well before its 30 s limit).
  await expect.poll(async () => (await request.get(visitorUrl)).text()).toContain(text);
  await writerContext.close();
});

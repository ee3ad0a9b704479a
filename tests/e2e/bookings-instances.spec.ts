/**
 * The last seats of an event on two instances of the site sharing one PostgreSQL (decision 070):
 * 50 parallel bookings for the last 10 seats, half through each instance, take exactly 10; the
 * other 40 are offered the waiting list, and both instances' calendars say '¡Cupo lleno!'.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import pg from "pg";
import { expect, test, uniqueEmail, workerPort } from "./support.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs TEST_DATABASE_URL (a PostgreSQL server)");

const root = resolve(import.meta.dirname, "../..");
// The worker's ports for two instances on PostgreSQL (support.ts workerPort).
const ports = [workerPort(10), workerPort(11)];
const databaseName = `mictlan_bookings_${randomBytes(4).toString("hex")}`;
const processes: ChildProcess[] = [];
let databaseUrl = "";

async function waitForHealth(port: number) {
  for (let attempt = 0; attempt < 480; attempt++) {
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
  test.setTimeout(150_000);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
  const secret = randomBytes(32).toString("hex");
  for (const port of ports) {
    processes.push(
      spawn(process.execPath, [resolve(root, "server/main.ts")], {
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          SITE_URL: `http://localhost:${port}`,
          AUTH_SECRET: secret,
          RATE_LIMIT_MULTIPLIER: "100",
          LOG_LEVEL: "warn",
          SMTP_URL: "",
        },
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
  }
  await Promise.all(ports.map(waitForHealth));
});

test.afterAll(async () => {
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

test("50 parallel bookings for the last 10 seats through two instances: exactly 10 taken", async ({ page }) => {
  test.setTimeout(120_000);
  const id = `ultimos-lugares-${randomBytes(3).toString("hex")}`;
  const name = `Lectura de los últimos lugares ${id}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // 50 of 60 seats already taken.
    await client.query(
      `insert into events (id, name, starts_at, place_name, city, capacity, booking_url, seats_taken)
       values ($1, $2, now() + interval '10 days', 'Biblioteca', 'Morelia', 60, '/reservation', 50)`,
      [id, name],
    );
    // Both instances have rendered the calendar while seats were left (and may keep it).
    for (const port of ports) {
      const calendar = await (await fetch(`http://localhost:${port}/eventos`)).text();
      expect(calendar).toContain(`/reservation?evento=${id}`);
    }

    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const origin = `http://localhost:${ports[n % 2]}`;
        const response = await fetch(`${origin}/reservation`, {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            evento: id,
            name: `Familia ${n}`,
            email: uniqueEmail(`familia${n}`),
            children: "1",
            adults: "0",
            consent: "on",
            intent: "book",
          }),
        });
        return { status: response.status, text: await response.text() };
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.text).toContain("Anotarme en la lista de espera");

    const { rows } = await client.query<{ seats: number; bookings: number }>(
      `select e.seats_taken as seats, (select count(*)::int from event_bookings b where b.event_id = e.id) as bookings
         from events e where e.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ seats: 60, bookings: 10 });

    // Each instance's calendar says it is full by itself (a change on one is heard by the other).
    for (const port of ports) {
      await page.goto(`http://localhost:${port}/eventos`);
      const card = page.getByTestId("event").filter({ hasText: name });
      await expect(card.getByText("¡Cupo lleno!", { exact: true })).toBeVisible();
      await expect(card.getByRole("link")).toHaveCount(0);
    }
  } finally {
    await client.end();
  }
});

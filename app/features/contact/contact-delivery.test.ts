import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as sendEmail } from "../../routes/api.send-email[.]php.ts";
import { openDatabase, type DatabaseHandle } from "../../lib/db.server.ts";
import { parseEnv } from "../../lib/env.server.ts";
import { setLogLevel } from "../../lib/log.server.ts";
import { servicesOn, type Services } from "../../runtime/services.server.ts";
import { routeArgs, TEST_SITE_URL } from "../../../tests/support/route-harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../../tests/support/test-database.ts";
import type { ContactMailerTuning } from "./contact-mailer.server.ts";
import { storeContactMessage } from "./contact.server.ts";

const CONTACT_TO = "autores@example.com";
const FAST: ContactMailerTuning = {
  retryBaseMs: 200,
  retryMaxMs: 2_000,
  leaseMs: 60_000,
  pollMs: 1_000,
  smtpTimeoutMs: 5_000,
};

type Site = Services & { stop(): Promise<void> };

/** The site's services on `database`, as one server process would run them. */
async function startSite(
  database: DatabaseHandle,
  smtpUrl: string | undefined,
  tuning: ContactMailerTuning = FAST,
): Promise<Site> {
  const env = parseEnv({
    AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
    SITE_URL: TEST_SITE_URL,
    SMTP_URL: smtpUrl,
    CONTACT_TO,
    LOG_LEVEL: "silent",
  });
  const services = await servicesOn(env, database, { contactMail: tuning });
  return {
    ...services,
    async stop() {
      await services.contactMailer.stop();
      await services.live.close();
    },
  };
}

let ipCounter = 0;
/** Posts the contact form to the endpoint, multipart, from a fresh client address. */
async function submit(site: Services, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = (await sendEmail(
    await routeArgs(site, "/api/send-email.php", {
      method: "POST",
      body,
      headers: { "x-client-ip": `10.9.0.${++ipCounter}` },
    }),
  )) as Response;
  return { status: response.status, body: await response.text() };
}

const messageRow = (database: DatabaseHandle, email: string) =>
  database.db.selectFrom("contact_messages").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

const mailsFor = (smtp: TestSmtpServer, id: string) =>
  smtp.received.filter((mail) => mail.headers["x-contact-message-id"] === id);

const waitFor = <T>(check: () => Promise<T> | T, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 20 });

describe.each(DATABASE_KINDS)("contact mail delivery on %s", (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const running: Site[] = [];
  const launch = async (...args: Parameters<typeof startSite>) => {
    const site = await startSite(...args);
    running.push(site);
    return site;
  };

  beforeAll(async () => {
    setLogLevel("silent");
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((site) => site.stop()));
    await smtp?.close();
  });
  afterAll(async () => {
    // dispose waits for the pool's sessions to be gone before dropping the database.
    await database.dispose();
  });

  it("mails a stored message once to CONTACT_TO, replying to the reader", async () => {
    smtp = await startSmtpServer();
    // A message stored before the start: its delivery shows the start-up look at the queue
    // has run (it finds nothing else after it).
    const earlier = await storeContactMessage(
      database.db,
      { name: "Antes", email: "antes@example.com", comment: "Guardado antes de arrancar" },
      { isSpam: false },
    );
    // No polling to fall back on: only the wake-up after storing can deliver it in time.
    const site = await launch(database, smtp.url, { ...FAST, pollMs: 60_000 });
    await waitFor(async () => expect((await messageRow(database, "antes@example.com")).delivered_at).not.toBeNull());
    expect(mailsFor(smtp, earlier)).toHaveLength(1);
    const started = performance.now();
    const answer = await submit(site, {
      name: "Lucía Pérez",
      email: "lucia@example.com",
      comment: "¡Hola! ¿Cuándo sale el segundo libro?\nGracias.",
    });
    expect(answer).toEqual({ status: 200, body: "success" });
    const row = await messageRow(database, "lucia@example.com");

    await waitFor(() => expect(mailsFor(smtp, row.id)).toHaveLength(1));
    const latencyMs = performance.now() - started;
    const [mail] = mailsFor(smtp, row.id);
    expect(mail!.to).toEqual([CONTACT_TO]);
    expect(mail!.headers["reply-to"]).toContain("lucia@example.com");
    expect(mail!.headers.subject).toBe("Mensaje de contacto de Lucía Pérez");
    expect(mail!.text).toContain("¡Hola! ¿Cuándo sale el segundo libro?\nGracias.");
    expect(mail!.text).toContain("lucia@example.com");
    await waitFor(async () =>
      expect(await messageRow(database, "lucia@example.com")).toMatchObject({
        attempts: 1,
        last_error: null,
        delivered_at: expect.any(Date),
      }),
    );
    // Stored-to-mailbox time on loopback: a wake-up right after the insert, no polling wait.
    expect(latencyMs).toBeLessThan(2_000);
    console.info(`[${kind}] contact form → mailbox: ${latencyMs.toFixed(0)} ms`);
  });

  it("retries a refused message with growing delays, across a restart, and delivers it exactly once", async () => {
    smtp = await startSmtpServer();
    smtp.refuseNext(2);
    const first = await launch(database, smtp.url);
    expect(
      (await submit(first, { name: "Tomás", email: "tomas@example.com", comment: "Mensaje con reintentos" })).body,
    ).toBe("success");

    // Two temporary failures (451): the first retry waits 200 ms, the second 400 ms.
    const failed = await waitFor(async () => {
      const row = await messageRow(database, "tomas@example.com");
      expect(row.attempts).toBe(2);
      expect(row.last_error).toMatch(/451/);
      // The second failure is recorded (no longer the claim's long lease).
      expect(row.next_attempt_at.getTime()).toBeLessThan(Date.now() + 5_000);
      return row;
    });
    expect(failed.delivered_at).toBeNull();
    expect(smtp.received).toHaveLength(0);

    // The site restarts while the message waits for its third attempt.
    await first.stop();
    running.splice(running.indexOf(first), 1);
    await launch(database, smtp.url);

    const delivered = await waitFor(async () => {
      const row = await messageRow(database, "tomas@example.com");
      expect(row.delivered_at).not.toBeNull();
      return row;
    });
    expect(delivered).toMatchObject({ attempts: 3, last_error: null });
    // Not before the backoff allowed it.
    expect(delivered.delivered_at!.getTime()).toBeGreaterThanOrEqual(failed.next_attempt_at.getTime());
    expect(mailsFor(smtp, delivered.id)).toHaveLength(1);
    expect(smtp.offered).toBe(3);
    // Nothing else arrives later: once stopped (a delivery in progress finishes first), still one.
    await Promise.all(running.splice(0).map((site) => site.stop()));
    expect(mailsFor(smtp, delivered.id)).toHaveLength(1);
    expect(smtp.offered).toBe(3);
  });

  it("keeps messages stored while SMTP is not configured and sends them once it is", async () => {
    const unconfigured = await launch(database, undefined);
    expect(unconfigured.contactMailer.enabled).toBe(false);
    expect(
      (await submit(unconfigured, { name: "Rosa", email: "rosa@example.com", comment: "Sin correo todavía" })).body,
    ).toBe("success");
    // No worker runs without SMTP: nothing can have touched it.
    expect(await messageRow(database, "rosa@example.com")).toMatchObject({ attempts: 0, delivered_at: null });

    await unconfigured.stop();
    running.splice(running.indexOf(unconfigured), 1);
    smtp = await startSmtpServer();
    await launch(database, smtp.url);
    const row = await messageRow(database, "rosa@example.com");
    await waitFor(() => expect(mailsFor(smtp, row.id)).toHaveLength(1));
  });

  it("answers success to a filled trap, stores it as spam and never mails it", async () => {
    smtp = await startSmtpServer();
    const site = await launch(database, smtp.url);
    const answer = await submit(site, {
      name: "Bot",
      email: "bot@example.com",
      comment: "Compra ya",
      website: "https://spam.example",
    });
    expect(answer).toEqual({ status: 200, body: "success" });
    await submit(site, { name: "Ana", email: "ana.real@example.com", comment: "Mensaje verdadero" });
    const real = await messageRow(database, "ana.real@example.com");
    await waitFor(() => expect(mailsFor(smtp, real.id)).toHaveLength(1));
    // A restart looks at every pending message again: still nothing for the spam, though it is
    // older than a real message stored after the restart, which is mailed.
    await site.stop();
    running.splice(running.indexOf(site), 1);
    const restarted = await launch(database, smtp.url);
    await submit(restarted, { name: "Ana", email: "ana.otra@example.com", comment: "Otro mensaje" });
    const later = await messageRow(database, "ana.otra@example.com");
    await waitFor(() => expect(mailsFor(smtp, later.id)).toHaveLength(1));
    await Promise.all(running.splice(0).map((site) => site.stop()));
    const spam = await messageRow(database, "bot@example.com");
    expect(spam).toMatchObject({ is_spam: true, attempts: 0, delivered_at: null });
    expect(mailsFor(smtp, spam.id)).toHaveLength(0);
  });

  it("waits for the lease of a message claimed by an instance that stopped mid-send, then sends it once", async () => {
    smtp = await startSmtpServer();
    const id = await storeContactMessage(
      database.db,
      { name: "Eva", email: "eva@example.com", comment: "Reclamado" },
      { isSpam: false },
    );
    // Another instance claimed it (attempt 1) and died before recording the outcome.
    const leaseEnds = Date.now() + 600;
    await database.db
      .updateTable("contact_messages")
      .set({ attempts: 1, next_attempt_at: new Date(leaseEnds) })
      .where("id", "=", id)
      .execute();
    await launch(database, smtp.url);
    await waitFor(() => expect(mailsFor(smtp, id)).toHaveLength(1));
    // Not before the lease ended.
    expect(Date.parse(mailsFor(smtp, id)[0]!.receivedAt)).toBeGreaterThanOrEqual(leaseEnds);
    await waitFor(async () =>
      expect(await messageRow(database, "eva@example.com")).toMatchObject({
        attempts: 2,
        delivered_at: expect.any(Date),
      }),
    );
  });

  it("delivers every message exactly once with several instances on one database", async () => {
    smtp = await startSmtpServer();
    const ids: string[] = [];
    for (let index = 0; index < 24; index++) {
      ids.push(
        await storeContactMessage(
          database.db,
          { name: `Lector ${index}`, email: `lector${index}@example.com`, comment: `Mensaje ${index}` },
          { isSpam: false },
        ),
      );
    }
    // On PostgreSQL each instance has its own connection pool, as separate processes would.
    const extra: DatabaseHandle[] = [];
    const handleFor = async () => {
      if (!database.url) return database;
      const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 3 });
      extra.push(handle);
      return handle;
    };
    try {
      const handles = await Promise.all([handleFor(), handleFor(), handleFor()]);
      await Promise.all(handles.map((handle) => launch(handle, smtp.url)));
      await waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(ids.length));
      await Promise.all(running.splice(0).map((site) => site.stop()));
      for (const id of ids) expect(mailsFor(smtp, id), id).toHaveLength(1);
      expect(smtp.received).toHaveLength(ids.length);
      const rows = await database.db
        .selectFrom("contact_messages")
        .select(["attempts", "delivered_at"])
        .where("id", "in", ids)
        .execute();
      expect(rows.every((row) => row.attempts === 1 && row.delivered_at !== null)).toBe(true);
    } finally {
      await Promise.all(extra.map((handle) => handle.close()));
    }
  });
});

import { sql } from "kysely";
import { createTransport, type Transporter } from "nodemailer";
import type { Db } from "../../lib/db.server.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { log } from "../../lib/log.server.ts";
import { redactAddress } from "../../lib/mail.server.ts";

/** Timings of the worker; tests shorten them. */
export type ContactMailerTuning = {
  /** First retry delay; each failure doubles it. */
  retryBaseMs?: number;
  /** Longest delay between two attempts. */
  retryMaxMs?: number;
  /**
   * How long a claimed message is reserved for the instance that claimed it. Longer than the
   * slowest SMTP exchange (the timeouts below), so no other instance takes it over mid-send.
   */
  leaseMs?: number;
  /** Look for due messages at least this often (messages stored by other instances). */
  pollMs?: number;
  /** Connection, greeting and socket timeout of one SMTP exchange. */
  smtpTimeoutMs?: number;
};

type MailerOptions = ContactMailerTuning & {
  db: Db;
  /** Each delivery attempt's outcome, for the metrics (site_mail_sent_total{kind="contact"}). */
  counted?: (outcome: "sent" | "failed") => void;
  smtpUrl: string | undefined;
  to: string | undefined;
  siteUrl: string;
};

export type ContactMailer = {
  /** False without SMTP_URL and CONTACT_TO: messages then wait, stored. */
  readonly enabled: boolean;
  /** Look for due messages now (called right after a message is stored). */
  wake(): void;
  /**
   * 'Reintentar ahora' (/adminpanel/mensajes): every waiting message is due at once, whatever its
   * backoff, and this instance starts sending; says how many were waiting.
   */
  retryNow(): Promise<number>;
  /** Finishes the delivery in progress (if any) and stops. */
  stop(): Promise<void>;
};

export const DEFAULT_TUNING = {
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  pollMs: 60_000,
  smtpTimeoutMs: 30_000,
} satisfies Required<ContactMailerTuning>;

/** How long 'Reintentar ahora' waits for the sending it started before answering the admin. */
const RETRY_NOW_WAIT_MS = 15_000;

/** Delay before the next attempt after `attempts` failed ones: base, 2×base, 4×base… up to max. */
export function retryDelayMs(
  attempts: number,
  baseMs = DEFAULT_TUNING.retryBaseMs,
  maxMs = DEFAULT_TUNING.retryMaxMs,
): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

type ClaimedMessage = { id: string; name: string; email: string; comment: string; attempts: number; created_at: Date };

/**
 * Takes the oldest due message and reserves it for `leaseMs` by moving its next attempt into
 * the future, in one statement: `skip locked` makes concurrent instances take different rows,
 * and no transaction stays open while the message is sent. `attempts` identifies this claim.
 */
async function claimDueMessage(db: Db, leaseMs: number): Promise<ClaimedMessage | null> {
  const { rows } = await sql<ClaimedMessage>`
    update contact_messages
    set attempts = attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    where id = (
      select id from contact_messages
      where delivered_at is null and not is_spam and next_attempt_at <= now()
      order by next_attempt_at, created_at
      limit 1
      for update skip locked
    )
    returning id, name, email, comment, attempts, created_at`.execute(db);
  return rows[0] ?? null;
}

/** Milliseconds until the next pending message is due (0 if one is due now), or null if none. */
async function msUntilNextDue(db: Db): Promise<number | null> {
  // Not greatest(0, …): it skips a null, and "none pending" would read as "due now".
  const { rows } = await sql<{ ms: number | string | null }>`
    select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms
    from contact_messages where delivered_at is null and not is_spam`.execute(db);
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}

function mailFor(message: ClaimedMessage, to: string, siteUrl: string) {
  const host = new URL(siteUrl).hostname || "localhost";
  const received = formatDateTime(message.created_at);
  return {
    // The relay accepts mail from its own mailbox; replying reaches the reader.
    from: { name: "Formulario de contacto", address: to },
    to,
    replyTo: { name: message.name, address: message.email },
    subject: `Mensaje de contacto de ${message.name}`,
    // The same id on every attempt, so a mailbox can fold a rare duplicate into one.
    messageId: `<contacto-${message.id}@${host}>`,
    headers: { "X-Contact-Message-Id": message.id },
    text: `Nombre: ${message.name}\nCorreo: ${message.email}\nRecibido: ${received} (hora del centro de México)\n\n${message.comment}\n`,
  };
}

/** The worker's timings: each one given in `options`, else its default. */
function tuningOf(options: ContactMailerTuning): Required<ContactMailerTuning> {
  const tuning: Required<ContactMailerTuning> = { ...DEFAULT_TUNING };
  for (const key of Object.keys(DEFAULT_TUNING) as (keyof ContactMailerTuning)[])
    tuning[key] = options[key] ?? tuning[key];
  return tuning;
}

/** What one delivery needs: where the message goes, over which SMTP connection, how to retry. */
type Delivery = Pick<MailerOptions, "db" | "siteUrl" | "counted"> & {
  transport: Pick<Transporter, "sendMail">;
  to: string;
  tuning: Required<ContactMailerTuning>;
};

/**
 * One attempt to send a claimed message, and its outcome recorded: delivered, or its next
 * attempt after the backoff with the SMTP server's error.
 */
async function deliver(message: ClaimedMessage, { db, transport, to, siteUrl, tuning, counted }: Delivery) {
  let failure: string | null = null;
  try {
    await transport.sendMail(mailFor(message, to, siteUrl));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  counted?.(failure === null ? "sent" : "failed");
  // Written only while this claim still holds (same attempt number), never undoing a delivery.
  const update = db
    .updateTable("contact_messages")
    .where("id", "=", message.id)
    .where("attempts", "=", message.attempts)
    .where("delivered_at", "is", null);
  if (failure === null) {
    const result = await update.set({ delivered_at: sql<Date>`now()`, last_error: null }).executeTakeFirst();
    if (result.numUpdatedRows === 0n)
      log.warn("contact message delivered after its claim had expired", { id: message.id });
    else log.info("contact message delivered", { id: message.id, attempts: message.attempts });
    return;
  }
  const delay = retryDelayMs(message.attempts, tuning.retryBaseMs, tuning.retryMaxMs);
  await update
    .set({
      next_attempt_at: sql<Date>`now() + ${delay} * interval '1 millisecond'`,
      last_error: failure.slice(0, 1000),
    })
    .execute();
  log.warn("mail not sent", {
    kind: "contact",
    id: message.id,
    to: redactAddress(to),
    willRetry: true,
    attempts: message.attempts,
    retryInMs: delay,
    error: failure,
  });
}

/** Contact messages stored and not delivered yet, by every instance (the metrics' mail queue). */
export async function countUndeliveredContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("waiting"))
    .where("delivered_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

/**
 * Delivers stored contact messages over SMTP, retrying with exponential backoff until the
 * server accepts each one. All state is in the database, so deliveries survive restarts, and
 * several instances on one PostgreSQL never send a message twice (see claimDueMessage).
 */
export function startContactMailer(options: MailerOptions): ContactMailer {
  const { db, smtpUrl, to, siteUrl } = options;
  const tuning = tuningOf(options);
  if (!smtpUrl || !to) {
    log.info("contact mail not configured: messages are stored and wait for SMTP_URL and CONTACT_TO");
    return { enabled: false, wake() {}, retryNow: async () => 0, async stop() {} };
  }
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: tuning.smtpTimeoutMs,
    greetingTimeout: tuning.smtpTimeoutMs,
    socketTimeout: tuning.smtpTimeoutMs,
  });
  const delivery: Delivery = { db, transport, to, siteUrl, tuning, counted: options.counted };

  let stopped = false;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(wake, Math.min(Math.max(ms, 0), tuning.pollMs));
    timer.unref();
  };

  async function drain() {
    try {
      while (!stopped) {
        const message = await claimDueMessage(db, tuning.leaseMs);
        if (!message) break;
        await deliver(message, delivery);
      }
      if (!stopped) schedule((await msUntilNextDue(db)) ?? tuning.pollMs);
    } catch (error) {
      if (stopped) return;
      log.error("contact mail worker error", { error });
      schedule(tuning.pollMs);
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      // A message stored while we were looking may have been missed: look once more after.
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    wokenWhileRunning = false;
    running = drain().finally(() => {
      running = null;
      if (wokenWhileRunning) wake();
    });
  }

  // Deliver what earlier runs (or other instances) left pending.
  wake();

  return {
    enabled: true,
    wake,
    async retryNow() {
      const result = await db
        .updateTable("contact_messages")
        .set({ next_attempt_at: sql<Date>`now()` })
        .where("delivered_at", "is", null)
        .where("is_spam", "=", false)
        .executeTakeFirst();
      wake();
      // The admin's page shows what happened: wait for this round of sending, not for ever.
      const round = (async () => {
        while (running) await running;
      })();
      await Promise.race([round, new Promise((done) => setTimeout(done, RETRY_NOW_WAIT_MS).unref())]);
      return Number(result.numUpdatedRows);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // An SMTP exchange in progress ends within smtpTimeoutMs; its result is recorded first.
      while (running) await running;
      transport.close();
    },
  };
}

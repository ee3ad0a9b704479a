import { sql } from "kysely";
import { dirname, resolve } from "node:path";
import type { Server } from "node:net";
import { adminControlHandlers } from "../features/admins/admin-command.server.ts";
import {
  countUndeliveredContactMessages,
  startContactMailer,
  type ContactMailer,
  type ContactMailerTuning,
} from "../features/contact/contact-mailer.server.ts";
import { prunePageViews } from "../features/analytics/page-views.server.ts";
import { pruneCardRefusals } from "../features/classes/card-refusals.server.ts";
import { pruneOldCards } from "../features/families/old-cards.server.ts";
import { pruneOldBookings } from "../features/events/bookings.server.ts";
import type { GuardianMailer } from "../features/guardians/guardian-mailer.server.ts";
import { createMailer, redactAddress, type Mailer } from "../lib/mail.server.ts";
import { currentRequestId } from "../lib/request-context.server.ts";
import { pruneSignInFailures } from "../lib/sign-in-lockout.server.ts";
import type { Auth } from "../lib/auth.server.ts";
import { backupControlHandler, lastBackupTime } from "../lib/backup.server.ts";
import { createConnectionLimiter, type ConnectionLimiter } from "../lib/connection-limiter.server.ts";
import { startControlSocket } from "../lib/control-socket.server.ts";
import { seedDemoContent } from "../../db/seed/seed.server.ts";
import { createInChildProcess, openDatabase, type DatabaseHandle, type Db } from "../lib/db.server.ts";
import { configurationWarnings, parseEnv, type Env } from "../lib/env.server.ts";
import { createLiveHub, type LiveCounts, type LiveHub } from "../lib/live-hub.server.ts";
import { log } from "../lib/log.server.ts";
import { isStorageError, noteStorageFailure } from "../lib/storage-health.server.ts";
import { createSiteMetrics, type SiteMetrics } from "../lib/metrics.server.ts";
import { migrate } from "../lib/bundled-migrations.server.ts";
import { restrictNewFilesToOwner } from "../lib/private-files.server.ts";
import { createContentCache, type ContentCache } from "../lib/content-cache.server.ts";
import { createSessionCache, type SessionCache } from "../lib/session-cache.server.ts";
import { pruneRateLimits, setRateLimitMultiplier } from "../lib/rate-limit.server.ts";
import { createReaderAuth } from "./reader-auth.server.ts";

export type Services = {
  env: Env;
  database: DatabaseHandle;
  db: Db;
  live: LiveHub;
  /** Caps open live-feed connections per address and in all. */
  liveConnections: ConnectionLimiter;
  auth: Auth;
  /** The local control channel of the admin and backup commands (embedded database only). */
  controlSocket: Server | null;
  /** Delivers stored contact messages (SMTP_URL); wake it after storing one. */
  contactMailer: ContactMailer;
  /** Mail to readers and their guardians (SMTP_URL): reset links, confirmations, consent. */
  mailer: Mailer;
  /** Asks guardians of children under 14 for consent. */
  guardianMailer: GuardianMailer;
  /** What `/metrics` shows (docs/operations.md "Metrics"). */
  metrics: SiteMetrics;
  /** Hourly housekeeping (old rate-limit counters). */
  maintenance: ReturnType<typeof setInterval>;
  /** Signed-in readers kept between page views (app/access/session.server.ts). */
  sessionCache: SessionCache<unknown>;
  /** The book's content as pages read it (app/lib/content-cache.server.ts). */
  contentCache: ContentCache;
  /** Each chapter's comments as everyone may be shown them (decision 041), under "comments:<section>". */
  commentCache: ContentCache;
  /** Stops hearing the database's change notices. */
  stopChangeNotices: () => Promise<void>;
  /**
   * Calls `listener` on every change a visitor's page may show: a live change, a database notice
   * about the book's content or a chapter's comments (whichever path wrote it), and the listening
   * connection back from a loss (changes went unheard). The visitors' pages kept in memory
   * (server/html-cache.ts) go on each. Returns what stops it.
   */
  onVisitorPagesChanged: (listener: () => void) => () => void;
};

/** The channel of db/migrations/0021_change_notices.sql: "reader:<id>" or "content:<table>". */
const DATA_CHANGED_CHANNEL = "data_changed";

/** How long a starting server waits for PostgreSQL before it gives up (and its supervisor retries). */
const DATABASE_WAIT_MS = 60_000;

type Holder = { promise: Promise<Services> | null; current: Services | null };

// On globalThis so a dev-mode module reload never opens the embedded database twice.
const holder: Holder = ((globalThis as Record<symbol, Holder>)[Symbol.for("mictlan.services")] ??= {
  promise: null,
  current: null,
});

/** Opens the database, migrates, seeds an empty one and starts the live feed. */
export async function createServices(
  env: Env,
  options: { seed?: boolean; controlSocket?: boolean } = {},
): Promise<Services> {
  const embedded = !env.DATABASE_URL;
  for (const warning of configurationWarnings(env)) log.warn(warning);
  // The entries do it first thing; this covers the dev server, which has no entry of ours.
  if (embedded) restrictNewFilesToOwner();
  const database = env.DATABASE_URL
    ? // A database still starting (a container, a service after a reboot) is waited for.
      await openDatabase({ kind: "postgres", url: env.DATABASE_URL, waitForServerMs: DATABASE_WAIT_MS })
    : await openDatabase({ kind: "pglite", dataDir: resolve(env.DATA_DIR), createApart: createSeededApart });
  try {
    const applied = await migrate(database);
    if (applied.length) log.info("migrations applied", { versions: applied });
    else if (database.createdNow) {
      // A new embedded database was migrated and seeded by a process of its own (createSeededApart),
      // whose output is not the server's: its migrations are named here, as an upgrade's are.
      const rows = await sql<{ version: string }>`select version from schema_migrations order by version`.execute(
        database.db,
      );
      log.info("migrations applied", { versions: rows.rows.map((row) => row.version) });
    }
    if (options.seed !== false && (await seedDemoContent(database.db))) log.info("demo content seeded");
    return await servicesOn(env, database, { controlSocket: embedded && options.controlSocket !== false });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * A new embedded database is created, migrated and seeded by a Node process of its own, which
 * loads this same server build and ends: what initdb and seeding leave in a process's memory
 * (PGlite's WebAssembly memory, the allocator's) then never reaches the server's. The first
 * start of `npm start` sat ~450 MiB above a restart (docs/decisions/039). Outside a build (the
 * dev server, tests), and should that process fail, the server does it itself.
 */
async function createSeededApart(pgdata: string): Promise<void> {
  const thisBuild = import.meta.url;
  if (!thisBuild.endsWith(".js")) return;
  await createInChildProcess(
    pgdata,
    [
      `const build = await import(${JSON.stringify(thisBuild)});`,
      "await build.entry.module.createSeededDatabase(process.env.PGLITE_NEW_DIR);",
    ].join("\n"),
  );
}

/** In the process `createSeededApart` starts: the new database, migrated and seeded, then closed. */
export async function createSeededDatabase(pgdata: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir: dirname(pgdata), lockHeldByParent: true });
  try {
    await migrate(database);
    await seedDemoContent(database.db);
  } finally {
    await database.close();
  }
}

/** Everything that runs on an open, migrated database (tests hand in a throwaway one). */
export async function servicesOn(
  env: Env,
  database: DatabaseHandle,
  options: { controlSocket?: boolean; contactMail?: ContactMailerTuning } = {},
): Promise<Services> {
  setRateLimitMultiplier(env.RATE_LIMIT_MULTIPLIER);
  const metrics = createSiteMetrics();
  countQueries(database, metrics);
  const live = await createLiveHub(database, liveEventCounts(metrics));
  const db = database.db;
  const mailer = countedMail(
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? env.CONTACT_TO, siteUrl: env.siteUrl }),
    metrics,
  );
  const guardianMailer: GuardianMailer = { mailer, siteUrl: env.siteUrl };
  const auth = createReaderAuth({ env, db, mailer, guardianMailer });
  const controlSocket = options.controlSocket
    ? await startControlSocket(resolve(env.DATA_DIR), {
        ...adminControlHandlers(db, live.publish),
        backup: backupControlHandler(database, resolve(env.DATA_DIR)),
      })
    : null;
  const contactMailer = startContactMailer({
    db,
    smtpUrl: env.SMTP_URL,
    to: env.CONTACT_TO,
    siteUrl: env.siteUrl,
    counted: (outcome) => metrics.mailSent.inc({ kind: "contact", outcome }),
    ...options.contactMail,
  });
  const maintenance = startHourlyMaintenance(db);
  const liveConnections = createConnectionLimiter({
    perAddress: env.LIVE_MAX_PER_ADDRESS,
    total: env.LIVE_MAX_CONNECTIONS,
  });
  const sessionCache = createSessionCache<unknown>({ ttlMs: env.DATA_CACHE_SECONDS * 1000 });
  const contentCache = createContentCache({ ttlMs: env.DATA_CACHE_SECONDS * 1000 });
  const commentCache = createContentCache({ ttlMs: env.DATA_CACHE_SECONDS * 1000 });
  const visitorPages = visitorPageListeners(live);
  const stopChangeNotices = await listenForChangeNotices(
    database,
    { sessionCache, contentCache, commentCache },
    visitorPages.changed,
  );
  metrics.readFrom({
    liveConnections: () => liveConnections.open(),
    pool: () => database.poolStats(),
    contactQueue: () => countUndeliveredContactMessages(db),
    lastBackup: database.kind === "pglite" ? () => lastBackupTime(resolve(env.DATA_DIR)) : undefined,
  });
  return {
    env,
    database,
    db,
    live,
    liveConnections,
    metrics,
    auth,
    controlSocket,
    contactMailer,
    mailer,
    guardianMailer,
    maintenance,
    sessionCache,
    contentCache,
    commentCache,
    stopChangeNotices,
    onVisitorPagesChanged: visitorPages.on,
  };
}

/**
 * Every query's time and failures in the metrics; a failure for lack of storage is also noted
 * for the full-disk answer.
 */
function countQueries(database: DatabaseHandle, metrics: SiteMetrics) {
  database.observeQueries(({ seconds, failed, error }) => {
    metrics.querySeconds.observe(seconds);
    if (!failed) return;
    metrics.queryErrors.inc();
    // A full or failing disk: this request's 500 becomes a 503 (server/app.ts), the watchdog
    // counts it (server/watchdog.ts).
    if (isStorageError(error)) noteStorageFailure(error);
  });
}

/** The live feed's events in the metrics: published here, heard, delivered and how long fan-out took. */
function liveEventCounts(metrics: SiteMetrics): LiveCounts {
  return {
    published: () => metrics.eventsPublished.inc(),
    heard: (readers, seconds) => {
      metrics.eventsReceived.inc();
      metrics.eventsDelivered.inc(readers);
      metrics.fanOutSeconds.observe(seconds);
    },
  };
}

/**
 * Who hears that a visitor's page may have changed (Services.onVisitorPagesChanged): `changed`
 * tells them of a database notice, and each hears every live change from the hub itself.
 */
function visitorPageListeners(live: LiveHub) {
  const listeners = new Set<() => void>();
  return {
    changed() {
      for (const listener of [...listeners]) listener();
    },
    on(listener: () => void): () => void {
      listeners.add(listener);
      const stopHearingLive = live.subscribeAll(() => listener());
      return () => {
        listeners.delete(listener);
        stopHearingLive();
      };
    },
  };
}

/** Hourly housekeeping: old rate-limit counters, sign-in failures, page views, cards, bookings. */
function startHourlyMaintenance(db: Db): ReturnType<typeof setInterval> {
  const maintenance = setInterval(
    () => {
      pruneRateLimits(db).catch((error: unknown) => log.warn("rate-limit pruning failed", { error }));
      pruneSignInFailures(db).catch((error: unknown) => log.warn("sign-in failure pruning failed", { error }));
      prunePageViews(db).catch((error: unknown) => log.warn("page-view pruning failed", { error }));
      pruneOldCards(db).catch((error: unknown) => log.warn("old-card pruning failed", { error }));
      pruneCardRefusals(db).catch((error: unknown) => log.warn("card-refusal pruning failed", { error }));
      // Bookings live 30 days after their event (decision 070, /privacidad).
      pruneOldBookings(db).catch((error: unknown) => log.warn("booking pruning failed", { error }));
    },
    60 * 60 * 1000,
  );
  maintenance.unref();
  return maintenance;
}

/**
 * The database's change notices, heard by every instance (PostgreSQL NOTIFY, or PGlite's own in
 * one process): each empties what it changed, then tells the visitors' pages. Returns what stops
 * hearing them.
 */
function listenForChangeNotices(
  database: DatabaseHandle,
  { sessionCache, contentCache, commentCache }: Pick<Services, "sessionCache" | "contentCache" | "commentCache">,
  visitorPagesChanged: () => void,
): Promise<() => Promise<void>> {
  // When the listening connection was lost, changes may have gone unheard, so everything goes.
  return database.listen(
    DATA_CHANGED_CHANNEL,
    (notice) => {
      // A reader's own session and facts: no visitor's page shows them.
      if (notice.startsWith("reader:")) return sessionCache.forgetReader(notice.slice("reader:".length));
      // One chapter's comments (its key is the notice itself), or every chapter's (an apodo).
      if (notice.startsWith("comments:")) commentCache.forget(notice);
      else if (notice === "content:comments") commentCache.clear();
      else contentCache.clear();
      // After the data it was rendered from: a page rendered from now on reads it afresh.
      visitorPagesChanged();
    },
    // The visitors' pages go too: the live hub, on the same connection, tells its every-topic
    // listeners of the same gap (app/lib/live-hub.server.ts).
    () => {
      sessionCache.clear();
      contentCache.clear();
      commentCache.clear();
    },
  );
}

/**
 * The mailer, counting what it sends and what the SMTP server refuses, by kind; every failure is
 * one log line with the request that asked for it, the kind and the recipient (redacted).
 */
function countedMail(mailer: Mailer, metrics: SiteMetrics): Mailer {
  return {
    get enabled() {
      return mailer.enabled;
    },
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mailSent.inc({ kind: mail.kind, outcome: "sent" });
      } catch (error) {
        metrics.mailSent.inc({ kind: mail.kind, outcome: "failed" });
        log.warn("mail not sent", {
          requestId: currentRequestId(),
          kind: mail.kind,
          to: redactAddress(mail.to),
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

/** The process-wide services, created on first use. */
export function getServices(): Promise<Services> {
  holder.promise ??= createServices(parseEnv()).then((services) => (holder.current = services));
  return holder.promise;
}

/** Installs services made elsewhere (tests hand in a throwaway database). */
export function setServices(services: Services) {
  holder.current = services;
  holder.promise = Promise.resolve(services);
}

export async function closeServices() {
  const services = holder.current ?? (holder.promise ? await holder.promise.catch(() => null) : null);
  holder.promise = null;
  holder.current = null;
  if (!services) return;
  await new Promise<void>((done) => (services.controlSocket ? services.controlSocket.close(() => done()) : done()));
  clearInterval(services.maintenance);
  await services.contactMailer.stop().catch(() => {});
  services.mailer.close();
  await services.live.close().catch(() => {});
  await services.stopChangeNotices().catch(() => {});
  await services.database.close();
}

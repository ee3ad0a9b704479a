import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { MAIL_KINDS } from "./mail.server.ts";
import { isDraining, isStarting } from "./readiness.server.ts";
import { cannotWrite, storageFailing } from "./storage-health.server.ts";

/**
 * The instance's figures in Prometheus' text format (docs/operations.md "Metrics"): requests by route,
 * live readers, live events, the database, the visitors' page cache and mail. One registry per
 * set of services, so tests that build several never share or collide.
 */
export type SiteMetrics = ReturnType<typeof createSiteMetrics>;

/**
 * The `method` label's values: the methods the site serves (server/request-target.ts), and
 * "other" for the rest. A label value per method sent would let any visitor add series at will
 * (Node parses some 35 methods, each times every route and status class).
 */
const METHOD_LABELS = new Set(["GET", "HEAD", "POST"]);
export const methodLabel = (method: string | undefined): string =>
  method && METHOD_LABELS.has(method) ? method : "other";

/** Seconds: a visitor page from memory takes ~1 ms, a signed-in page tens, a slow one seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: one change written to a few thousand streams takes milliseconds to tens of them. */
const FANOUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Figures read when a scraper asks (set once the services exist: see `readFrom`). */
type Sources = {
  liveConnections?: () => number;
  pool?: () => { total: number; idle: number; waiting: number } | null;
  contactQueue?: () => Promise<number>;
  /** When the last backup of the embedded database was written (seconds since the epoch), if any. */
  lastBackup?: () => number | null;
};

/**
 * Process memory, CPU, event-loop lag, heap: what a night of 10,000 readers strains first. Once
 * per process (they watch the process, and tests build many sets of services in one).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createSiteMetrics() {
  const registry = new Registry();
  const sources: Sources = {};
  const registers = [registry];

  // Made in the order a scrape lists them (the registry keeps it): the groups below keep it too.
  return {
    registry,
    contentType: registry.contentType,
    /** The text a scraper reads: the process's figures, then the site's. */
    async text(): Promise<string> {
      return (await processMetrics().metrics()) + "\n" + (await registry.metrics());
    },
    /** Where the gauges read their figures at scrape time. */
    readFrom(more: Sources) {
      Object.assign(sources, more);
    },
    ...requestMetrics(registers),
    ...liveMetrics(registers, sources),
    ...databaseMetrics(registers, sources),
    htmlCache: new Counter({
      name: "site_html_cache_requests_total",
      help: "Visitors' pages asked of the in-memory page cache, by result (hit, miss).",
      labelNames: ["result"] as const,
      registers,
    }),
    mailSent: mailSentCounter(registers),
    ...storageAndReadinessMetrics(registers, sources),
    contactQueue: new Gauge({
      name: "site_contact_mail_queue",
      help: "Contact messages stored and not delivered yet (all instances).",
      registers,
      async collect() {
        // A scrape must answer even when the database does not.
        if (sources.contactQueue) this.set(await sources.contactQueue().catch(() => Number.NaN));
      },
    }),
  };
}

function requestMetrics(registers: Registry[]) {
  return {
    requests: new Counter({
      name: "site_http_requests_total",
      help: "Requests answered, by route (the React Router route id, or static/assets), method (GET, HEAD, POST or other) and status class.",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: "site_http_request_duration_seconds",
      help: "Time to the response's headers, by route and method (GET, HEAD, POST or other).",
      labelNames: ["route", "method"] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
  };
}

function liveMetrics(registers: Registry[], sources: Sources) {
  return {
    liveConnections: new Gauge({
      name: "site_live_connections",
      help: "Live-feed (Server-Sent Events) connections open on this instance.",
      registers,
      collect() {
        if (sources.liveConnections) this.set(sources.liveConnections());
      },
    }),
    eventsPublished: new Counter({
      name: "site_live_events_published_total",
      help: "Changes this instance announced to every instance (NOTIFY).",
      registers,
    }),
    eventsReceived: new Counter({
      name: "site_live_events_received_total",
      help: "Changes this instance heard from the database, whichever instance announced them.",
      registers,
    }),
    eventsDelivered: new Counter({
      name: "site_live_events_delivered_total",
      help: "Changes handed to this instance's subscribers (one per subscriber and change).",
      registers,
    }),
    fanOutSeconds: new Histogram({
      name: "site_live_fanout_seconds",
      help: "Time to hand one change to every live stream of this instance (its share of a comment's way to the readers).",
      buckets: FANOUT_BUCKETS,
      registers,
    }),
  };
}

function databaseMetrics(registers: Registry[], sources: Sources) {
  return {
    querySeconds: new Histogram({
      name: "site_db_query_duration_seconds",
      help: "Database query time, as the driver saw it.",
      buckets: QUERY_BUCKETS,
      registers,
    }),
    queryErrors: new Counter({
      name: "site_db_query_errors_total",
      help: "Database queries that failed.",
      registers,
    }),
    pool: new Gauge({
      name: "site_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = sources.pool?.();
        if (!stats) return;
        for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, stats[state]);
      },
    }),
  };
}

function mailSentCounter(registers: Registry[]) {
  const counter = new Counter({
    name: "site_mail_sent_total",
    help: "Mail handed to the SMTP server, by kind (confirmation, existing-account, password-reset, guardian, contact) and outcome (sent, failed).",
    labelNames: ["kind", "outcome"] as const,
    registers,
  });
  // Every series from the start, at 0: a rate or an alert on failures has a series to read
  // before the first mail, and the labels are a closed set (app/lib/mail.server.ts).
  for (const kind of MAIL_KINDS) for (const outcome of ["sent", "failed"] as const) counter.inc({ kind, outcome }, 0);
  return counter;
}

/** Whether the instance takes work and can write, and how its disk and backups stand. */
function storageAndReadinessMetrics(registers: Registry[], sources: Sources) {
  return {
    ready: new Gauge({
      name: "site_ready",
      help: "1 while this instance takes new work (/readyz 200), 0 while it starts, drains or cannot write.",
      registers,
      collect() {
        this.set(isDraining() || isStarting() || cannotWrite() ? 0 : 1);
      },
    }),
    storageWritable: new Gauge({
      name: "site_storage_writable",
      help: "0 while writes fail for lack of storage (a full or failing disk), else 1.",
      registers,
      collect() {
        this.set(storageFailing() ? 0 : 1);
      },
    }),
    dataDiskFree: new Gauge({
      name: "site_data_disk_free_bytes",
      help: "Free bytes on the disk of the embedded database's DATA_DIR (absent on PostgreSQL).",
      registers,
    }),
    dataDiskSize: new Gauge({
      name: "site_data_disk_size_bytes",
      help: "Size in bytes of the disk of the embedded database's DATA_DIR (absent on PostgreSQL).",
      registers,
    }),
    lastBackup: new Gauge({
      name: "site_backup_last_success_timestamp_seconds",
      help: "When `npm run backup` last wrote a copy of the embedded database (seconds since the epoch); absent before the first.",
      registers,
      collect() {
        const time = sources.lastBackup?.();
        if (time) this.set(time);
      },
    }),
  };
}

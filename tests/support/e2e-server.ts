/**
 * The site as the end-to-end tests see it: the production build on a fresh embedded database
 * in a temporary directory, seeded like a first `npm start`, with a local OpenID Connect
 * server standing in for Google, and a local SMTP server (port + 2) as the contact mailbox.
 * Google Analytics stays off unless GA_MEASUREMENT_ID is passed in: its script host is
 * unreachable here and the failed load is a console error, so analytics.spec.ts starts a
 * second server of its own with it and stubs the script.
 */
import { cpSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pgdataPath } from "../../app/lib/db.server.ts";
import { installTestPasswordHashing } from "../../app/lib/password-hashing.server.ts";
import { startOidcServer } from "./oidc-server.ts";
import { E2E_BOOK_URL, E2E_SHOP_URL } from "./shop-links.ts";
import { mailboxPath, startSmtpServer, type ReceivedMail } from "./smtp-server.ts";

const port = Number(process.env.E2E_PORT ?? "3210");
const oidcPort = port + 1;
await startOidcServer(oidcPort);

// Contact mail lands here; the tests read the mailbox file.
const mailbox = mailboxPath(process.env.E2E_STATE_DIR ?? tmpdir(), port);
const mails: ReceivedMail[] = [];
writeFileSync(mailbox, "[]");
const smtp = await startSmtpServer({
  port: port + 2,
  onMail: (mail) => {
    mails.push(mail);
    // Whole or not at all: a test may read it at any moment.
    writeFileSync(`${mailbox}.tmp`, JSON.stringify(mails));
    renameSync(`${mailbox}.tmp`, mailbox);
  },
});

const dataDir = mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), "mictlan-e2e-"));
// The run's migrated and seeded database (tests/support/e2e-global-setup.ts), when there is one.
// Owner-only files, as the server makes its own (it sets the same umask on start).
process.umask(0o077);
if (process.env.E2E_PGDATA_TEMPLATE) cpSync(process.env.E2E_PGDATA_TEMPLATE, pgdataPath(dataDir), { recursive: true });
// The tests read this to drive the admin command against the running server.
writeFileSync(join(process.env.E2E_STATE_DIR ?? tmpdir(), `mictlan-e2e-${port}.json`), JSON.stringify({ dataDir }));

Object.assign(process.env, {
  PORT: String(port),
  DATA_DIR: dataDir,
  SITE_URL: `http://localhost:${port}`,
  // Configured by default; a suite that starts a site with GOOGLE_CLIENT_ID "" has no Google sign-in.
  GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID ?? "mictlan-e2e",
  GOOGLE_CLIENT_SECRET: "mictlan-e2e-secret",
  GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
  // One suite signs up many readers from one address; the limits themselves are tested apart
  // (a suite that tests one end to end starts a site of its own with "1").
  RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER ?? "100",
  // The worker's mail server; a suite that starts a site with "" has none (sign-up then signs
  // in at once, without a confirmation e-mail: decision 011).
  SMTP_URL: process.env.SMTP_URL ?? smtp.url,
  CONTACT_TO: "autores@example.com",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  DATABASE_URL: "",
  // Configured by default; a suite that starts a site with "" sees them unset (hidden links).
  BOOK_URL: process.env.BOOK_URL ?? E2E_BOOK_URL,
  SHOP_URL: process.env.SHOP_URL ?? E2E_SHOP_URL,
});

// A site living later than today (E2E_CLOCK_OFFSET_DAYS): what its readers see once the
// calendar's dates have gone by, on the database seeded today. Only this process's JavaScript
// clock moves (new Date(), Date.now()); the database's now() and the browser's clock do not.
const clockOffsetDays = Number(process.env.E2E_CLOCK_OFFSET_DAYS ?? 0);
if (clockOffsetDays) shiftClock(clockOffsetDays * 24 * 60 * 60 * 1000);

// The suite signs up and signs in readers by the hundred: passwords and PINs at test cost
// (docs/decisions/040). The sites a spec starts from server/main.ts hash at full cost.
installTestPasswordHashing();

await import("../../server/main.ts");

function shiftClock(offsetMs: number) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

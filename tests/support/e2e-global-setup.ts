/**
 * Playwright global setup: one migrated and seeded embedded database per run. A test site
 * (tests/support/e2e-server.ts) started once here, on a fresh data directory, migrates and seeds
 * it exactly as a first `npm start` does and is stopped; every test site of the run then starts
 * from a copy of its `pgdata` instead of its own initdb, migrations and seed, which cost ~2.5 s
 * of CPU for each of the ~15 sites a run starts (docs/decisions/022). A copied site still runs
 * its migrations and seed on start, finding both done, as a restarted production site does.
 *
 * That `pgdata` is also kept between runs, keyed by what makes it (tests/support/template-key.ts,
 * with the build's server): one spec run again against the same build starts without that first
 * site (issue 45).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteServer } from "./site-server.ts";
import { keptTemplatesDir, templateKey } from "./template-key.ts";

const KEPT = keptTemplatesDir("mictlan-e2e-pgdata");
/** Another run may still be copying from an older template: only those unused for a day go. */
const KEEP_OTHERS_MS = 24 * 60 * 60 * 1000;

async function seededPgdata(into: string): Promise<void> {
  const key = templateKey(["build/server/index.js", "tests/support/e2e-server.ts"]);
  const kept = join(KEPT, key);
  if (!existsSync(join(kept, "PG_VERSION"))) {
    // Below the workers' blocks (support.ts), and stopped before any of them starts. Stopping
    // cleanly closes the database, so the copies need no recovery.
    const site = await startSiteServer(Number(process.env.E2E_PORT ?? 4400) - 5, { E2E_PGDATA_TEMPLATE: "" });
    await site.stop();
    // The workers make state directories of their own.
    delete process.env.E2E_STATE_DIR;
    mkdirSync(KEPT, { recursive: true });
    const aside = mkdtempSync(join(KEPT, `.${key}-`));
    cpSync(join(site.dataDir, "pgdata"), aside, { recursive: true });
    try {
      renameSync(aside, kept);
    } catch {
      // Another run kept the same one first.
      rmSync(aside, { recursive: true, force: true });
    }
    for (const other of readdirSync(KEPT)) {
      const path = join(KEPT, other);
      if (other !== key && Date.now() - statSync(path).mtimeMs > KEEP_OTHERS_MS)
        rmSync(path, { recursive: true, force: true });
    }
  }
  cpSync(kept, into, { recursive: true });
}

export default async function setup() {
  // Every site's data directory and state of this run go under one directory, removed at the
  // end: a run starts ~15 sites, and their directories used to stay behind (21 GB after 20 runs).
  const runDir = mkdtempSync(join(tmpdir(), "mictlan-e2e-run-"));
  process.env.E2E_RUN_DIR = runDir;
  const pgdata = join(runDir, "template-pgdata");
  await seededPgdata(pgdata);
  // Read by e2e-server.ts, in the workers' environment.
  process.env.E2E_PGDATA_TEMPLATE = pgdata;
  return () => rmSync(runDir, { recursive: true, force: true });
}

/**
 * Playwright global setup: one migrated and seeded embedded database per run. A test site
 * (tests/support/e2e-server.ts) started once here, on a fresh data directory, migrates and seeds
 * it exactly as a first `npm start` does and is stopped; every test site of the run then starts
 * from a copy of its `pgdata` instead of its own initdb, migrations and seed, which cost ~2.5 s
 * of CPU for each of the ~15 sites a run starts (docs/decisions/022). A copied site still runs
 * its migrations and seed on start, finding both done, as a restarted production site does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteServer } from "./site-server.ts";

export default async function setup() {
  // Every site's data directory and state of this run go under one directory, removed at the
  // end: a run starts ~15 sites, and their directories used to stay behind (21 GB after 20 runs).
  const runDir = mkdtempSync(join(tmpdir(), "mictlan-e2e-run-"));
  process.env.E2E_RUN_DIR = runDir;
  // Below the workers' blocks (support.ts), and stopped before any of them starts. Stopping
  // cleanly closes the database, so the copies need no recovery.
  const site = await startSiteServer(Number(process.env.E2E_PORT ?? 4400) - 5, { E2E_PGDATA_TEMPLATE: "" });
  await site.stop();
  // The workers make state directories of their own.
  delete process.env.E2E_STATE_DIR;
  // Read by e2e-server.ts, in the workers' environment.
  process.env.E2E_PGDATA_TEMPLATE = join(site.dataDir, "pgdata");
  return () => rmSync(runDir, { recursive: true, force: true });
}

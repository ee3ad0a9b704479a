/**
 * Playwright global setup: one migrated and seeded embedded database per run. A test site
 * (tests/support/e2e-server.ts) started once here, on a fresh data directory, migrates and seeds
 * it exactly as a first `npm start` does and is stopped; every test site of the run then starts
 * from a copy of its `pgdata` instead of its own initdb, migrations and seed, which cost ~2.5 s
 * of CPU for each of the ~15 sites a run starts (docs/decisions/022). A copied site still runs
 * its migrations and seed on start, finding both done, as a restarted production site does.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export default async function setup() {
  // Every site's data directory and state of this run go under one directory, removed at the
  // end: a run starts ~15 sites, and their directories used to stay behind (21 GB after 20 runs).
  const runDir = mkdtempSync(join(tmpdir(), "mictlan-e2e-run-"));
  process.env.E2E_RUN_DIR = runDir;
  const stateDir = mkdtempSync(join(runDir, "template-"));
  // Below the workers' blocks (support.ts), and stopped before any of them starts.
  const port = Number(process.env.E2E_PORT ?? 4400) - 5;
  const site = spawn(process.execPath, [resolve(import.meta.dirname, "e2e-server.ts")], {
    env: { ...process.env, E2E_PORT: String(port), E2E_STATE_DIR: stateDir, E2E_PGDATA_TEMPLATE: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((done) => site.once("exit", done));
  const deadline = Date.now() + 60_000;
  while (
    (await fetch(`http://localhost:${port}/healthz`).then(
      (response) => response.status,
      () => 0,
    )) !== 200
  ) {
    if (site.exitCode !== null || Date.now() > deadline) {
      site.kill("SIGKILL");
      throw new Error(`the template site on ${port} did not start`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const { dataDir } = JSON.parse(readFileSync(join(stateDir, `mictlan-e2e-${port}.json`), "utf8")) as {
    dataDir: string;
  };
  // A clean stop closes the database, so the copies need no recovery.
  site.kill("SIGTERM");
  if ((await exited) !== 0) throw new Error("the template site did not stop cleanly");
  // Read by e2e-server.ts, in the workers' environment.
  process.env.E2E_PGDATA_TEMPLATE = join(dataDir, "pgdata");
  return () => rmSync(runDir, { recursive: true, force: true });
}

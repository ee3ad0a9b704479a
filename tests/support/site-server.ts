/** Starting a test site (tests/support/e2e-server.ts): for the end-to-end fixtures and the run's global setup. */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pgdataPath } from "../../app/lib/db.server.ts";
import { ensurePortFree } from "../../scripts/server-ready.ts";
import { mailboxPath } from "./smtp-server.ts";

const root = resolve(import.meta.dirname, "../..");

/** Where this worker's servers write their state files (the data directory, the mailbox). */
const stateDir = () => {
  process.env.E2E_STATE_DIR ??= mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), "mictlan-e2e-state-"));
  return process.env.E2E_STATE_DIR;
};

export type SiteServer = {
  port: number;
  baseURL: string;
  dataDir: string;
  mailbox: string;
  /** Everything the server has written so far (its log lines: stdout and stderr, as they came). */
  output(): string;
};

/**
 * How long a test site may take to answer: a fresh data directory is created, migrated and
 * seeded before the server listens, which took over 60 s once on a loaded 2-core machine (the
 * run's global setup failed there with nothing said, issue 45). A copied database starts in about
 * a second, so the bound only matters when something is wrong, and then it says what.
 */
const START_BOUND_MS = Number(process.env.E2E_START_SECONDS ?? 180) * 1000;

/**
 * Starts tests/support/e2e-server.ts (the production build on a fresh seeded database) on
 * `port`, resolves once /healthz answers 200 (the server listens only once its database is
 * migrated and seeded). A port another process holds fails at once, naming it; a server that
 * exits, or does not answer within the bound, fails with everything it wrote. The returned
 * stop() ends it and waits for the exit.
 */
export async function startSiteServer(
  port: number,
  env: Record<string, string> = {},
): Promise<SiteServer & { stop(): Promise<void> }> {
  await ensurePortFree(port, "127.0.0.1", "E2E_PORT (each worker takes a block of 20 ports from it)");
  const child: ChildProcess = spawn(process.execPath, [join(root, "tests/support/e2e-server.ts")], {
    env: { ...process.env, E2E_PORT: String(port), E2E_STATE_DIR: stateDir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The worker's site logs at "warn" (only stderr, echoed here): a site started with LOG_LEVEL
  // "info" keeps its access log in `output` for the specs that read it.
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  // A worker that dies takes its servers with it.
  process.once("exit", () => child.kill("SIGKILL"));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const baseURL = `http://localhost:${port}`;
  const startedAt = Date.now();
  const said = () => `its output:\n${output.trim() || "(nothing at all)"}`;
  let lastAnswer = "no connection yet";
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`the test server on ${port} exited (code ${exitCode}) before answering GET /healthz; ${said()}`);
    const status = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.status)
      .catch((error: Error) => error.name);
    if (status === 200) break;
    lastAnswer = typeof status === "number" ? `HTTP ${status}` : status;
    if (Date.now() - startedAt > START_BOUND_MS) {
      child.kill("SIGKILL");
      throw new Error(
        `the test server on ${port} did not answer GET /healthz with 200 within ${START_BOUND_MS / 1000} s ` +
          `(last: ${lastAnswer}; E2E_START_SECONDS sets the bound); ${said()}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const state = JSON.parse(readFileSync(join(stateDir(), `mictlan-e2e-${port}.json`), "utf8")) as { dataDir: string };
  return {
    port,
    baseURL,
    dataDir: state.dataDir,
    mailbox: mailboxPath(stateDir(), port),
    output: () => output,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A new data directory for a server a test starts itself, holding a copy of the run's migrated
 * and seeded database (tests/support/e2e-global-setup.ts) when there is one: the server then
 * starts in about a second instead of creating, migrating and seeding a database of its own,
 * which took over a minute on a loaded 2-core machine.
 */
export function seededDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), prefix));
  if (process.env.E2E_PGDATA_TEMPLATE)
    cpSync(process.env.E2E_PGDATA_TEMPLATE, pgdataPath(dataDir), { recursive: true });
  return dataDir;
}

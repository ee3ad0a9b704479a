/**
 * `npm start`: builds when the build is missing or older than the sources, then serves.
 * Migrations and the demo seed run inside the server before it listens.
 *
 * Signals (docs/decisions/032-signals-logs-and-operations.md): package.json runs this with
 * `exec`, so npm's shell gives way to Node and the SIGTERM or SIGINT npm passes on reaches the
 * server's graceful shutdown (server/main.ts). Should npm itself die without passing anything on
 * (SIGKILL, a crash), this process notices it was left alone and stops too, rather than keep the
 * port as an orphan nobody supervises.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { log } from "../app/lib/log.server.ts";
import { buildSteps } from "./build-steps.ts";

const root = resolve(import.meta.dirname, "..");
const buildMarker = join(root, "build/server/index.js");
const SOURCES = ["app", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

stopWhenOrphaned();

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs a build step; a stop asked for meanwhile ends the step too, never leaving it half-written on its own. */
async function runStep(args: string[]) {
  const step = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
  const stop = (signal: NodeJS.Signals) => {
    step.kill(signal);
    process.exitCode = 128 + (signal === "SIGINT" ? 2 : 15);
  };
  process.on("SIGTERM", stop).on("SIGINT", stop);
  const code = await new Promise<number | null>((done) => step.once("exit", (exitCode) => done(exitCode)));
  process.off("SIGTERM", stop).off("SIGINT", stop);
  if (process.exitCode) process.exit();
  if (code !== 0) process.exit(code ?? 1);
}

const sourcesMtime = Math.max(
  ...SOURCES.map((source) => join(root, source))
    .filter(existsSync)
    .map(newestMtime),
);
if (!existsSync(buildMarker) || statSync(buildMarker).mtimeMs < sourcesMtime) {
  // A JSON line like every other (docs/operations.md "Logs"): the build's own output follows it.
  log.info("building the site: no build, or one older than the sources");
  for (const step of buildSteps(root)) await runStep(step);
}

await import("../server/main.ts");

/**
 * Checked every second: once npm is gone the process is adopted (its parent id changes). Only
 * under npm: run directly (`nohup node scripts/start.ts &`), a parent shell that exits is no
 * reason to stop.
 */
function stopWhenOrphaned() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    log.warn("the process that started the server is gone: stopping too");
    // The server's own handler (server/main.ts) shuts down gracefully; before it is installed,
    // SIGTERM's default action simply ends this process.
    process.kill(process.pid, "SIGTERM");
  }, 1000);
  watch.unref();
}

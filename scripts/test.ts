/**
 * `npm test`: typecheck, lint, format check, unit and integration tests (Vitest), a production build, then
 * end-to-end tests (Playwright in Chromium). Exit code non-zero when any step fails.
 *
 * The build runs first, alone (~5 s): the end-to-end tests need it and are the longest step, so
 * they start as soon as it is done. Every other step starts at the same moment, beside them.
 * The run is CPU-bound on 2 cores, and each part alone left the cores idle while it waited (on
 * the databases, the disk, a test's timer): the unit tests beside the lint, format check and
 * typecheck kept the cores ~85% busy, the end-to-end tests alone ~85%. Together they fill each
 * other's waits: ~335 s instead of ~387 s (docs/decisions/048). A step whose output is buffered
 * prints it whole when it ends, under its name; the end-to-end tests stream theirs.
 * `npm test -- unit` (or `build`, `end-to-end`, …) runs the steps
 * whose name contains one of the words.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSteps } from "./build-steps.ts";

const root = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
// Installed under this name beside TypeScript 6, which typescript-eslint and editors still load.
const typescript7 = join(root, "node_modules/typescript-7/bin/tsc");
// Machine-readable results of both runners, for one closing line with the counts. TEST_REPORT_DIR
// keeps them (each test's time, for `node scripts/test-times.ts` to compare two runs).
const keptReports = process.env.TEST_REPORT_DIR ? resolve(process.env.TEST_REPORT_DIR) : null;
if (keptReports) mkdirSync(keptReports, { recursive: true });
const reports = keptReports ?? mkdtempSync(join(tmpdir(), "mictlan-test-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

type Command = [string, string[]];
/**
 * A step: commands run one after the other; `live` streams its output instead of buffering it;
 * `needsBuild`: it runs only if the build passed (it is counted failed otherwise).
 */
type Step = { name: string; commands: Command[]; live?: boolean; needsBuild?: boolean };

/** Runs first, alone: the end-to-end tests need it. */
const build: Step = {
  name: "build",
  commands: buildSteps(root).map((step): Command => [process.execPath, step]),
};

/** Run at once, after the build. */
const steps: Step[] = [
  {
    name: "unit and integration tests",
    commands: [[bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]]],
  },
  {
    name: "typecheck",
    commands: [
      [bin("react-router"), ["typegen"]],
      // TypeScript 7, the compiler in Go (docs/decisions/043): the same checks of the same files
      // as TypeScript 6's tsc in a fifth of its CPU. One thread: the other steps use the cores.
      [process.execPath, [typescript7, "--noEmit", "--singleThreaded"]],
    ],
  },
  { name: "lint", commands: [[bin("eslint"), ["."]]] },
  {
    // The shipped alert rules (deploy/prometheus): valid, and each fires on the figures it names
    // and stays quiet on a normal night (Debian's `prometheus` package; .ci/run installs it).
    name: "alert rules",
    commands: [
      ["promtool", ["check", "rules", "deploy/prometheus/alerts.yml"]],
      ["promtool", ["test", "rules", "deploy/prometheus/alerts.test.yml"]],
    ],
  },
  { name: "format check", commands: [[bin("prettier"), ["--check", "."]]] },
  {
    name: "end-to-end tests",
    commands: [[bin("playwright"), ["test", "--reporter=list,json"]]],
    live: true,
    needsBuild: true,
  },
];

const only = process.argv.slice(2);
const wanted = (step: Step) => !only.length || only.some((word) => step.name.includes(word));
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function runCommand([command, args]: Command, live: boolean, output: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    });
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("error", (error) => {
      output.push(`${error.message}\n`);
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function runStep(step: Step): Promise<boolean> {
  const since = Date.now();
  const output: string[] = [];
  const describe = step.commands.map(([command, args]) => [command.replace(root + "/", ""), ...args].join(" "));
  if (step.live) console.log(`\n▶ ${step.name}: ${describe.join(" && ")}`);
  let status = 0;
  for (const command of step.commands) {
    if (!step.live) output.push(`$ ${describe[step.commands.indexOf(command)]}\n`);
    status = await runCommand(command, Boolean(step.live), output);
    if (status !== 0) break;
  }
  if (!step.live) {
    console.log(`\n▶ ${step.name}: ${describe.join(" && ")}`);
    process.stdout.write(output.join(""));
  }
  console.log(`${status === 0 ? "✔" : "✖"} ${step.name} ${status === 0 ? "passed" : "failed"} (${seconds(since)})`);
  return status === 0;
}

const failed: string[] = [];
const built = wanted(build) ? await runStep(build) : true;
if (!built) failed.push(build.name);
await Promise.all(
  steps.filter(wanted).map(async (step) => {
    if (step.needsBuild && !built) {
      console.log(`\n✖ ${step.name} not run: the build failed`);
      failed.push(step.name);
      return;
    }
    if (!(await runStep(step))) failed.push(step.name);
  }),
);

if (failed.length) console.error(`\n✖ failed: ${failed.join(", ")} (${seconds(started)})`);
else console.log(`\n✔ all tests passed (${seconds(started)})`);
printCounts();
if (!keptReports) rmSync(reports, { recursive: true, force: true });
process.exit(failed.length ? 1 : 0);

function printCounts() {
  let passed = 0;
  let failedTests = 0;
  if (existsSync(vitestReport)) {
    const vitest = JSON.parse(readFileSync(vitestReport, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed += vitest.numPassedTests;
    failedTests += vitest.numFailedTests;
  }
  if (existsSync(playwrightReport)) {
    const playwright = JSON.parse(readFileSync(playwrightReport, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += playwright.stats.expected + playwright.stats.flaky;
    failedTests += playwright.stats.unexpected;
  }
  // The last line, read by CI.
  if (passed + failedTests > 0) console.log(`${passed} passed, ${failedTests} failed`);
}

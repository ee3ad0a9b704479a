/**
 * `npm test`: typecheck, lint, format check, unit and integration tests (Vitest), a production build, then
 * end-to-end tests (Playwright in Chromium). Exit code non-zero when any step fails.
 *
 * The steps before the end-to-end tests are independent of each other and mostly wait (on the
 * databases, on the disk), so they run at once; each one's output is printed whole when it
 * ends, under its name. The end-to-end tests need the build and run last, alone (their workers
 * use the machine's cores: started beside the unit tests on a 2-core machine, they stretched
 * those from 148 s to 578 s and timed out two tests of their own). `npm test -- unit` (or `build`, `end-to-end`, …) runs the steps
 * whose name contains one of the words.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
// Installed under this name beside TypeScript 6, which typescript-eslint and editors still load.
const typescript7 = join(root, "node_modules/typescript-7/bin/tsc");
// Machine-readable results of both runners, for one closing line with the counts.
const reports = mkdtempSync(join(tmpdir(), "mictlan-test-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

type Command = [string, string[]];
/** A step: commands run one after the other; `live` streams its output instead of buffering it. */
type Step = { name: string; commands: Command[]; live?: boolean };

const stages: Step[][] = [
  [
    {
      name: "unit and integration tests",
      commands: [
        [bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]],
      ],
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
    { name: "format check", commands: [[bin("prettier"), ["--check", "."]]] },
    {
      name: "build",
      commands: [
        [bin("react-router"), ["build"]],
        [process.execPath, [join(root, "scripts/precompress.ts")]],
      ],
    },
  ],
  [{ name: "end-to-end tests", commands: [[bin("playwright"), ["test", "--reporter=list,json"]]], live: true }],
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
for (const stage of stages) {
  const steps = stage.filter(wanted);
  if (!steps.length) continue;
  const results = await Promise.all(steps.map(runStep));
  steps.forEach((step, index) => {
    if (!results[index]) failed.push(step.name);
  });
  // The end-to-end tests need everything before them to have passed (the build above all).
  if (failed.length) break;
}

if (failed.length) console.error(`\n✖ failed: ${failed.join(", ")} (${seconds(started)})`);
else console.log(`\n✔ all tests passed (${seconds(started)})`);
printCounts();
rmSync(reports, { recursive: true, force: true });
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

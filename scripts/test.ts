/**
 * `npm test`: typecheck, lint, format check, unit and integration tests (Vitest), a production build, then
 * end-to-end tests (Playwright in Chromium). Stops at the first failing step, exit code non-zero.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
// Machine-readable results of both runners, for one closing line with the counts.
const reports = mkdtempSync(join(tmpdir(), "mictlan-test-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

const steps: [string, string, string[]][] = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), ["."]],
  ["format check", bin("prettier"), ["--check", "."]],
  [
    "unit and integration tests",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  ],
  ["build", bin("react-router"), ["build"]],
  ["precompress", process.execPath, [join(root, "scripts/precompress.ts")]],
  ["end-to-end tests", bin("playwright"), ["test", "--reporter=list,json"]],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n▶ ${name}: ${[command.replace(root + "/", ""), ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    printCounts();
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all tests passed");
printCounts();

function printCounts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const vitest = JSON.parse(readFileSync(vitestReport, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
  if (existsSync(playwrightReport)) {
    const playwright = JSON.parse(readFileSync(playwrightReport, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
  }
  if (passed + failed > 0) console.log(`${passed} passed, ${failed} failed`);
}

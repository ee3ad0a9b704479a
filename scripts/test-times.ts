/**
 * Each test file's time, from the reports `npm test` keeps with TEST_REPORT_DIR, for one run or
 * two side by side (issue 45 §4):
 *
 *   TEST_REPORT_DIR=.test-times/main npm test      (on main)
 *   TEST_REPORT_DIR=.test-times/mine npm test      (on a change)
 *   node scripts/test-times.ts .test-times/main .test-times/mine
 *
 * A file's time is the sum of its tests' durations (for end-to-end specs, the time a worker spent
 * on them, hooks and the worker's site start included where Playwright counts them): what the
 * file costs the run, whatever ran beside it. The slowest files first, by the last run given;
 * TEST_TIMES_TOP (30) of them, then the totals per runner.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

const runs = process.argv.slice(2);
if (!runs.length || runs.length > 2) {
  console.error("usage: node scripts/test-times.ts REPORT_DIR [REPORT_DIR]");
  process.exit(2);
}
const top = Number(process.env.TEST_TIMES_TOP ?? 30);

type FileTimes = Map<string, { runner: "unit" | "e2e"; seconds: number; tests: number }>;

type VitestReport = { testResults: { name: string; assertionResults: { duration?: number | null }[] }[] };
type PlaywrightSuite = {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** A path from the checkout's root, wherever the run's checkout was (Vitest names files whole). */
const inCheckout = (file: string) => file.replace(/^.*?\/(?=(app|db|server|scripts|tests)\/)/, "");

function readRun(dir: string): FileTimes {
  const times: FileTimes = new Map();
  const add = (file: string, runner: "unit" | "e2e", ms: number) => {
    const entry = times.get(file) ?? { runner, seconds: 0, tests: 0 };
    entry.seconds += ms / 1000;
    entry.tests++;
    times.set(file, entry);
  };
  const vitestFile = join(dir, "vitest.json");
  if (existsSync(vitestFile)) {
    const report = JSON.parse(readFileSync(vitestFile, "utf8")) as VitestReport;
    for (const file of report.testResults)
      for (const test of file.assertionResults) add(inCheckout(file.name), "unit", test.duration ?? 0);
  }
  const playwrightFile = join(dir, "playwright.json");
  if (existsSync(playwrightFile)) {
    const report = JSON.parse(readFileSync(playwrightFile, "utf8")) as { suites: PlaywrightSuite[] };
    const walk = (suite: PlaywrightSuite, file: string) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          for (const result of test.results) add(join("tests/e2e", file), "e2e", result.duration);
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of report.suites) walk(suite, suite.file);
  }
  if (!times.size) throw new Error(`${dir}: no vitest.json or playwright.json`);
  return times;
}

const measured = runs.map(readRun);
const last = measured.at(-1)!;
const files = [...new Set(measured.flatMap((run) => [...run.keys()]))].sort(
  (a, b) => (last.get(b)?.seconds ?? 0) - (last.get(a)?.seconds ?? 0),
);
const cell = (run: FileTimes, file: string) => {
  const entry = run.get(file);
  return entry ? `${entry.seconds.toFixed(1)} s`.padStart(9) : "        –";
};
const ratio = (file: string) => {
  if (measured.length < 2) return "";
  const [before, after] = measured.map((run) => run.get(file)?.seconds);
  return before && after ? `  ${(after / before).toFixed(2)}×` : "";
};

console.log(`${"file".padEnd(64)}${runs.map((run) => basename(run).slice(-9).padStart(9)).join("")}`);
for (const file of files.slice(0, top))
  console.log(`${file.padEnd(64)}${measured.map((run) => cell(run, file)).join("")}${ratio(file)}`);
for (const runner of ["unit", "e2e"] as const) {
  const totals = measured.map((run) =>
    [...run.values()].filter((entry) => entry.runner === runner).reduce((sum, entry) => sum + entry.seconds, 0),
  );
  const counts = measured.map((run) =>
    [...run.values()].filter((entry) => entry.runner === runner).reduce((sum, entry) => sum + entry.tests, 0),
  );
  const change = totals.length === 2 && totals[0] ? `  ${(totals[1]! / totals[0]).toFixed(2)}×` : "";
  console.log(
    `${`all ${runner === "unit" ? "Vitest" : "Playwright"} tests (${counts.join(" / ")})`.padEnd(64)}${totals.map((total) => `${total.toFixed(1)} s`.padStart(9)).join("")}${change}`,
  );
}

/**
 * `npm test`: typecheck, lint, unit and integration tests (Vitest), a production build, then
 * end-to-end tests (Playwright in Chromium). Stops at the first failing step, exit code non-zero.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);

const steps: [string, string, string[]][] = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), ["."]],
  ["unit and integration tests", bin("vitest"), ["run"]],
  ["build", bin("react-router"), ["build"]],
  ["precompress", process.execPath, [join(root, "scripts/precompress.ts")]],
  ["end-to-end tests", bin("playwright"), ["test"]],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n▶ ${name}: ${[command.replace(root + "/", ""), ...args].join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all tests passed");

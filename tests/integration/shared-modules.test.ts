import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Vitest runs each worker's test files one after the other in the same loaded modules
 * (`isolate: false` in vitest.config.ts, issue 21). A file that replaced a module, a global, the
 * clock or an environment variable would change the files run after it, in an order that varies
 * from run to run: none may.
 */
const root = join(import.meta.dirname, "../..");
const TEST_FILE = /\.test\.tsx?$/;
// Split so that this file does not find itself.
const LEAKING = [
  "vi." + "mock(",
  "vi." + "doMock(",
  "vi." + "stubEnv(",
  "vi." + "stubGlobal(",
  "vi." + "useFakeTimers(",
];
const ENV_WRITE = /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

describe("test files sharing a worker's modules", () => {
  it("replace no module, global, clock or environment variable for the files after them", () => {
    const files = ["app", "db", "server", "scripts", "tests/integration"].flatMap((dir) => testFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const found = LEAKING.filter((call) => source.includes(call));
      if (ENV_WRITE.test(source)) found.push("a write to process.env");
      return found.map((what) => `${relative(root, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });
});

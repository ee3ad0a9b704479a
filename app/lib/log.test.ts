import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const logModule = resolve(import.meta.dirname, "log.server.ts");

/** Runs a fresh Node process that logs one line of each level under the given LOG_LEVEL. */
function linesLoggedWith(level: string | undefined) {
  const script = `const { log } = await import(${JSON.stringify(logModule)});
for (const name of ["debug", "info", "warn", "error"]) log[name]("line", { level: name });`;
  const env = { ...process.env };
  delete env.LOG_LEVEL;
  if (level) env.LOG_LEVEL = level;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return (run.stdout + run.stderr)
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { level: string }).level);
}

describe("the logger", () => {
  it("honours LOG_LEVEL from the environment", () => {
    expect(linesLoggedWith("warn").sort()).toEqual(["error", "warn"]);
    expect(linesLoggedWith("silent")).toEqual([]);
    expect(linesLoggedWith("debug")).toHaveLength(4);
  });

  it("logs info and above by default", () => {
    expect(linesLoggedWith(undefined).sort()).toEqual(["error", "info", "warn"]);
  });
});

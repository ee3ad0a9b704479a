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

  it("writes no line with a credential from an address in it, in any field", () => {
    const token = "Ab3_xY9-kLmNoPqRsTuVwX12";
    const script = `const { log } = await import(${JSON.stringify(logModule)});
log.info("request", { path: "/ENTRAR/${token}.data" });
log.error("unhandled error", { url: "/permiso-familiar/${token}", error: new Error('No route matches URL "/%65ntrar/${token}"') });
log.warn("mail", { link: "https://x.example/api/auth/reset-password/${token}?callbackURL=%2F", nested: ["/entrar/${token}"] });`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, LOG_LEVEL: "info" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = (run.stdout + run.stderr).split("\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(token);
    expect(lines.join("\n")).toContain('"path":"/entrar/…"');
    expect(lines.join("\n")).toContain('"url":"/permiso-familiar/…"');
    // Still one JSON object a line, the error's message and stack kept but for the token.
    expect((JSON.parse(lines[1]!) as { error: { message: string } }).error.message).toBe(
      'No route matches URL "/entrar/…"',
    );
  });
});

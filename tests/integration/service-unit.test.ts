import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * deploy/valentina-y-taquito.service: what restarts the site on a plain machine (docs/operations.md). The
 * restart itself is proven in tests/e2e/crash-restart.spec.ts (a crash exits non-zero, the same
 * command serves again); here, that systemd accepts the unit and would run that command.
 */
const root = resolve(import.meta.dirname, "../..");
const unit = readFileSync(join(root, "deploy/valentina-y-taquito.service"), "utf8");
const directives = (name: string) =>
  unit
    .split("\n")
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));

describe("the systemd unit", () => {
  const scratch = mkdtempSync(join(tmpdir(), "mictlan-unit-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("restarts the server after a crash and runs it directly, so that signals reach it", () => {
    expect(directives("Restart")).toEqual(["on-failure"]);
    expect(directives("ExecStart")).toEqual([
      "/srv/valentina-y-taquito/current/node_modules/.bin/node --max-semi-space-size=4 server/main.ts",
    ]);
    expect(directives("KillSignal")).toEqual(["SIGTERM"]);
  });

  it.skipIf(!existsSync("/usr/bin/systemd-analyze"))("is a unit systemd accepts", () => {
    // Installed where this checkout is, as docs/operations.md's steps install it under /srv (this
    // checkout standing for the release `current` points at).
    const installed = join(scratch, "valentina-y-taquito.service");
    writeFileSync(
      installed,
      unit
        .replaceAll("/srv/valentina-y-taquito/current", root)
        .replaceAll("/srv/valentina-y-taquito", root)
        .replace(/^User=.*$/m, ""),
    );
    const output = execFileSync("systemd-analyze", ["verify", installed], { encoding: "utf8", stdio: "pipe" });
    expect(output).toBe("");
  });
});

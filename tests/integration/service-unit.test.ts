import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * deploy/valentina-y-taquito.service: what restarts the site on a plain machine (docs/operations.md). The
 * restart itself is proven in tests/e2e/crash-restart.spec.ts (a crash exits non-zero, the same
 * command serves again), the unit's ExecStart run as systemd runs it in
 * tests/integration/plain-machine-install.test.ts, and SIGTERM to `npm start` in
 * tests/e2e/operations.spec.ts; here, that systemd accepts the unit.
 */
const root = resolve(import.meta.dirname, "../..");
const unit = readFileSync(join(root, "deploy/valentina-y-taquito.service"), "utf8");
describe("the systemd unit", () => {
  const scratch = mkdtempSync(join(tmpdir(), "mictlan-unit-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

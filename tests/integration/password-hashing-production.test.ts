import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");

/**
 * A process started without the test harness, as `npm start` and the container start the site
 * (NODE_ENV=production), with every variable this run has: it hashes passwords and PINs at
 * better-auth's full cost, and refuses a hash made at test cost (docs/decisions/040).
 */
describe("password hashing outside the test harness", () => {
  it("is better-auth's full-cost scrypt, whatever the environment says, and refuses test-cost hashes", async () => {
    const module = join(root, "app/lib/password-hashing.server.ts");
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { hashSecret, verifySecret, testPasswordHashingInstalled } = await import(${JSON.stringify(module)});
         const { verifyPassword } = await import("better-auth/crypto");
         const started = process.cpuUsage();
         const hash = await hashSecret("cempasuchil-2025");
         const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
         console.log(JSON.stringify({
           installed: testPasswordHashingInstalled(),
           hash,
           cpuMs,
           acceptedByBetterAuth: await verifyPassword({ hash, password: "cempasuchil-2025" }),
           testHashAccepted: await verifySecret({
             hash: "test-scrypt:00112233445566778899aabbccddeeff:" + "00".repeat(32),
             password: "cempasuchil-2025",
           }),
         }));`,
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: "production" } },
    );
    const result = JSON.parse(stdout) as {
      installed: boolean;
      hash: string;
      cpuMs: number;
      acceptedByBetterAuth: boolean;
      testHashAccepted: boolean;
    };
    expect(result.installed).toBe(false);
    // better-auth's format: a 16-byte salt and a 64-byte scrypt key, in hex.
    expect(result.hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(result.acceptedByBetterAuth).toBe(true);
    expect(result.testHashAccepted).toBe(false);
    // N 16384, r 16 takes tens of milliseconds of CPU; the test cost takes well under one.
    expect(result.cpuMs).toBeGreaterThan(20);
  });
});

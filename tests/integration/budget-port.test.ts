import { execFile, spawn } from "node:child_process";
import { createServer, type AddressInfo, type Server } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ensurePortFree, portFromEnv, waitForHealthz } from "../../scripts/server-ready.ts";

/**
 * Issue 38: `npm run budget` runs beside other work. Its port comes from BUDGET_PORT, a port
 * another process holds is refused at once (rather than measuring that process's pages), and it
 * waits for a slow server to answer /healthz, but not for one that has already exited.
 */
const root = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

async function holdPort(): Promise<Server> {
  const holder = createServer();
  await new Promise<void>((done) => holder.listen(0, "127.0.0.1", done));
  return holder;
}

describe("the budget script's port and wait", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("takes BUDGET_PORT from the environment, the default when it is unset, and refuses a non-port", () => {
    expect(portFromEnv({ BUDGET_PORT: "6805" }, "BUDGET_PORT", 3300)).toBe(6805);
    expect(portFromEnv({}, "BUDGET_PORT", 3300)).toBe(3300);
    expect(portFromEnv({ BUDGET_PORT: "" }, "BUDGET_PORT", 3300)).toBe(3300);
    expect(() => portFromEnv({ BUDGET_PORT: "puerto" }, "BUDGET_PORT", 3300)).toThrow(
      /BUDGET_PORT=puerto is not a port/,
    );
  });

  it("stops at once, naming the port, when another process holds BUDGET_PORT", async () => {
    const holder = await holdPort();
    cleanups.push(() => holder.close());
    const { port } = holder.address() as AddressInfo;
    await expect(ensurePortFree(port, "127.0.0.1", "BUDGET_PORT")).rejects.toThrow(
      `port ${port} is already in use by another process: set BUDGET_PORT to a free port`,
    );
    const started = Date.now();
    const answer = await run(process.execPath, [join(root, "scripts/budget.ts")], {
      env: { ...process.env, BUDGET_PORT: String(port) },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(`port ${port} is already in use by another process: set BUDGET_PORT`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("waits for a server that answers /healthz late", async () => {
    const holder = await holdPort();
    const { port } = holder.address() as AddressInfo;
    await new Promise((done) => holder.close(done));
    // The server listens on the port we chose, 1.5 s after it starts.
    const child = spawn(
      process.execPath,
      [
        "-e",
        `setTimeout(() => require("node:http").createServer((q, s) => { s.statusCode = q.url === "/healthz" ? 200 : 404; s.end(); }).listen(${port}, "127.0.0.1"), 1500)`,
      ],
      { stdio: "ignore" },
    );
    cleanups.push(() => child.kill());
    const started = Date.now();
    await waitForHealthz(`http://127.0.0.1:${port}`, child, { deadlineMs: 20_000, intervalMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    // Still patient, but not for ever: a page that never answers 200 ends at the deadline.
    await expect(
      waitForHealthz(`http://127.0.0.1:${port}/no-es-el-servidor`, child, { deadlineMs: 600, intervalMs: 100 }),
    ).rejects.toThrow(/not ready within 1 s/);
  });

  it("gives up at once on a server that exited before it was ready", async () => {
    const child = spawn(process.execPath, ["-e", "process.exit(3)"], { stdio: "ignore" });
    await new Promise((done) => child.once("exit", done));
    const started = Date.now();
    await expect(waitForHealthz("http://127.0.0.1:9", child, { deadlineMs: 60_000, intervalMs: 100 })).rejects.toThrow(
      "the server exited (3) before it was ready",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

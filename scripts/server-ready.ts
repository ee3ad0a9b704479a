import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * Starting a script's own server beside other work (issue 38): its port from the environment,
 * a check that nothing else holds it, and a patient wait for its /healthz.
 */

/** The port named by `variable` in `env`, or `fallback` when it is unset or empty. */
export function portFromEnv(env: Record<string, string | undefined>, variable: string, fallback: number): number {
  const value = env[variable];
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${variable}=${value} is not a port: give a whole number from 1 to 65535`);
  return port;
}

/**
 * Fails when another process already listens on `host:port`: its /healthz would answer in place
 * of our server's (which then exits on EADDRINUSE) and the script would measure someone else's.
 */
export async function ensurePortFree(port: number, host: string, variable: string): Promise<void> {
  const probe = createServer();
  await new Promise<void>((done, fail) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${port} is already in use by another process: set ${variable} to a free port`
            : `cannot listen on port ${port}: ${error.message} (set ${variable} to another port)`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => done()));
  });
}

/**
 * Polls `origin`/healthz until it answers 200. A fresh data directory is migrated and seeded
 * before the server listens, which on a busy shared machine has taken tens of seconds, so the
 * deadline is generous; a server that exits first (a bad build, a port taken meanwhile) fails
 * the wait at once instead of at the deadline.
 */
export async function waitForHealthz(
  origin: string,
  server: ChildProcess,
  { deadlineMs, intervalMs = 250 }: { deadlineMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was ready`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok && !exited()) return;
    } catch {
      // not listening yet, or too busy to answer within 5 s
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  throw new Error(`the server was not ready within ${Math.round(deadlineMs / 1000)} s (${origin}/healthz)`);
}

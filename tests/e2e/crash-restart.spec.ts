import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ADULT_BIRTH_YEAR, PASSWORD, expect, test, uniqueEmail, workerPort } from "./support.ts";

/**
 * The last line behind app/lib/page-stream.server.ts (issue 19): an error nothing caught is
 * logged with the id of the request that caused it, and the instance exits non-zero for its
 * supervisor (compose's restart policy, deploy/valentina-y-taquito.service) to start it again,
 * which then serves at once on the same data, sessions included.
 */
const root = resolve(import.meta.dirname, "../..");
const CRASH_PATH = "/__falla-de-prueba";

function startInstance(port: number, dataDir: string) {
  const child = spawn(process.execPath, [resolve(root, "server/main.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      TEST_CRASH_PATH: CRASH_PATH,
      // The restart takes the crashed process's lock over once stale: 2 s here, 5 s in production.
      DATA_DIR_LOCK_STALE_MS: "2000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, exit, output: () => output };
}

async function waitUntilServing(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://localhost:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`nothing served on ${port} within ${timeoutMs} ms`);
}

test("an instance that crashes logs the request, exits non-zero and serves again when restarted", async () => {
  test.setTimeout(120_000);
  const port = workerPort(25);
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(process.env.E2E_RUN_DIR ?? tmpdir(), "mictlan-crash-"));
  const first = startInstance(port, dataDir);
  try {
    await waitUntilServing(port, 60_000);
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, name: "lectora", birthYear: ADULT_BIRTH_YEAR }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");

    const fault = await fetch(`${origin}${CRASH_PATH}`);
    const faultRequestId = fault.headers.get("X-Request-Id");
    expect(faultRequestId).toBeTruthy();
    expect(await first.exit).toBe(1);
    const logged = first
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; requestId?: string })
      .find((entry) => entry.msg.startsWith("uncaught exception"));
    expect(logged).toMatchObject({ level: "error", requestId: faultRequestId });

    // What the supervisor does: the same command again, on the same data directory.
    const startedAgain = Date.now();
    const second = startInstance(port, dataDir);
    try {
      await waitUntilServing(port, 30_000);
      // The lock the crashed process left is taken over within its stale time (decision 009).
      expect(Date.now() - startedAgain).toBeLessThan(20_000);
      const profile = await fetch(`${origin}/tu-perfil`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(profile.status).toBe(200);
    } finally {
      second.child.kill("SIGTERM");
      await second.exit;
    }
  } finally {
    first.child.kill("SIGKILL");
  }
});

import { execFileSync, spawn } from "node:child_process";
import { closeSync, cpSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensurePortFree } from "../../scripts/server-ready.ts";
import { ADULT_BIRTH_YEAR, PASSWORD, expect, test, uniqueEmail, workerPort } from "./support.ts";

/**
 * Issue 41, section 2: a small disk that fills up. Before, the instance answered 500s, then a
 * backup's checkpoint on the full disk left the embedded database spinning at 100% CPU: no page,
 * no probe, no SIGTERM, and nothing a supervisor acts on. Now a failed write answers 503 in
 * Spanish and never hangs, `npm run backup` says why it cannot, the instance that cannot write
 * leaves with status 1, one whose event loop is stuck is killed by its own watchdog, and the
 * supervisor's restart (here the test, doing what Restart=on-failure does) serves every
 * acknowledged write once there is room again.
 *
 * The disk is a real one: a tmpfs of 64 MB mounted for the test (root only: CI runs as root; a
 * run that is not root skips with the reason).
 */
const root = resolve(import.meta.dirname, "../..");
const STALL_PATH = "/__bucle-de-prueba";
/** The instance on the full disk: time to show its 503s first (production: 30 s). */
const UNWRITABLE_SECONDS = 45;
/** The stuck one. */
const WATCHDOG_SECONDS = 6;
const isRoot = process.getuid?.() === 0;
const STORAGE_FULL =
  "No hemos podido guardarlo: el servidor no puede escribir ahora mismo. No se ha guardado nada; inténtalo de nuevo en unos minutos.";

test.skip(!isRoot, "mounting a small filesystem needs root (CI runs as root)");
// One retry: on a machine at load ~15, 2 runs in 8 failed with a request of the filled disk's
// instance answered by a closed connection (undici's 'other side closed'), which a probe of 45
// writes and reads on a full disk did not reproduce. Its likely cause: instances closed an idle
// kept-alive connection after 5 s while undici, told 'timeout=5', reused it for up to 4 s, with
// timers firing late at that load (families.spec met the same race as ECONNRESET). Instances now
// keep them 75 s (server/main.ts, stalled-requests.spec). The retry stays until full runs under
// load confirm it; any other failure fails twice.
test.describe.configure({ retries: 1 });

type Instance = ReturnType<typeof startInstance>;

function startInstance(port: number, dataDir: string, watchdogSeconds = WATCHDOG_SECONDS) {
  const child = spawn(process.execPath, [resolve(root, "server/main.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: "",
      LOG_LEVEL: "info",
      WATCHDOG_SECONDS: String(watchdogSeconds),
      TEST_STALL_PATH: STALL_PATH,
      ASSETS_ARCHIVE_DIR: "off",
      DATA_DIR_LOCK_STALE_MS: "2000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  return { child, exit, output: () => output };
}

/**
 * Waits for the instance's /healthz. An instance that exited (a taken port, a database it could
 * not open) fails at once with what it wrote, not after the whole bound.
 */
async function waitUntilServing(instance: Instance, port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void instance.exit.then((how) => (exited = how));
  while (Date.now() < deadline) {
    if (exited)
      throw new Error(
        `the instance on ${port} exited (${JSON.stringify(exited)}) before serving:\n${instance.output()}`,
      );
    const ok = await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`nothing served on ${port} within ${timeoutMs} ms; the instance wrote:\n${instance.output()}`);
}

/** A JSON POST to better-auth as a browser on the site would send it; never waits over 20 s. */
const post = (origin: string, path: string, body: object) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });

const signUp = (origin: string, email: string) =>
  post(origin, "/api/auth/sign-up/email", { email, password: PASSWORD, name: "lectora", birthYear: ADULT_BIRTH_YEAR });
const signIn = (origin: string, email: string) =>
  post(origin, "/api/auth/sign-in/email", { email, password: PASSWORD });

/** Fills the filesystem of `dir` to its last byte with one file. */
function fill(dir: string): string {
  const file = join(dir, "relleno");
  const fd = openSync(file, "w");
  try {
    for (const size of [1024 * 1024, 4096, 512, 1]) {
      const chunk = new Uint8Array(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

const logLines = (instance: Instance) =>
  instance
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string });

test("a full disk: writes answer 503 in Spanish, the backup says why, the instance leaves and comes back with every acknowledged write", async () => {
  // About 70 s on a quiet machine; three instance starts and a 45 s wait took 3.5–4 min at load 15.
  test.setTimeout(360_000);
  // +29: the one offset of the worker's block nothing else takes. It used +27, the OpenID Connect
  // port of the worker's site without optional services: after a spec had started that site, this
  // instance could not listen and /healthz was asked of the OIDC server (404) until the bound
  // (why the spec failed in full runs and passed alone).
  const port = workerPort(29);
  await ensurePortFree(port, "127.0.0.1", "E2E_PORT");
  const origin = `http://localhost:${port}`;
  const disk = mkdtempSync(join(tmpdir(), "mictlan-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=64m,mode=0700", "tmpfs", disk]);
  const running: Instance[] = [];
  let finished = false;
  try {
    const dataDir = join(disk, "data");
    mkdirSync(dataDir, { mode: 0o700 });
    if (process.env.E2E_PGDATA_TEMPLATE)
      cpSync(process.env.E2E_PGDATA_TEMPLATE, join(dataDir, "pgdata"), { recursive: true });
    const first = startInstance(port, dataDir, UNWRITABLE_SECONDS);
    running.push(first);
    await waitUntilServing(first, port, 90_000);

    // Written and acknowledged while there was room.
    const acknowledged: string[] = [];
    for (let i = 0; i < 2; i++) {
      const email = uniqueEmail("disco");
      expect((await signUp(origin, email)).status).toBe(200);
      acknowledged.push(email);
    }

    const filler = fill(disk);
    const filledAt = Date.now();
    // The backup (asked of the running server) refuses before touching the database, and says why.
    const backup = spawnSyncText(["scripts/backup.ts", join(disk, "copia.tar.gz")], { DATA_DIR: dataDir });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain(`No se pudo hacer la copia: No queda espacio en el disco de los datos (${dataDir}`);
    // Not ready: a proxy sends readers to an instance that can write, and site_ready says 0.
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) })).status, {
        timeout: 15_000,
      })
      .toBe(503);

    // A write that fits in pages the database already holds may still succeed (then it is
    // kept); one that needs a new page cannot. Each answer is a 200 or a 503 with the reason,
    // never a 500, never a hang.
    const email = uniqueEmail("lleno");
    const late = await signUp(origin, email);
    expect([200, 503], await late.clone().text()).toContain(late.status);
    if (late.status === 200) acknowledged.push(email);
    // A contact message of 5,000 characters needs new pages (the long text is stored apart).
    const longText = Array.from(
      { length: 5000 },
      () => "abcdefghijklmnopqrstuvwxyz "[Math.floor(Math.random() * 27)],
    ).join("");
    const message = { name: "Lectora", email: "lectora@example.com", comment: longText };
    const api = await fetch(`${origin}/api/send-email.php`, {
      method: "POST",
      body: new URLSearchParams(message),
      signal: AbortSignal.timeout(20_000),
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("60");
    expect(((await api.json()) as { message: string }).message).toBe(STORAGE_FULL);

    // Then gone, with status 1, for the supervisor to start it again.
    expect((await first.exit).code).toBe(1);
    expect(Date.now() - filledAt).toBeLessThan((UNWRITABLE_SECONDS + 20) * 1000);
    expect(logLines(first).map((line) => line.msg)).toContain(
      "cannot write its data: the instance stops to be restarted",
    );
    // With the site stopped the command opens the database itself: the same answer.
    const stoppedBackup = spawnSyncText(["scripts/backup.ts", join(disk, "copia.tar.gz")], { DATA_DIR: dataDir });
    expect(stoppedBackup.status).toBe(1);
    expect(stoppedBackup.stderr).toContain("No se pudo hacer la copia: No queda espacio en el disco de los datos (");

    // Room again (the operator freed the disk); the supervisor's next start serves every
    // acknowledged write.
    rmSync(filler);
    const second = startInstance(port, dataDir);
    running.push(second);
    await waitUntilServing(second, port, 60_000);
    for (const email of acknowledged) expect((await signIn(origin, email)).status, email).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    // A stuck event loop (what the full disk once did to the database): no answer, no SIGTERM;
    // the watchdog's thread kills the process, which the supervisor starts again.
    void fetch(`${origin}${STALL_PATH}`, { signal: AbortSignal.timeout(60_000) }).catch(() => {});
    await new Promise((done) => setTimeout(done, 1000));
    second.child.kill("SIGTERM");
    const stuckAt = Date.now();
    expect(await second.exit).toEqual({ code: null, signal: "SIGKILL" });
    expect(Date.now() - stuckAt).toBeLessThan((WATCHDOG_SECONDS + 10) * 1000);
    expect(logLines(second).map((line) => line.msg)).toContain(
      "the event loop has been stuck: the instance stops to be restarted",
    );
    const third = startInstance(port, dataDir);
    running.push(third);
    await waitUntilServing(third, port, 60_000);
    for (const email of acknowledged) expect((await signIn(origin, email)).status, email).toBe(200);
    finished = true;
  } finally {
    for (const [index, instance] of running.entries()) {
      await test.info().attach(`instance ${index + 1}`, { body: instance.output(), contentType: "text/plain" });
      // The list reporter cuts attachments short: a failed run prints each instance's log whole.
      if (!finished) console.log(`--- instance ${index + 1} ---\n${instance.output()}`);
    }
    for (const instance of running) instance.child.kill("SIGKILL");
    await Promise.all(running.map((instance) => instance.exit));
    execFileSync("umount", [disk]);
    rmSync(disk, { recursive: true, force: true });
  }
});

function spawnSyncText(args: string[], env: Record<string, string>) {
  try {
    const stdout = execFileSync(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { status: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

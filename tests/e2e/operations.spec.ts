import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { caddyAvailable } from "../support/proxy-topology.ts";
import { expect, seededDataDir, test, workerPort } from "./support.ts";

/**
 * Issue 24, "the night of the dead": what a person running the site sees of its processes and
 * logs. `npm start` stops with its signals and never leaves an orphan on its port; a taken port
 * is one line; a database that is late is waited for; health probes stay out of the info log;
 * a request id is the trusted proxy's, well formed, and the shipped Caddyfile logs it.
 *
 * Ports: offsets 20–23 of this worker's block, which other specs use only while one of their
 * tests runs (tests/e2e/support.ts); a worker runs one test at a time, and these stop every
 * process they start. Not 26–28: the worker's site without optional services may hold them.
 */
const root = resolve(import.meta.dirname, "../..");
const PORT = workerPort(20);
const RELAY_PORT = workerPort(21);
const CADDY_HTTPS_PORT = workerPort(22);
const CADDY_HTTP_PORT = workerPort(23);
const LIVE_H2C_PORT = workerPort(24);

type Started = { child: ChildProcess; exit: Promise<number | null>; output: () => string };

function watch(child: ChildProcess): Started {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, exit, output: () => output };
}

function siteEnv(extra: Record<string, string> = {}) {
  return {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: seededDataDir("mictlan-ops-"),
    DATABASE_URL: "",
    SITE_URL: `http://localhost:${PORT}`,
    SMTP_URL: "",
    TRUST_PROXY: "",
    LOG_LEVEL: "info",
    DATA_DIR_LOCK_STALE_MS: "2000",
    // No proxy's health check to wait for when a test stops it (docs/decisions/034).
    DRAIN_NOTICE_MS: "0",
    ...extra,
  };
}

/** `node server/main.ts`, as the container and the systemd unit run it. */
const startServer = (extra: Record<string, string> = {}) =>
  watch(
    spawn(process.execPath, [join(root, "server/main.ts")], { env: siteEnv(extra), stdio: ["ignore", "pipe", "pipe"] }),
  );

async function waitUntilServing(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`nothing served on ${port} within ${timeoutMs} ms`);
}

/** Whether anything accepts connections on the port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose parent is `pid`. */
const childrenOf = (pid: number) =>
  spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .map((line) => Number(line.trim()))
    .filter(Boolean);

const logLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown> & { level: string; msg: string });

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
}

/** `npm start` as the README says, in a process group of its own so that the test can clean up. */
function npmStart() {
  const npm = watch(
    spawn("npm", ["start"], { cwd: root, env: siteEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true }),
  );
  return npm;
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} to npm start stops the server gracefully and frees the port`, async () => {
    test.setTimeout(90_000);
    const npm = npmStart();
    try {
      await waitUntilServing(PORT, 60_000);
      const [server] = childrenOf(npm.child.pid!);
      expect(server).toBeTruthy();
      npm.child.kill(signal);
      expect(await npm.exit).toBe(0);
      expect(await until(() => !alive(server!), 5000)).toBe(true);
      expect(await portOpen(PORT)).toBe(false);
      const said = logLines(npm.output()).map((line) => line.msg);
      expect(said).toContain("shutting down");
      expect(said).toContain("stopped");
    } finally {
      if (npm.child.exitCode === null) process.kill(-npm.child.pid!, "SIGKILL");
    }
  });
}

// An operator's second Ctrl-C, and the end of the proxy topology's specs (tests/support/
// proxy-topology.ts), count on it: a second signal during the drain's notice stops at once.
test("a second signal during the drain's notice skips the rest of the notice", async () => {
  test.setTimeout(60_000);
  const server = startServer({ DRAIN_NOTICE_MS: "60000" });
  try {
    await waitUntilServing(PORT, 45_000);
    server.child.kill("SIGTERM");
    // Draining: /readyz says 503 for the notice's 60 s while the instance still serves.
    const readiness = () =>
      fetch(`http://127.0.0.1:${PORT}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
    expect(await until(async () => (await readiness()) === 503, 5000)).toBe(true);
    const signalled = Date.now();
    server.child.kill("SIGINT");
    expect(await server.exit).toBe(0);
    // Well within the notice's 60 s: the stop itself (requests, the database) took up to 7.5 s
    // on a machine running the whole suite at 2.3x its usual time.
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(logLines(server.output()).map((line) => line.msg)).toContain("stopped");
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
  }
});

test("a server whose npm start is killed outright stops too, instead of keeping the port as an orphan", async () => {
  test.setTimeout(90_000);
  const npm = npmStart();
  try {
    await waitUntilServing(PORT, 60_000);
    const [server] = childrenOf(npm.child.pid!);
    npm.child.kill("SIGKILL");
    expect(await until(() => !alive(server!), 10_000)).toBe(true);
    expect(await portOpen(PORT)).toBe(false);
    expect(logLines(npm.output()).map((line) => line.msg)).toContain("stopped");
  } finally {
    try {
      process.kill(-npm.child.pid!, "SIGKILL");
    } catch {
      // the whole group is gone already
    }
  }
});

test("a taken port is one clear line and exit 1; an https SITE_URL without TRUST_PROXY warns", async () => {
  test.setTimeout(60_000);
  const squatter = createServer();
  await new Promise<void>((done) => squatter.listen(PORT, "127.0.0.1", done));
  try {
    const server = startServer({ SITE_URL: "https://libro.example" });
    expect(await server.exit).toBe(1);
    const output = server.output();
    // Nothing but log lines: no stack trace.
    expect(output.split("\n").filter((line) => line && !line.startsWith("{"))).toEqual([]);
    const errors = logLines(output).filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe(
      `port ${PORT} is already in use: another instance (or program) is listening there; stop it or set PORT to a free port`,
    );
    expect(errors[0]).not.toHaveProperty("error");
    const warnings = logLines(output).filter((line) => line.level === "warn");
    expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringMatching(/TRUST_PROXY is unset.*every form/));
  } finally {
    squatter.close();
  }
});

test("every line names the instance; health probes are not logged at info; only a trusted proxy's well-formed request id is kept", async () => {
  test.setTimeout(60_000);
  const server = startServer({ TRUST_PROXY: "1" });
  try {
    await waitUntilServing(PORT, 45_000);
    const origin = `http://127.0.0.1:${PORT}`;
    for (let probe = 0; probe < 3; probe++) expect((await fetch(`${origin}/healthz`)).status).toBe(200);

    const idOf = async (sent: string) =>
      (await fetch(`${origin}/personajes`, { headers: { "X-Request-Id": sent } })).headers.get("X-Request-Id");
    const wellFormed = "0f8e2a4c-5b6d-4e7f-9a0b-1c2d3e4f5a6b";
    expect(await idOf(wellFormed)).toBe(wellFormed);
    for (const forged of ["x".repeat(300), "abc", `ataque"},{"level":"error`, "mi id con espacios"]) {
      const given = await idOf(forged);
      expect(given).not.toBe(forged);
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
    }

    const lines = logLines(server.output());
    expect(lines.length).toBeGreaterThan(3);
    // From the first line on, the built app's own lines included.
    for (const line of lines) expect(line.instance).toBe(`${hostname()}:${PORT}`);
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.filter((line) => line.path === "/healthz")).toEqual([]);
    expect(requests.filter((line) => line.path === "/personajes").map((line) => line.requestId)).toContain(wellFormed);
  } finally {
    server.child.kill("SIGTERM");
    await server.exit;
  }

  // No trusted proxy: the client's id, well formed or not, is replaced.
  const direct = startServer();
  try {
    await waitUntilServing(PORT, 45_000);
    const response = await fetch(`http://127.0.0.1:${PORT}/personajes`, {
      headers: { "X-Request-Id": "0f8e2a4c-5b6d-4e7f-9a0b-1c2d3e4f5a6b" },
    });
    expect(response.headers.get("X-Request-Id")).not.toBe("0f8e2a4c-5b6d-4e7f-9a0b-1c2d3e4f5a6b");
  } finally {
    direct.child.kill("SIGTERM");
    await direct.exit;
  }
});

test.describe("with PostgreSQL", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, "needs TEST_DATABASE_URL");

  test("a server started before its database waits for it, then serves", async () => {
    test.setTimeout(90_000);
    const name = `mictlan_ops_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(serverUrl!);
    const late = new URL(serverUrl!);
    late.hostname = "127.0.0.1";
    late.port = String(RELAY_PORT);
    late.pathname = `/${name}`;
    let relay: Server | undefined;
    const server = startServer({ DATABASE_URL: late.href });
    try {
      // Nothing on the database's port: the server says it will try again, and keeps running
      // (waited for by its log line, not a fixed time: a loaded machine starts slower).
      await expect
        .poll(() => logLines(server.output()).some((line) => line.msg === "database not reachable yet: trying again"), {
          timeout: 30_000,
        })
        .toBe(true);
      await new Promise((done) => setTimeout(done, 1000));
      expect(server.child.exitCode).toBeNull();
      relay = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
      });
      await new Promise<void>((done) => relay!.listen(RELAY_PORT, "127.0.0.1", done));
      await waitUntilServing(PORT, 45_000);
      const waited = logLines(server.output()).filter(
        (line) => line.msg === "database not reachable yet: trying again",
      );
      expect(waited.length).toBeGreaterThan(0);
      expect(JSON.stringify(waited)).not.toContain(target.password || "\u0000");
    } finally {
      server.child.kill("SIGTERM");
      await server.exit;
      relay?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

test.describe("behind the shipped Caddyfile", () => {
  test.skip(!caddyAvailable(), "needs the `caddy` binary");

  test("Caddy writes a JSON access log carrying the id the instance logged, never the client's; a reader leaving a live page is no error", async () => {
    test.setTimeout(90_000);
    const work = mkdtempSync(join(tmpdir(), "mictlan-ops-caddy-"));
    // The shipped file as it is, pointed at this one instance on this worker's ports.
    const shipped = readFileSync(join(root, "Caddyfile"), "utf8");
    expect(shipped).toContain("app1:3000 app2:3000");
    expect(shipped).toContain("reverse_proxy /api/live* app1:3001 app2:3001");
    expect(shipped).toMatch(/^\{$/m);
    writeFileSync(
      join(work, "Caddyfile"),
      shipped
        .replace(
          /^\{$/m,
          `{\n\tadmin off\n\thttp_port ${CADDY_HTTP_PORT}\n\tauto_https disable_redirects\n\tskip_install_trust\n\tlocal_certs`,
        )
        .replace("app1:3000 app2:3000", `127.0.0.1:${PORT}`)
        .replace("app1:3001 app2:3001", `127.0.0.1:${LIVE_H2C_PORT}`),
    );
    const site = `https://localhost:${CADDY_HTTPS_PORT}`;
    const server = startServer({ TRUST_PROXY: "1", SITE_URL: site, LIVE_H2C_PORT: String(LIVE_H2C_PORT) });
    let caddy: Started | undefined;
    try {
      await waitUntilServing(PORT, 45_000);
      caddy = watch(
        spawn(
          process.env.CADDY_PATH ?? "caddy",
          ["run", "--config", join(work, "Caddyfile"), "--adapter", "caddyfile"],
          {
            env: {
              ...process.env,
              SITE_HOST: site,
              CADDY_TLS: "internal",
              HOME: work,
              XDG_DATA_HOME: work,
              XDG_CONFIG_HOME: work,
            },
            stdio: ["ignore", "pipe", "pipe"],
          },
        ),
      );
      const forged = "0f8e2a4c-5b6d-4e7f-9a0b-1c2d3e4f5a6b";
      let status = 0;
      await until(async () => {
        status = await curl(`${site}/personajes`, ["-H", `X-Request-Id: ${forged}`]);
        return status === 200;
      }, 20_000);
      expect(status).toBe(200);

      const appLine = logLines(server.output()).find((line) => line.msg === "request" && line.path === "/personajes");
      expect(appLine?.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(appLine?.requestId).not.toBe(forged);
      await until(() => caddy!.output().includes('"uri":"/personajes"'), 5000);
      const access = logLines(caddy.output()).findLast(
        (line) => line.logger === "http.log.access.log0" && (line.request as { uri: string }).uri === "/personajes",
      ) as { resp_headers: Record<string, string[]>; status: number } | undefined;
      expect(access?.status).toBe(200);
      expect(access?.resp_headers["X-Request-Id"]).toEqual([appLine!.requestId]);

      // A reader on a chapter page leaves after two seconds: its live stream ends. It came to the
      // instance over h2c (the shipped route for /api/live) and had its hello.
      const [caddyBefore, serverBefore] = [caddy.output().length, server.output().length];
      // Caddy checks the live pool on its own timer: it may take one more check (2 s) than the
      // site's pool to find the instance ready after its start hold.
      let hello = "";
      await until(async () => {
        hello = await curlText(`${site}/api/live?topic=characters`, ["-N", "--max-time", "2"]);
        return hello !== "";
      }, 20_000);
      expect(hello).toMatch(/^retry: 3000\n: conectado\nid: .+\nevent: hello\ndata: fresh\n\n/);
      await until(() => caddy!.output().includes('"uri":"/api/live?topic=characters"'), 5000);
      await new Promise((done) => setTimeout(done, 500));
      const problems = (output: string) =>
        logLines(output).filter(
          (line) =>
            (line.level === "error" || line.level === "warn") && !String(line.logger).startsWith("http.log.access"),
        );
      expect(problems(caddy.output().slice(caddyBefore)).filter((line) => line.level === "error")).toEqual([]);
      expect(problems(server.output().slice(serverBefore))).toEqual([]);
    } finally {
      caddy?.child.kill("SIGTERM");
      server.child.kill("SIGTERM");
      await Promise.all([caddy?.exit, server.exit]);
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** One https request through Caddy's internal certificate (not trusted by Node's fetch): its body. */
function curlText(url: string, options: string[]): Promise<string> {
  return new Promise((done) => {
    const client = spawn("curl", ["-sk", ...options, url]);
    let out = "";
    client.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    client.once("exit", () => done(out));
  });
}

/** One https request through Caddy's internal certificate (not trusted by Node's fetch): its status. */
function curl(url: string, options: string[]): Promise<number> {
  return new Promise((done) => {
    const client = spawn("curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code}", ...options, url]);
    let out = "";
    client.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    client.once("exit", () => done(Number(out) || 0));
  });
}

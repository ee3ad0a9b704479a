import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataDirFromTemplate } from "../support/test-database.ts";

/**
 * Issue 41 §1: the plain-machine install and upgrade, as docs/operations.md and the systemd unit write
 * them, in a fresh clone of this repository at HEAD: `git clone … repo`, `repo/deploy/release.sh`
 * (a production install, `npm ci --omit=dev`, then the build), the unit's command from `current`;
 * then an upgrade to a newer commit while that instance keeps serving. npm answers from its local
 * cache only (`npm_config_offline`): no registry is needed, as on a machine that installed before.
 */
const root = resolve(import.meta.dirname, "../..");
const SRV = "/srv/valentina-y-taquito";
const unit = readFileSync(join(root, "deploy/valentina-y-taquito.service"), "utf8");
const directive = (name: string) =>
  unit
    .split("\n")
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));

const scratch = mkdtempSync(join(tmpdir(), "mictlan-install-"));
const home = join(scratch, "srv");
const started: ChildProcess[] = [];

/** The operator's shell: the machine's own Node and npm, not this checkout's. */
const operatorEnv = {
  PATH: (process.env.PATH ?? "")
    .split(delimiter)
    .filter((entry) => !entry.startsWith(root))
    .join(delimiter),
  HOME: process.env.HOME ?? scratch,
  npm_config_offline: "true",
  npm_config_update_notifier: "false",
};

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

function release(): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(join(home, "repo/deploy/release.sh"), [], { cwd: home, env: operatorEnv });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => done({ code, output }));
  });
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The unit's ExecStart, in its WorkingDirectory, with its Environment, as systemd starts it. */
function startAsTheUnit(port: number) {
  const local = (value: string) => value.replaceAll(SRV, home);
  const environment = Object.fromEntries(
    directive("Environment")
      .flatMap((line) => line.split(" "))
      .map((pair) => local(pair).split("=") as [string, string]),
  );
  const [command, ...args] = local(directive("ExecStart")[0]!).split(" ");
  const child = spawn(command!, args, {
    cwd: local(directive("WorkingDirectory")[0]!),
    env: { ...operatorEnv, ...environment, PORT: String(port), SITE_URL: `http://localhost:${port}` },
    stdio: ["ignore", "ignore", "pipe"],
  });
  started.push(child);
  return child;
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.ok,
    () => false,
  );

async function waitUntilHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (await healthy(port)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error("no /healthz within 5 minutes");
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });

afterAll(async () => {
  await Promise.all(started.map(stop));
  rmSync(scratch, { recursive: true, force: true });
}, 180_000);

describe("the plain-machine install and upgrade (docs/operations.md, deploy/)", () => {
  it("installs and builds with the production install, then upgrades beside the running instance", async () => {
    // The project's public repository, as this checkout's HEAD.
    const upstream = join(scratch, "upstream.git");
    git(scratch, "clone", "--quiet", "--bare", root, upstream);
    git(upstream, "update-ref", "refs/heads/site", git(root, "rev-parse", "HEAD"));
    git(upstream, "symbolic-ref", "HEAD", "refs/heads/site");

    // Install: the service user's home, its clone, the release script.
    mkdirSync(home);
    git(home, "clone", "--quiet", upstream, "repo");
    const first = await release();
    expect(first.output).not.toMatch(/ERR!|Cannot find package/);
    expect(first.code).toBe(0);
    const firstRev = git(home, "-C", "repo", "rev-parse", "HEAD");
    expect(readlinkSync(join(home, "current"))).toBe(`releases/${firstRev}`);

    // The data as a first start leaves it (migrated, seeded), copied from this run's template:
    // what is tested here is the install and the upgrade, not the seconds of making a database.
    await dataDirFromTemplate(join(home, "data"), "seeded");
    const port = await freePort();
    const running = startAsTheUnit(port);
    await waitUntilHealthy(port, running);

    // Upgrade: a newer version upstream, built while the first keeps serving.
    const work = join(scratch, "work");
    git(scratch, "clone", "--quiet", upstream, work);
    git(work, "commit", "--quiet", "--allow-empty", "-m", "a newer version");
    git(work, "push", "--quiet", "origin", "HEAD:site");
    let servedThroughout = true;
    const upgrade = release();
    let finished = false;
    void upgrade.then(() => (finished = true));
    while (!finished) {
      if (!(await healthy(port))) servedThroughout = false;
      await new Promise((done) => setTimeout(done, 1000));
    }
    const second = await upgrade;
    expect(second.code, second.output).toBe(0);
    expect(servedThroughout).toBe(true);
    const secondRev = git(home, "-C", "repo", "rev-parse", "HEAD");
    expect(secondRev).not.toBe(firstRev);
    expect(readlinkSync(join(home, "current"))).toBe(`releases/${secondRev}`);
    // The running release kept its packages and its build.
    expect(existsSync(join(home, "releases", firstRev, "node_modules/.bin/node"))).toBe(true);
    expect(existsSync(join(home, "releases", firstRev, "build/server/index.js"))).toBe(true);

    // `systemctl restart`: the new release serves the same data.
    await stop(running);
    const upgraded = startAsTheUnit(port);
    await waitUntilHealthy(port, upgraded);
    expect(realpathSync(`/proc/${upgraded.pid}/cwd`)).toBe(realpathSync(join(home, "releases", secondRev)));
    expect(existsSync(join(home, "data"))).toBe(true);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
  }, 900_000);
});

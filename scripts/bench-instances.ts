/**
 * `npm run bench -- --instances 4` (after `npm run build`): the Day of the Dead night on one
 * machine. Starts N instances of the site on one fresh PostgreSQL database behind Caddy (round
 * robin, health-checked on /readyz, as compose.yaml runs them), opens R live readers of chapter
 * 1's comments through the proxy, posts C comments on the first instance, and measures:
 *   - the time from posting to the comment's arrival on every reader (p50, p99, last), and
 *     readers who never got it;
 *   - visitors' page loads of the chapter through the proxy while it happens (req/s, p99, errors);
 *   - each instance's RSS, idle and at its peak, and how many readers it held.
 * Fails (exit 1) over the budgets of issue 24: comment p99 ≤ 250 ms, no failure, RSS ≤ 300 MiB.
 * A benchmark, not a test: figures on a shared machine are noisy.
 *
 * Options: --instances N (4), --readers R (10000), --comments C (5), --page-connections N (10).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server; a database of its own is
 * created and dropped), and `caddy`. Ports: BENCH_PORT (5800) and the next 100.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { percentile, signUpBenchReader, sleep } from "./bench-support.ts";

const { values: options } = parseArgs({
  options: {
    instances: { type: "string", default: "4" },
    readers: { type: "string", default: "10000" },
    comments: { type: "string", default: "5" },
    "page-connections": { type: "string", default: "10" },
  },
});
const INSTANCES = Number(options.instances);
const READERS = Number(options.readers);
const COMMENTS = Number(options.comments);
const PAGE_CONNECTIONS = Number(options["page-connections"]);
const BUDGET = { commentP99Ms: 250, rssMiB: 300 };
const ROUND_LIMIT_MS = 60_000;

const root = resolve(import.meta.dirname, "..");
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
if (!existsSync(join(root, "build/server/index.js"))) throw new Error("no build: run npm run build first");

const base = Number(process.env.BENCH_PORT ?? 5800);
/**
 * Every reader holds a socket on each side of a proxy, and a process here may hold at most
 * 20,000 open files: one Caddy per 8,000 readers, each in front of every instance (as a second
 * Caddy behind a load balancer would be). The site's address is the first.
 */
const PROXIES = Math.max(1, Math.ceil(READERS / 8000));
const proxyPorts = Array.from({ length: PROXIES }, (_, index) => base + 90 + index);
const proxyPort = proxyPorts[0]!;
const instancePorts = Array.from({ length: INSTANCES }, (_, index) => base + 1 + index);
const metricsPort = (port: number) => port + 50;
const siteUrl = `http://localhost:${proxyPort}`;
const chapterPath = "/salida-a-tzintzuntzan";
const topic = "comments:salida-a-tzintzuntzan";

const children: ChildProcess[] = [];
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));
const mib = (bytes: number) => bytes / 1024 / 1024;

/** Resident memory of a process, from /proc (bytes). */
function rssOf(pid: number): number {
  if (!existsSync(`/proc/${pid}/status`)) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

async function waitFor(url: string, limitMs = 120_000) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

/** A gauge's value from an instance's /metrics. */
async function gauge(port: number, name: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort(port)}/metrics`).then((response) => response.text());
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
}

type Reader = { arrivedAt: number | null; close(): void };

const readerAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** A live reader through proxy `proxyIndex`; `onChange` gets every change event's text. */
function openReader(proxyIndex: number, onChange: (reader: Reader, text: string) => void): Promise<Reader> {
  return new Promise((ready, fail) => {
    const url = `http://localhost:${proxyPorts[proxyIndex]}/api/live?topic=${topic}`;
    const request = http.get(url, { agent: readerAgent }, (response) => {
      if (response.statusCode !== 200) return fail(new Error(`live feed answered ${response.statusCode}`));
      response.setEncoding("utf8");
      let connected = false;
      response.on("data", (chunk: string) => {
        if (!connected && chunk.includes("conectado")) {
          connected = true;
          ready(reader);
        }
        if (chunk.includes("event: change")) onChange(reader, chunk);
      });
    });
    const reader: Reader = { arrivedAt: null, close: () => request.destroy() };
    request.on("error", fail);
  });
}

const databaseName = `bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;
const workDir = mkdtempSync(join(tmpdir(), "bench-instances-"));
let failed = false;
let finishing = false;
let pageRun: autocannon.Instance | undefined;

try {
  const secret = randomBytes(32).toString("hex");
  const instances = instancePorts.map((port) => {
    const child = spawn(process.execPath, [join(root, "server/main.ts")], {
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: String(metricsPort(port)),
        DATABASE_URL: databaseUrl.href,
        SITE_URL: siteUrl,
        AUTH_SECRET: secret,
        TRUST_PROXY: "1",
        LIVE_MAX_PER_ADDRESS: String(READERS + 100),
        LIVE_MAX_CONNECTIONS: String(READERS + 100),
        RATE_LIMIT_MULTIPLIER: "1000",
        SMTP_URL: "",
        LOG_LEVEL: "warn",
        ASSETS_ARCHIVE_DIR: "off",
        DRAIN_NOTICE_MS: "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    child.once("exit", (code, signal) => {
      if (!finishing) console.error(`instance on ${port} exited (${code ?? signal})`);
    });
    return { port, child };
  });
  for (const [index, port] of proxyPorts.entries()) {
    const caddyfile = join(workDir, `Caddyfile-${index}`);
    writeFileSync(
      caddyfile,
      `{
\tadmin off
\tauto_https off
}
http://localhost:${port} {
\treverse_proxy ${instancePorts.map((instance) => `127.0.0.1:${instance}`).join(" ")} {
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\thealth_uri /readyz
\t\thealth_interval 2s
\t}
}
`,
    );
    children.push(spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { stdio: "ignore" }));
  }
  await Promise.all(instancePorts.map((port) => waitFor(`http://127.0.0.1:${port}/readyz`)));
  await sleep(2500); // Caddy's first health checks
  await Promise.all(proxyPorts.map((port) => waitFor(`http://localhost:${port}/readyz`)));
  const idleRss = instances.map(({ child }) => rssOf(child.pid!));
  console.log(
    `${INSTANCES} instances on PostgreSQL behind Caddy; idle RSS ${idleRss.map((bytes) => mib(bytes).toFixed(0)).join(", ")} MiB`,
  );

  // The commenter: a reader signed up through the proxy, posting on the first instance.
  const cookie = await signUpBenchReader(siteUrl, `bench-${databaseName}@example.com`);

  const peakRss = [...idleRss];
  const sampler = setInterval(() => {
    instances.forEach(({ child }, index) => (peakRss[index] = Math.max(peakRss[index]!, rssOf(child.pid!))));
  }, 250);

  let postedAt = 0;
  let text = "";
  let waiting = 0;
  let allArrived = () => {};
  const opened: Reader[] = [];
  const openStarted = performance.now();
  for (let batch = 0; batch < READERS; batch += 500) {
    const count = Math.min(500, READERS - batch);
    opened.push(
      ...(await Promise.all(
        Array.from({ length: count }, () =>
          openReader((batch / 500) % PROXIES, (reader, chunk) => {
            if (postedAt === 0 || reader.arrivedAt !== null || !chunk.includes(text)) return;
            reader.arrivedAt = performance.now() - postedAt;
            if (--waiting === 0) allArrived();
          }),
        ),
      )),
    );
  }
  const held = await Promise.all(instancePorts.map((port) => gauge(port, "site_live_connections")));
  console.log(
    `${READERS} readers connected in ${((performance.now() - openStarted) / 1000).toFixed(1)} s; per instance: ${held.join(", ")}`,
  );

  // Visitors load the chapter through the proxy the whole time the comments are posted.
  let pages: autocannon.Result | undefined;
  const pagesDone = new Promise<void>((done) => {
    pageRun = autocannon(
      { url: `${siteUrl}${chapterPath}`, connections: PAGE_CONNECTIONS, duration: 3600 },
      (error, result) => {
        if (error) console.error(error);
        pages = result;
        done();
      },
    );
  });

  const arrivals: number[] = [];
  let missed = 0;
  const first = instancePorts[0]!;
  for (let round = 1; round <= COMMENTS; round++) {
    for (const reader of opened) reader.arrivedAt = null;
    waiting = READERS;
    const done = new Promise<void>((resolveDone) => (allArrived = resolveDone));
    text = `Noche de muertos ${round} ${Date.now().toString(36)}`;
    postedAt = performance.now();
    const response = await fetch(`http://127.0.0.1:${first}${chapterPath}.data`, {
      method: "POST",
      headers: {
        Origin: siteUrl,
        Cookie: cookie,
        "X-Forwarded-For": "127.0.0.1",
        "X-Forwarded-Proto": "http",
        "X-Forwarded-Host": `localhost:${proxyPort}`,
      },
      body: new URLSearchParams({ intent: "comment", text }),
    });
    if (!response.ok) throw new Error(`comment refused: ${response.status}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([done, new Promise((limit) => (timer = setTimeout(limit, ROUND_LIMIT_MS)))]);
    clearTimeout(timer);
    const times = opened.flatMap((reader) => (reader.arrivedAt === null ? [] : [reader.arrivedAt]));
    missed += READERS - times.length;
    arrivals.push(...times);
    console.log(
      `comment ${round}: on every reader p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, last ${Math.max(...times).toFixed(0)} ms; missed ${READERS - times.length}`,
    );
    postedAt = 0;
    await sleep(1000);
  }

  pageRun?.stop();
  await pagesDone;
  const measured = pages!;
  clearInterval(sampler);
  for (const reader of opened) reader.close();

  const p99 = percentile(arrivals, 99);
  const pageErrors = measured.errors + measured.non2xx + measured.timeouts;
  const worstRss = Math.max(...peakRss.map(mib));
  console.log(
    `pages through the proxy with ${READERS} readers open: ${measured.requests.average.toFixed(0)} req/s, p99 ${measured.latency.p99} ms, errors ${pageErrors}`,
  );
  console.log(`peak RSS per instance: ${peakRss.map((bytes) => mib(bytes).toFixed(0)).join(", ")} MiB`);
  const verdicts = [
    [p99 <= BUDGET.commentP99Ms, `comment on every reader p99 ${p99.toFixed(0)} ms (budget ${BUDGET.commentP99Ms})`],
    [missed === 0, `readers who missed a comment: ${missed}`],
    [pageErrors === 0, `failed page loads: ${pageErrors}`],
    [worstRss <= BUDGET.rssMiB, `largest RSS ${worstRss.toFixed(0)} MiB (budget ${BUDGET.rssMiB})`],
  ] as const;
  for (const [ok, line] of verdicts) console.log(`${ok ? "✔" : "✖"} ${line}`);
  failed = verdicts.some(([ok]) => !ok);
} finally {
  finishing = true;
  for (const child of children.reverse()) child.kill("SIGTERM");
  await sleep(1500);
  await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  await admin.end();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/**
 * `npm run bench -- --instances 4` (after `npm run build`): the Day of the Dead night on one
 * machine. Starts N instances of the site on one fresh PostgreSQL database behind Caddy (round
 * robin, health-checked on /readyz, the live feed over h2c: as compose.yaml runs them, decision
 * 090), opens R live readers of chapter
 * 1's comments through the proxy, posts C comments on the first instance (after one more, the
 * first since the start, shown apart), and measures:
 *   - the time from posting to the comment's arrival on every reader (p50, p99, last), and
 *     readers who never got it; split into the posting (until PostgreSQL's notification reaches
 *     a listener of the benchmark's own) and the fan-out (from there to every reader);
 *   - visitors' page loads of the chapter through the proxy while it happens (req/s, p99, errors);
 *   - each instance's RSS: idle, with the readers connected (and so the memory per open live
 *     connection), and at its peak; and how many readers it held.
 * Fails (exit 1) over the budgets of issue 24: comment p99 ≤ 250 ms, no failure, RSS ≤ 300 MiB.
 * A benchmark, not a test: figures on a shared machine are noisy.
 *
 * `--baseline DIR` first runs the same night on another checkout with its own build (e.g. main
 * before a change), then on this one, and prints their ratios: on a shared machine only figures
 * measured side by side compare. The verdict is this checkout's.
 *
 * Options: --instances N (4), --readers R (10000), --comments C (5), --page-connections N (10;
 * 0: no page load), --page-rate N (200 pages a second over those connections, what 10,000
 * readers turning a page every 50 s ask, each at a random moment; 0: as fast as the connections go, which holds every
 * core of the machine busy and so measures a saturated machine, not the night), --baseline DIR.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server; a database of its own is
 * created and dropped per night), and `caddy`. Ports: BENCH_PORT (5800) and the next 100.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { percentile, signUpBenchReader, sleep } from "./bench-support.ts";
import { pacedVisitors, type PacedVisitorsResult } from "./paced-visitors.ts";

const { values: options } = parseArgs({
  options: {
    instances: { type: "string", default: "4" },
    readers: { type: "string", default: "10000" },
    comments: { type: "string", default: "5" },
    "page-connections": { type: "string", default: "10" },
    "page-rate": { type: "string", default: "200" },
    baseline: { type: "string" },
  },
});
const INSTANCES = Number(options.instances);
const READERS = Number(options.readers);
const COMMENTS = Number(options.comments);
const PAGE_CONNECTIONS = Number(options["page-connections"]);
const PAGE_RATE = Number(options["page-rate"]);
const BUDGET = { commentP99Ms: 250, rssMiB: 300 };
const ROUND_LIMIT_MS = 60_000;
/** The channel the site's live feed travels on (app/lib/live-hub.server.ts). */
const LIVE_CHANNEL = "live_updates";

const root = resolve(import.meta.dirname, "..");
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
const checkouts = [
  ...(options.baseline ? [{ label: "baseline", dir: resolve(options.baseline) }] : []),
  { label: "this checkout", dir: root },
];
for (const { dir } of checkouts) {
  if (!existsSync(join(dir, "build/server/index.js"))) throw new Error(`${dir} has no build: run npm run build there`);
}

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
/** Each instance's LIVE_H2C_PORT: the readers' streams come to it over h2c, as the Caddyfile sends them. */
const liveH2cPort = (port: number) => port + 30;
const siteUrl = `http://localhost:${proxyPort}`;
const chapterPath = "/salida-a-tzintzuntzan";
const topic = "comments:salida-a-tzintzuntzan";

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));
const mib = (bytes: number) => bytes / 1024 / 1024;
const list = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(", ");

/** Resident memory of a process, from /proc (bytes). */
function rssOf(pid: number): number {
  if (!existsSync(`/proc/${pid}/status`)) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** CPU time a process has used so far, user and system (ms), from /proc. */
function cpuMsOf(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) return 0;
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

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

/** The readers, seen from a round: what they watch for, and when each saw it. */
type ReaderPool = {
  kind: string;
  /** From now on, each reader notes when `text` reaches it; resolves once every one has. */
  watch(text: string): Promise<void>;
  /** performance.now() of each arrival of the watched text (readers it did not reach left out). */
  arrivals(): Promise<number[]>;
  /** The process reading, when not this one (its CPU counts as the readers'). */
  pid: number | null;
  close(): void;
};

/** Readers on Node sockets, in this process (no C compiler at hand). */
async function nodeReaders(count: number): Promise<ReaderPool> {
  const opened: Reader[] = [];
  let textBytes = Buffer.alloc(0);
  let waiting = 0;
  let allArrived = () => {};
  for (let batch = 0; batch < count; batch += 500) {
    const size = Math.min(500, count - batch);
    opened.push(
      ...(await Promise.all(
        Array.from({ length: size }, () =>
          openReader((batch / 500) % PROXIES, (reader, chunk) => {
            if (!textBytes.length || reader.arrivedAt !== null || !chunk.includes(textBytes)) return;
            reader.arrivedAt = performance.now();
            if (--waiting === 0) allArrived();
          }),
        ),
      )),
    );
  }
  return {
    kind: "Node sockets in the benchmark's process",
    watch(text) {
      for (const reader of opened) reader.arrivedAt = null;
      waiting = opened.length;
      textBytes = Buffer.from(text);
      return new Promise((done) => (allArrived = done));
    },
    arrivals: async () => opened.flatMap((reader) => (reader.arrivedAt === null ? [] : [reader.arrivedAt])),
    pid: null,
    close: () => opened.forEach((reader) => reader.close()),
  };
}

/**
 * Readers in one epoll loop in C (scripts/bench-readers.c), when `cc` can build it: a fifth of
 * the CPU of Node sockets for the same reads, on the machine the instances and Caddy share.
 */
function compiledReaders(workDir: string): string | null {
  const binary = join(workDir, "bench-readers");
  const built = spawnSync("cc", ["-O2", "-o", binary, join(root, "scripts/bench-readers.c")], { stdio: "ignore" });
  return built.status === 0 ? binary : null;
}

async function cReaders(binary: string, count: number): Promise<ReaderPool> {
  const child = spawn(binary, [String(count), topic, proxyPorts.join(",")], { stdio: ["pipe", "pipe", "inherit"] });
  children.add(child);
  // Its arrivals are CLOCK_MONOTONIC ns, the clock of process.hrtime.bigint().
  const offsetMs = performance.now() - Number(process.hrtime.bigint()) / 1e6;
  const waiters = new Map<string, (line: string) => void>();
  let failed: (error: Error) => void = () => {};
  const lines = createInterface({ input: child.stdout! });
  lines.on("line", (line) => {
    const word = line.split(" ", 1)[0]!;
    if (word === "closed") return failed(new Error(`a live stream ended (${line})`));
    waiters.get(word)?.(line);
    waiters.delete(word);
  });
  const next = (word: string) =>
    new Promise<string>((done, fail) => {
      waiters.set(word, done);
      failed = fail;
    });
  const exited = new Promise<never>((_, fail) =>
    child.once("exit", (code) => fail(new Error(`the readers exited (${code})`))),
  );
  await Promise.race([next("ready"), exited]);
  return {
    kind: "one C epoll process (scripts/bench-readers.c)",
    watch(text) {
      const all = next("all");
      child.stdin!.write(`watch ${text}\n`);
      return all.then(() => {});
    },
    async arrivals() {
      const report = next("arrivals");
      child.stdin!.write("report\n");
      return (await report)
        .split(" ")
        .slice(1)
        .filter((ns) => ns !== "0")
        .map((ns) => Number(BigInt(ns)) / 1e6 + offsetMs);
    },
    pid: child.pid ?? null,
    close: () => child.kill("SIGTERM"),
  };
}

const CONNECTED = Buffer.from("conectado");
const CHANGE = Buffer.from("event: change");

/**
 * A live reader through proxy `proxyIndex`; `onChange` gets every piece of the stream that holds
 * a change event. A bare socket that writes the request and looks for bytes in what comes back,
 * not Node's HTTP client: the readers stand for 10,000 phones elsewhere, yet run here on the
 * machine under test, and the client's parsing of every chunk of every stream took a sixth of the
 * CPU a comment cost (decision 044). What Caddy sends them is the same either way.
 */
function openReader(proxyIndex: number, onChange: (reader: Reader, chunk: Buffer) => void): Promise<Reader> {
  return new Promise((ready, fail) => {
    const port = proxyPorts[proxyIndex]!;
    const socket = net.connect(port, "127.0.0.1");
    const reader: Reader = { arrivedAt: null, close: () => socket.destroy() };
    let answered = false;
    let connected = false;
    socket.once("connect", () =>
      socket.write(
        `GET /api/live?topic=${topic} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.on("data", (chunk: Buffer) => {
      if (!connected) {
        if (!answered && !chunk.subarray(0, 16).toString("latin1").startsWith("HTTP/1.1 200")) {
          socket.destroy();
          return fail(new Error(`live feed answered ${chunk.subarray(0, 40).toString("latin1")}`));
        }
        answered = true;
        if (chunk.includes(CONNECTED)) {
          connected = true;
          ready(reader);
        }
      }
      if (chunk.includes(CHANGE)) onChange(reader, chunk);
    });
    socket.on("error", fail);
  });
}

/**
 * The Node flags a checkout's `npm start` runs with (package.json), so that each checkout's
 * instances run as that checkout ships them (the image and the service unit carry the same).
 */
function nodeFlagsOf(dir: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return (scripts.start ?? "").split(/\s+/).filter((word) => word.startsWith("--"));
}

function startInstance(dir: string, port: number, databaseUrl: string, secret: string) {
  const child = spawn(process.execPath, [...nodeFlagsOf(dir), join(dir, "server/main.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort(port)),
      DATABASE_URL: databaseUrl,
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
      ...(speaksH2c(dir) ? { LIVE_H2C_PORT: String(liveH2cPort(port)) } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  return child;
}

/** Whether a checkout's server takes live readers over h2c (decision 090): a baseline may predate it. */
const speaksH2c = (dir: string) => existsSync(join(dir, "server/live-feed-h2c.ts"));

function startProxy(workDir: string, index: number, port: number, h2c: boolean) {
  const caddyfile = join(workDir, `Caddyfile-${index}`);
  // The live readers' route of the shipped Caddyfile.
  const liveOverH2c = `\treverse_proxy /api/live* ${instancePorts.map((instance) => `127.0.0.1:${liveH2cPort(instance)}`).join(" ")} {
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\thealth_uri /readyz
\t\thealth_interval 2s
\t\ttransport http {
\t\t\tversions h2c
\t\t}
\t}
`;
  writeFileSync(
    caddyfile,
    `{
\tadmin off
\tauto_https off
}
http://localhost:${port} {
${h2c ? liveOverH2c : ""}\treverse_proxy ${instancePorts.map((instance) => `127.0.0.1:${instance}`).join(" ")} {
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\thealth_uri /readyz
\t\thealth_interval 2s
\t}
}
`,
  );
  const child = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { stdio: "ignore" });
  children.add(child);
  return child;
}

type Night = {
  commentP50: number;
  commentP99: number;
  /** From posting until the notification reached the benchmark's own LISTEN (p50 of the rounds). */
  postToNotifyMs: number;
  /** From that notification to the last reader (p50 of the rounds). */
  fanOutMs: number;
  /**
   * Each comment's own p99. The verdict's p99 pools every arrival of every comment, so with a
   * handful of comments it is about the slowest comment's: these tell a night that is slow
   * throughout from one comment that waited (its posting, most often, on a shared machine).
   */
  perCommentP99: number[];
  missed: number;
  /** CPU the instances used (summed) per comment, from posting until every reader had it. */
  cpuMsPerComment: number;
  /** The same for the Caddy processes, and for this benchmark's own readers (one process). */
  proxyCpuMsPerComment: number;
  readersCpuMsPerComment: number;
  /** Each instance's own time to hand a change to all its streams (mean, ms; NaN before the metric existed). */
  instanceFanOutMs: number[];
  pageRps: number;
  pageP99: number;
  pageErrors: number;
  idleMiB: number[];
  connectedMiB: number[];
  peakMiB: number[];
  kibPerConnection: number[];
};

/** One night on one checkout: its instances, proxies and a database of its own, all stopped after. */
/**
 * Visitors loading `url` through the proxy, asking for it compressed as a phone's browser does
 * (without it the instances and Caddy spent 2.1× the CPU on each page, sending it plain): at
 * PAGE_RATE a second, each at a random moment (paced-visitors.ts: not autocannon's burst at the
 * top of each second); at rate 0, as fast as PAGE_CONNECTIONS go. Returns what stops them.
 */
function startPages(url: string): () => Promise<PacedVisitorsResult | undefined> {
  const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
  if (PAGE_RATE > 0) {
    const visitors = pacedVisitors({ url, perSecond: PAGE_RATE, connections: PAGE_CONNECTIONS, headers });
    let result: Promise<PacedVisitorsResult> | undefined;
    return () => (result ??= visitors.stop());
  }
  let finished: autocannon.Result | undefined;
  let run: autocannon.Instance | undefined;
  const done = new Promise<void>((resolve) => {
    run = autocannon({ url, headers, connections: PAGE_CONNECTIONS, duration: 3600 }, (error, result) => {
      if (error) console.error(error);
      finished = result;
      resolve();
    });
  });
  return async () => {
    run?.stop();
    await done;
    return finished
      ? {
          rps: finished.requests.average,
          p99: finished.latency.p99,
          errors: finished.errors + finished.non2xx + finished.timeouts,
        }
      : undefined;
  };
}

async function night(dir: string): Promise<Night> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const databaseName = `bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(serverUrl!);
  databaseUrl.pathname = `/${databaseName}`;
  const workDir = mkdtempSync(join(tmpdir(), "bench-instances-"));
  const started: ChildProcess[] = [];
  let finishing = false;
  /** Stops the page load and gives its figures. */
  let stopPages: () => Promise<PacedVisitorsResult | undefined> = async () => undefined;
  const listener = new pg.Client({ connectionString: databaseUrl.href });
  let readers: ReaderPool | undefined;
  try {
    const secret = randomBytes(32).toString("hex");
    const instances = instancePorts.map((port) => {
      const child = startInstance(dir, port, databaseUrl.href, secret);
      started.push(child);
      child.once("exit", (code, signal) => {
        if (!finishing) console.error(`instance on ${port} exited (${code ?? signal})`);
      });
      return child;
    });
    const proxies = proxyPorts.map((port, index) => startProxy(workDir, index, port, speaksH2c(dir)));
    started.push(...proxies);
    await Promise.all(instancePorts.map((port) => waitFor(`http://127.0.0.1:${port}/readyz`)));
    await sleep(2500); // Caddy's first health checks
    await Promise.all(proxyPorts.map((port) => waitFor(`http://localhost:${port}/readyz`)));
    const idleRss = instances.map((child) => rssOf(child.pid!));
    const flags = nodeFlagsOf(dir).join(" ") || "no Node flags";
    console.log(`${INSTANCES} instances on PostgreSQL behind Caddy (${flags}); idle RSS ${list(idleRss.map(mib))} MiB`);

    // The commenter: a reader signed up through the proxy, posting on the first instance.
    const cookie = await signUpBenchReader(siteUrl, `bench-${databaseName}@example.com`);
    // When PostgreSQL hands the change out: the instances hear it at the same moment.
    let notifiedAt = 0;
    await listener.connect();
    listener.on("notification", () => (notifiedAt ||= performance.now()));
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);

    const peakRss = [...idleRss];
    const sampler = setInterval(() => {
      instances.forEach((child, index) => (peakRss[index] = Math.max(peakRss[index]!, rssOf(child.pid!))));
    }, 250);

    let postedAt = 0;
    let text = "";
    const openStarted = performance.now();
    // BENCH_NODE_READERS=1: the Node sockets even where C builds (to compare the two).
    const binary = process.env.BENCH_NODE_READERS ? null : compiledReaders(workDir);
    readers = binary ? await cReaders(binary, READERS) : await nodeReaders(READERS);
    const held = await Promise.all(instancePorts.map((port) => gauge(port, "site_live_connections")));
    console.log(
      `${READERS} readers (${readers.kind}) connected in ${((performance.now() - openStarted) / 1000).toFixed(1)} s; per instance: ${held.join(", ")}`,
    );
    // What the open connections hold, once the burst of opening them has settled.
    await sleep(3000);
    const connectedRss = instances.map((child) => rssOf(child.pid!));
    const kibPerConnection = connectedRss.map((bytes, index) => (bytes - idleRss[index]!) / 1024 / held[index]!);
    console.log(
      `RSS with the readers connected ${list(connectedRss.map(mib))} MiB: ${list(kibPerConnection)} KiB per live connection`,
    );

    // Visitors load the chapter through the proxy the whole time the comments are posted.
    if (PAGE_CONNECTIONS > 0) {
      console.log(
        `pages: ${PAGE_CONNECTIONS} connections, ${PAGE_RATE > 0 ? `${PAGE_RATE} a second on average, each visitor at a random moment` : "as fast as they go (a saturated machine)"}`,
      );
      stopPages = startPages(`${siteUrl}${chapterPath}`);
    }

    const arrivals: number[] = [];
    const perCommentP99: number[] = [];
    const notifyTimes: number[] = [];
    const fanOutTimes: number[] = [];
    let missed = 0;
    let cpuMs = 0;
    const instancesCpuMs = () => instances.reduce((sum, child) => sum + cpuMsOf(child.pid!), 0);
    const proxiesCpuMs = () => proxies.reduce((sum, child) => sum + cpuMsOf(child.pid!), 0);
    let proxyCpuMs = 0;
    let readersCpuTotal = 0;
    // Round 0 is the first comment after the instances started: its posting runs code no request
    // had run yet on that instance (hundreds of ms). It is printed but not counted, since on the
    // night the instances have been answering for hours; a deploy's new instance pays it once.
    for (let round = 0; round <= COMMENTS; round++) {
      text = `Noche de muertos ${round} ${Date.now().toString(36)}`;
      const done = readers.watch(text);
      notifiedAt = 0;
      const cpuBefore = instancesCpuMs();
      const proxyCpuBefore = proxiesCpuMs();
      const readersCpuMs = () => cpuMsOf(process.pid) + (readers!.pid ? cpuMsOf(readers!.pid) : 0);
      const readersCpuBefore = readersCpuMs();
      postedAt = performance.now();
      const response = await fetch(`http://127.0.0.1:${instancePorts[0]}${chapterPath}.data`, {
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
      if (round === 0) {
        const first = (await readers.arrivals()).map((at) => at - postedAt);
        missed += READERS - first.length;
        console.log(
          `first comment after the start (not counted): on every reader p99 ${percentile(first, 99).toFixed(0)} ms (posting ${(notifiedAt - postedAt).toFixed(0)} ms); missed ${READERS - first.length}`,
        );
        postedAt = 0;
        await sleep(1000);
        continue;
      }
      cpuMs += instancesCpuMs() - cpuBefore;
      proxyCpuMs += proxiesCpuMs() - proxyCpuBefore;
      readersCpuTotal += readersCpuMs() - readersCpuBefore;
      const times = (await readers.arrivals()).map((at) => at - postedAt);
      missed += READERS - times.length;
      arrivals.push(...times);
      perCommentP99.push(percentile(times, 99));
      const last = Math.max(...times);
      const toNotify = notifiedAt ? notifiedAt - postedAt : Number.NaN;
      notifyTimes.push(toNotify);
      fanOutTimes.push(last - toNotify);
      console.log(
        `comment ${round}: on every reader p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, last ${last.toFixed(0)} ms (posting ${toNotify.toFixed(0)} ms, fan-out ${(last - toNotify).toFixed(0)} ms); missed ${READERS - times.length}`,
      );
      postedAt = 0;
      await sleep(1000);
    }

    const pages = await stopPages();
    const instanceFanOutMs = await Promise.all(
      instancePorts.map(
        async (port) =>
          ((await gauge(port, "site_live_fanout_seconds_sum")) /
            (await gauge(port, "site_live_fanout_seconds_count"))) *
          1000,
      ),
    );
    clearInterval(sampler);
    const pageErrors = pages?.errors ?? 0;
    const figures: Night = {
      commentP50: percentile(arrivals, 50),
      commentP99: percentile(arrivals, 99),
      postToNotifyMs: percentile(notifyTimes, 50),
      fanOutMs: percentile(fanOutTimes, 50),
      perCommentP99,
      missed,
      cpuMsPerComment: cpuMs / COMMENTS,
      proxyCpuMsPerComment: proxyCpuMs / COMMENTS,
      readersCpuMsPerComment: readersCpuTotal / COMMENTS,
      instanceFanOutMs,
      pageRps: pages?.rps ?? 0,
      pageP99: pages?.p99 ?? 0,
      pageErrors,
      idleMiB: idleRss.map(mib),
      connectedMiB: connectedRss.map(mib),
      peakMiB: peakRss.map(mib),
      kibPerConnection,
    };
    if (pages) {
      console.log(
        `pages through the proxy with ${READERS} readers open: ${figures.pageRps.toFixed(0)} req/s, p99 ${figures.pageP99.toFixed(0)} ms, errors ${pageErrors}`,
      );
    }
    console.log(
      `each comment's own p99: median ${percentile(perCommentP99, 50).toFixed(0)} ms, slowest ${Math.max(...perCommentP99).toFixed(0)} ms; posting median ${percentile(notifyTimes, 50).toFixed(0)} ms, slowest ${Math.max(...notifyTimes).toFixed(0)} ms`,
    );
    console.log(
      `CPU per comment, posting to last reader${pages ? " (pages included)" : ""}: instances ${figures.cpuMsPerComment.toFixed(0)} ms (summed), Caddy ${figures.proxyCpuMsPerComment.toFixed(0)} ms, the benchmark's readers ${figures.readersCpuMsPerComment.toFixed(0)} ms`,
    );
    console.log(`each instance's own hand-out of a change to its streams (mean): ${list(instanceFanOutMs, 1)} ms`);
    console.log(`peak RSS per instance: ${list(figures.peakMiB)} MiB`);
    return figures;
  } finally {
    finishing = true;
    await stopPages().catch(() => {});
    readers?.close();
    await listener.end().catch(() => {});
    const exited = started.map(
      (child) => new Promise((done) => (child.exitCode === null ? child.once("exit", done) : done(null))),
    );
    for (const child of started.reverse()) child.kill("SIGTERM");
    await Promise.race([Promise.all(exited), sleep(10_000)]);
    for (const child of started) {
      child.kill("SIGKILL");
      children.delete(child);
    }
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const nights: Night[] = [];
for (const { label, dir } of checkouts) {
  if (checkouts.length > 1) console.log(`\n== ${label} (${dir})`);
  nights.push(await night(dir));
}
const result = nights.at(-1)!;

if (nights.length > 1) {
  const [before, after] = nights as [Night, Night];
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rows: [string, number, number][] = [
    ["comment on every reader p50 (ms)", before.commentP50, after.commentP50],
    ["comment on every reader p99 (ms)", before.commentP99, after.commentP99],
    [
      "each comment's own p99, median of comments (ms)",
      percentile(before.perCommentP99, 50),
      percentile(after.perCommentP99, 50),
    ],
    ["posting, to the notification (ms, p50 of rounds)", before.postToNotifyMs, after.postToNotifyMs],
    ["fan-out, notification to last reader (ms, p50 of rounds)", before.fanOutMs, after.fanOutMs],
    ["instances' CPU per comment (ms, summed)", before.cpuMsPerComment, after.cpuMsPerComment],
    ["Caddy's CPU per comment (ms)", before.proxyCpuMsPerComment, after.proxyCpuMsPerComment],
    [
      "memory per live connection (KiB, mean of instances)",
      mean(before.kibPerConnection),
      mean(after.kibPerConnection),
    ],
    ["RSS with readers connected (MiB, largest)", Math.max(...before.connectedMiB), Math.max(...after.connectedMiB)],
    ["RSS peak (MiB, largest)", Math.max(...before.peakMiB), Math.max(...after.peakMiB)],
    ...(PAGE_CONNECTIONS > 0
      ? ([
          ["pages req/s", before.pageRps, after.pageRps],
          ["pages p99 (ms)", before.pageP99, after.pageP99],
        ] as [string, number, number][])
      : []),
  ];
  console.log("\nside by side (baseline → this checkout, ratio):");
  for (const [name, was, now] of rows) {
    console.log(`  ${name}: ${was.toFixed(0)} → ${now.toFixed(0)} (×${(now / was).toFixed(2)})`);
  }
}

const worstRss = Math.max(...result.peakMiB);
const verdicts = [
  [
    result.commentP99 <= BUDGET.commentP99Ms,
    `comment on every reader p99 ${result.commentP99.toFixed(0)} ms (budget ${BUDGET.commentP99Ms})`,
  ],
  [result.missed === 0, `readers who missed a comment: ${result.missed}`],
  [result.pageErrors === 0, `failed page loads: ${result.pageErrors}`],
  [worstRss <= BUDGET.rssMiB, `largest RSS ${worstRss.toFixed(0)} MiB (budget ${BUDGET.rssMiB})`],
] as const;
console.log("");
for (const [ok, line] of verdicts) console.log(`${ok ? "✔" : "✖"} ${line}`);
process.exit(verdicts.some(([ok]) => !ok) ? 1 : 0);

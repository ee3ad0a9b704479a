/**
 * `npm run bench` (after a build): the site's speed figures, side by side, in one run on one machine.
 *
 *   npm run bench                              this checkout
 *   npm run bench -- --baseline /tmp/main      another checkout (with its own build) beside it,
 *                                              e.g. main before a change, run with this script
 *
 * For each checkout: a plain Node static server (node:http + fs, what "serving files" costs here)
 * and the site's own server on the same hashed build file; `/` and a chapter page for a visitor
 * and for a signed-in reader (req/s and p99, and their ratio to the same server's static rate);
 * the server's RSS idle and at its peak under load; and live delivery to 1,000 and 5,000 readers
 * (scripts/bench-live.ts: event arrival, comment visible, failed reloads). Load comes from
 * autocannon. The servers start as `npm start` does (NODE_ENV as the caller left it, usually
 * unset), on throwaway embedded databases. Ends with a verdict against issue 14's targets; it
 * never fails the run (it is not part of `npm test`: figures on a shared machine are noisy).
 *
 * Then issue 14's busy minute (scripts/bench-mixed.ts: 200 readers, half signed in, reloading a
 * chapter while 20 commenters post; page-load p99 against idle, every comment stored and shown
 * once).
 *
 * `npm run bench -- --instances 4 [--readers 10000]` runs scripts/bench-instances.ts instead:
 * four instances on one PostgreSQL behind Caddy, live readers, comments, pages and RSS.
 *
 * Options: --baseline DIR, --duration SECONDS (10), --connections N (10), --readers 1000,5000
 * (0 skips live delivery), --rounds N (3), --mixed-seconds N (60; 0 skips the busy minute).
 * Ports: BENCH_PORT (5700) and the next 99.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startNodeFlags } from "./bench-support.ts";

// `--instances N`: N instances behind Caddy with 10,000 live readers (scripts/bench-instances.ts).
if (process.argv.slice(2).some((arg) => arg === "--instances" || arg.startsWith("--instances="))) {
  const night = spawnSync(
    process.execPath,
    [join(import.meta.dirname, "bench-instances.ts"), ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  process.exit(night.status ?? 1);
}

const { values: options } = parseArgs({
  options: {
    baseline: { type: "string" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    readers: { type: "string", default: "1000,5000" },
    rounds: { type: "string", default: "3" },
    "mixed-seconds": { type: "string", default: "60" },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const READER_COUNTS = options
  .readers!.split(",")
  .map(Number)
  .filter((count) => count > 0);
const ROUNDS = Number(options.rounds);
const MIXED_SECONDS = Number(options["mixed-seconds"]);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 5700);
const root = resolve(import.meta.dirname, "..");
const CHAPTER = "/salida-a-tzintzuntzan";

type Checkout = { label: string; dir: string };
const checkouts: Checkout[] = [
  ...(options.baseline ? [{ label: "baseline", dir: resolve(options.baseline) }] : []),
  { label: "this checkout", dir: root },
];
for (const { dir } of checkouts) {
  if (!existsSync(join(dir, "build/server/index.js"))) throw new Error(`${dir} has no build: run npm run build there`);
}

/** The environment `npm start` would see: no NODE_ENV unless the caller set one. */
function serverEnv(extra: Record<string, string>) {
  // No mail server: a sign-up signs in at once (with SMTP_URL it would wait for its confirmation link).
  const env: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SMTP_URL: "",
    ...extra,
  };
  return env;
}

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));

function start(args: string[], env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} did not answer in 60 s`);
}

/** A plain Node static server: node:http and fs.readFile, no cache, no compression. */
const PLAIN_STATIC_SERVER = `
const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
const root = process.env.STATIC_DIR;
const types = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png" };
http.createServer((request, response) => {
  const file = path.join(root, decodeURIComponent(request.url.split("?")[0]));
  if (!file.startsWith(root)) { response.writeHead(403); return response.end(); }
  fs.readFile(file, (error, data) => {
    if (error) { response.writeHead(404); return response.end(); }
    response.writeHead(200, { "Content-Type": types[path.extname(file)] ?? "application/octet-stream", "Content-Length": data.length });
    response.end(data);
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

type Load = { rps: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string> = {}, sample?: () => void): Promise<Load> {
  const timer = sample ? setInterval(sample, 250) : undefined;
  try {
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    clearInterval(timer);
  }
}

type Live = {
  readers: number;
  arrival: { p50: number; p99: number };
  visible: { p50: number; p99: number } | null;
  failedReloads: number;
} | null;

/**
 * Runs one of this checkout's bench scripts against a checkout's server and reads the one
 * `<MARKER> {json}` line it prints (BENCH_JSON=1); null when it did not finish.
 */
async function runBenchScript<T>(script: string, marker: string, env: Record<string, string>): Promise<T | null> {
  const child = spawn(process.execPath, [join(root, "scripts", script)], {
    env: { ...serverEnv({}), ...env, BENCH_JSON: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(`    ${chunk.toString().trimEnd().split("\n").join("\n    ")}\n`);
  });
  await new Promise((done) => child.once("exit", done));
  children.delete(child);
  const line = output.split("\n").find((text) => text.startsWith(`${marker} `));
  return line ? (JSON.parse(line.slice(marker.length + 1)) as T) : null;
}

/** scripts/bench-live.ts against a checkout's server. */
const live = (dir: string, readers: number, port: number) =>
  runBenchScript<NonNullable<Live>>("bench-live.ts", "BENCH_LIVE_JSON", {
    BENCH_SERVER_DIR: dir,
    BENCH_PORT: String(port),
    BENCH_READERS: String(readers),
    BENCH_ROUNDS: String(ROUNDS),
    BENCH_BUDGET_MS: "100000",
  });

type Mixed = {
  idle: { p50: number; p99: number };
  busy: { p50: number; p99: number };
  ratio: number;
  failedLoads: number;
  comments: {
    posted: number;
    refused: number;
    storedWrong: number;
    missingDeliveries: number;
    doubledDeliveries: number;
  };
} | null;

/** scripts/bench-mixed.ts (the busy minute) against a checkout's server. */
const mixed = (dir: string, port: number) =>
  runBenchScript<NonNullable<Mixed>>("bench-mixed.ts", "BENCH_MIXED_JSON", {
    BENCH_SERVER_DIR: dir,
    BENCH_PORT: String(port),
    BENCH_SECONDS: String(MIXED_SECONDS),
  });

type Figures = {
  plainStatic: Load;
  ourStatic: Load;
  pages: Record<string, Load>;
  rssIdle: number;
  rssPeak: number;
  reactBuild: string;
  live: Live[];
  mixed: Mixed | undefined;
};

const PAGES = [
  { name: "/ visitor", path: "/", signedIn: false },
  { name: "chapter visitor", path: CHAPTER, signedIn: false },
  { name: "/ signed in", path: "/", signedIn: true },
  { name: "chapter signed in", path: CHAPTER, signedIn: true },
];

async function measure({ label, dir }: Checkout, index: number): Promise<Figures> {
  const ports = { static: PORT_BASE + index * 10, site: PORT_BASE + index * 10 + 1, live: PORT_BASE + index * 10 + 2 };
  const clientDir = join(dir, "build/client");
  // The biggest script (the framework chunk; entry.client in older builds), every page's first fetch.
  const asset = readdirSync(join(clientDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, size: statSync(join(clientDir, "assets", name)).size }))
    .sort((a, b) => b.size - a.size)[0]?.name;
  if (!asset) throw new Error(`no script in ${clientDir}/assets`);
  console.error(`\n[${label}] ${dir}`);

  console.error(`  plain Node static server: /assets/${asset}`);
  const plain = start(["-e", PLAIN_STATIC_SERVER], {
    ...process.env,
    STATIC_DIR: clientDir,
    PORT: String(ports.static),
  });
  await waitFor(`http://127.0.0.1:${ports.static}/assets/${asset}`);
  const plainStatic = await load(`http://127.0.0.1:${ports.static}/assets/${asset}`);
  await stop(plain);

  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  const origin = `http://localhost:${ports.site}`;
  const site = start(
    [...startNodeFlags(), join(dir, "server/main.ts")],
    serverEnv({ PORT: String(ports.site), DATA_DIR: dataDir, SITE_URL: origin }),
  );
  try {
    await waitFor(`${origin}/healthz`);
    const reactBuild = (await fetch(`${origin}/healthz`)).headers.get("x-react-build") ?? "not reported";
    // Let start-up work (seeding, first queries) settle before calling it idle.
    for (const { path } of PAGES) await fetch(`${origin}${path}`).then((response) => response.text());
    await new Promise((done) => setTimeout(done, 2000));
    const rssIdle = rssMiB(site.pid!);
    let rssPeak = rssIdle;
    const sample = () => (rssPeak = Math.max(rssPeak, rssMiB(site.pid!)));

    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      // An adult's birth year: sign-up asks for it (decision 011); older checkouts ignore it.
      body: JSON.stringify({
        email: "bench@example.com",
        password: "benchmark-2025",
        name: "bench",
        birthYear: new Date().getFullYear() - 30,
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    if (!signUp.ok || !cookie) throw new Error(`sign-up failed: ${signUp.status}`);

    console.error(`  our server: /assets/${asset}`);
    const ourStatic = await load(`${origin}/assets/${asset}`, {}, sample);
    const pages: Record<string, Load> = {};
    for (const { name, path, signedIn } of PAGES) {
      console.error(`  our server: ${name}`);
      // Pages are asked for as browsers ask (they take gzip): the compression is part of the cost.
      const asBrowsers = { "Accept-Encoding": "gzip, deflate, br, zstd" };
      pages[name] = await load(`${origin}${path}`, signedIn ? { ...asBrowsers, Cookie: cookie } : asBrowsers, sample);
    }
    await stop(site);

    const liveFigures: Live[] = [];
    for (const readers of READER_COUNTS) {
      console.error(`  live delivery, ${readers} readers`);
      liveFigures.push(await live(dir, readers, ports.live));
    }
    let busyMinute: Mixed | undefined;
    if (MIXED_SECONDS > 0) {
      console.error(`  200 readers + 20 commenters for ${MIXED_SECONDS} s`);
      busyMinute = await mixed(dir, ports.live + 1);
    }
    return { plainStatic, ourStatic, pages, rssIdle, rssPeak, reactBuild, live: liveFigures, mixed: busyMinute };
  } finally {
    await stop(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Figures[] = [];
for (const [index, checkout] of checkouts.entries()) results.push(await measure(checkout, index));

// The table: one column per checkout.
const number = (value: number) => Math.round(value).toLocaleString("en-US");
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const rows: [string, ...string[]][] = [
  ["", ...checkouts.map(({ label }) => label)],
  ["React server build", ...results.map((figures) => figures.reactBuild)],
  ["static file, plain Node server", ...results.map((figures) => `${number(figures.plainStatic.rps)} req/s`)],
  [
    "static file, our server",
    ...results.map(
      (figures) =>
        `${number(figures.ourStatic.rps)} req/s (${percent(figures.ourStatic.rps, figures.plainStatic.rps)} of plain)`,
    ),
  ],
  ...PAGES.map(({ name }): [string, ...string[]] => [
    name,
    ...results.map((figures) => {
      const page = figures.pages[name]!;
      const failures = page.errors + page.non2xx ? `, ${page.errors + page.non2xx} failed` : "";
      return `${number(page.rps)} req/s, p99 ${number(page.p99)} ms (${percent(page.rps, figures.ourStatic.rps)} of static${failures})`;
    }),
  ]),
  [
    "RSS idle / peak under load",
    ...results.map((figures) => `${number(figures.rssIdle)} / ${number(figures.rssPeak)} MiB`),
  ],
  ...READER_COUNTS.flatMap((readers, index): [string, ...string[]][] => [
    [
      `live ${number(readers)}: event arrival p50 / p99`,
      ...results.map((figures) => {
        const figure = figures.live[index];
        return figure ? `${number(figure.arrival.p50)} / ${number(figure.arrival.p99)} ms` : "failed";
      }),
    ],
    [
      `live ${number(readers)}: comment visible p50 / p99`,
      ...results.map((figures) => {
        const figure = figures.live[index];
        return figure?.visible ? `${number(figure.visible.p50)} / ${number(figure.visible.p99)} ms` : "failed";
      }),
    ],
    [
      `live ${number(readers)}: failed reloads`,
      ...results.map((figures) => {
        const figure = figures.live[index];
        return figure ? number(figure.failedReloads) : "failed";
      }),
    ],
  ]),
  ...(MIXED_SECONDS > 0
    ? ([
        [
          "busy minute: page load p50 / p99, idle → busy",
          ...results.map((figures) =>
            figures.mixed
              ? `${number(figures.mixed.idle.p50)} / ${number(figures.mixed.idle.p99)} → ${number(figures.mixed.busy.p50)} / ${number(figures.mixed.busy.p99)} ms (${figures.mixed.ratio.toFixed(2)}×)`
              : "failed",
          ),
        ],
        [
          "busy minute: comments posted / lost or doubled",
          ...results.map((figures) =>
            figures.mixed
              ? `${number(figures.mixed.comments.posted)} / ${number(figures.mixed.comments.storedWrong + figures.mixed.comments.missingDeliveries + figures.mixed.comments.doubledDeliveries)}`
              : "failed",
          ),
        ],
      ] as [string, ...string[]][])
    : []),
];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
console.log(`\nnpm run bench: ${DURATION} s per load at ${CONNECTIONS} connections, ${ROUNDS} live rounds\n`);
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));

// Issue 14's targets, for this checkout (the last column).
const current = results.at(-1)!;
const liveAt = (readers: number) => current.live[READER_COUNTS.indexOf(readers)];
const checks: [string, boolean | null][] = [
  ["React production build", current.reactBuild === "production"],
  ["static path ≥ 50% of plain Node", current.ourStatic.rps >= 0.5 * current.plainStatic.rps],
  ["visitor / ≥ 25% of static", current.pages["/ visitor"]!.rps >= 0.25 * current.ourStatic.rps],
  ["visitor chapter ≥ 25% of static", current.pages["chapter visitor"]!.rps >= 0.25 * current.ourStatic.rps],
  [
    "comment visible to 1,000: p99 ≤ 150 ms",
    liveAt(1000) === undefined ? null : Boolean(liveAt(1000)?.visible && liveAt(1000)!.visible!.p99 <= 150),
  ],
  [
    "comment visible to 5,000: p99 ≤ 500 ms, 0 failed",
    liveAt(5000) === undefined
      ? null
      : Boolean(liveAt(5000)?.visible && liveAt(5000)!.visible!.p99 <= 500 && liveAt(5000)!.failedReloads === 0),
  ],
  [
    "200 readers + 20 commenters: p99 ≤ 2× idle, every comment once",
    current.mixed === undefined
      ? null
      : Boolean(
          current.mixed &&
          current.mixed.ratio <= 2 &&
          current.mixed.failedLoads === 0 &&
          current.mixed.comments.refused +
            current.mixed.comments.storedWrong +
            current.mixed.comments.missingDeliveries +
            current.mixed.comments.doubledDeliveries ===
            0,
        ),
  ],
];
const verdict = checks
  .map(([name, ok]) => `${ok === null ? "–" : ok ? "✔" : "✖"} ${name}${ok === null ? " (not measured)" : ""}`)
  .join("; ");
const met = checks.every(([, ok]) => ok !== false);
console.log(`\nbudget (issue 14, this checkout): ${met ? "MET" : "NOT MET"} — ${verdict}`);
console.log("not measured here: Lighthouse; first-visit JS (npm run budget).");
process.exit(0);

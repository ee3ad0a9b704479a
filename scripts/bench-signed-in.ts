/**
 * `npm run bench:signed-in`: signed-in pages of two builds side by side (issue 24), on the
 * embedded database and on PostgreSQL, in one run on one machine.
 *
 *   node scripts/bench-signed-in.ts .bench/old build      builds to compare (BUILD_DIR each)
 *   node scripts/bench-signed-in.ts ../other-checkout build   a checkout: its own server/ and build/
 *
 * Every build is served by this checkout's server/main.ts (BUILD_DIR), each on its own throwaway
 * database; both servers run at once and are loaded in turn, round after round (old, new, old,
 * new…), so a noisy neighbour on the machine weighs on both alike. Prints req/s and p99 per page
 * and round, the median of the rounds, the ratio to the first build, the server's own CPU time
 * per page (what a busy shared machine changes least: req/s on one free core is about 1000 / it),
 * and each server's RSS idle and at its peak under load.
 *
 * BENCH_MODES (pglite,postgres), BENCH_ROUNDS (3), BENCH_SECONDS (8), BENCH_CONNECTIONS (10),
 * BENCH_PORT (7000), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: the server where
 * a database per build is created and dropped).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { median, signUpBenchReader, sleep, startBuildServer, startNodeFlags } from "./bench-support.ts";

// A build may name Node flags after a colon (`build:--max-semi-space-size=8`); without any, the
// server runs with npm start's.
const builds = process.argv.slice(2).length ? process.argv.slice(2) : ["build"];
const MODES = (process.env.BENCH_MODES ?? "pglite,postgres").split(",").filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 7000);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PAGES = (process.env.BENCH_PAGES ?? "/salida-a-tzintzuntzan,/personajes,/").split(",");

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));

/** CPU time a process has used so far (user + system), in ms (Linux: clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

type Server = {
  label: string;
  origin: string;
  child: ChildProcess;
  cookie: string;
  rssIdle: number;
  rssPeak: number;
  cleanup: () => Promise<void>;
};

async function startServer(spec: string, mode: string, port: number, index: number): Promise<Server> {
  const [build = "build", ...ownFlags] = spec.split(":");
  const nodeFlags = ownFlags.length ? ownFlags : startNodeFlags();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "bench-signed-in-"));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (mode === "postgres") {
    const name = `bench_signed_in_${process.pid}_${index}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const child = await startBuildServer(build, { port, dataDir, databaseUrl, nodeFlags });
  children.add(child);
  const cookie = await signUpBenchReader(origin, `lector.${index}@example.com`);
  for (const path of PAGES) await fetch(`${origin}${path}`, { headers: { Cookie: cookie } }).then((r) => r.text());
  await sleep(2000);
  const rssIdle = rssMiB(child.pid!);
  return {
    label: `${spec} (${mode})`,
    origin,
    child,
    cookie,
    rssIdle,
    rssPeak: rssIdle,
    async cleanup() {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

async function load(server: Server, path: string) {
  const sample = setInterval(() => (server.rssPeak = Math.max(server.rssPeak, rssMiB(server.child.pid!))), 250);
  const cpuBefore = cpuMs(server.child.pid!);
  try {
    const result = await autocannon({
      url: `${server.origin}${path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { Cookie: server.cookie, "Accept-Encoding": "gzip, br" },
    });
    const failed = result.errors + result.timeouts + result.non2xx;
    // The server's own CPU per answer: what a loaded, shared machine changes least.
    const cpuPerRequest = (cpuMs(server.child.pid!) - cpuBefore) / Math.max(1, result.requests.total);
    return { rps: result.requests.average, p99: result.latency.p99, failed, cpuPerRequest };
  } finally {
    clearInterval(sample);
  }
}

const fixed = (value: number) => Math.round(value).toLocaleString("en-US");
let portIndex = 0;
for (const mode of MODES) {
  console.log(`\n== ${mode}: signed-in pages, ${SECONDS} s × ${ROUNDS} rounds at ${CONNECTIONS} connections ==`);
  const servers: Server[] = [];
  for (const build of builds) servers.push(await startServer(build, mode, PORT_BASE + portIndex, portIndex++));
  try {
    for (const path of PAGES) {
      const rates = servers.map(() => [] as number[]);
      const p99s = servers.map(() => [] as number[]);
      const cpus = servers.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, server] of servers.entries()) {
          const figures = await load(server, path);
          rates[index]!.push(figures.rps);
          p99s[index]!.push(figures.p99);
          cpus[index]!.push(figures.cpuPerRequest);
          if (figures.failed) console.log(`  ${server.label} ${path}: ${figures.failed} failed`);
        }
      }
      const medians = rates.map((values) => median(values));
      const cpuMedians = cpus.map((values) => median(values));
      for (const [index, server] of servers.entries()) {
        const ratio = index > 0 ? ` (${(medians[index]! / medians[0]!).toFixed(2)}× the first)` : "";
        const cpuRatio = index > 0 ? ` (${(cpuMedians[0]! / cpuMedians[index]!).toFixed(2)}× fewer)` : "";
        console.log(
          `  ${path.padEnd(24)} ${server.label.padEnd(28)} ${rates[index]!.map(fixed).join(" / ")} req/s, median ${fixed(medians[index]!)}${ratio}, p99 median ${fixed(median(p99s[index]!))} ms; CPU ${cpuMedians[index]!.toFixed(2)} ms per page${cpuRatio}`,
        );
      }
    }
    for (const server of servers) {
      console.log(
        `  RSS ${server.label}: idle ${fixed(server.rssIdle)} MiB, peak under load ${fixed(server.rssPeak)} MiB`,
      );
    }
  } finally {
    for (const server of servers) await server.cleanup();
  }
}
process.exit(0);

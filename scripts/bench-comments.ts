/**
 * `node scripts/bench-comments.ts .bench/before build`: a chapter with many comments (issue 38),
 * builds side by side in one run. Every build is served by this checkout's server/main.ts
 * (BUILD_DIR) on one shared PostgreSQL database, where one chapter gets BENCH_COMMENTS (10,000)
 * comments and another 100; the servers are loaded in turn, round after round, with sequential
 * signed-in requests that accept gzip. Prints, per build and page, the bytes on the wire (gzip
 * and plain), the comments the page's HTML holds, and the server's own CPU time per page (the
 * median of the rounds), with its ratio to the first build.
 *
 * BENCH_CACHE_SECONDS (the site's default), BENCH_ROUNDS (5), BENCH_REQUESTS (40 per page and round), BENCH_PORT (7100), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432/postgres: where the run's database is created and dropped).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { median, signUpBenchReader, sleep, startBuildServer } from "./bench-support.ts";

const builds = process.argv.slice(2).length ? process.argv.slice(2) : ["build"];
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 7100);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PAGES = {
  [`${COMMENTS} comments`]: "/salida-a-tzintzuntzan",
  "100 comments": "/casa-de-la-abuela",
  "no comments": "/el-inframundo",
};

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((child) => child.kill("SIGKILL")));

/** CPU time a process has used so far (user + system), in ms (Linux: clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** One GET as a browser asks it: the bytes on the wire and the body (decoded by the caller). */
function get(origin: string, path: string, cookie: string, encoding: string | null) {
  return new Promise<{ status: number; body: Buffer; location?: string }>((done, fail) => {
    const headers: Record<string, string> = { Cookie: cookie, Accept: "text/html" };
    if (encoding) headers["Accept-Encoding"] = encoding;
    const req = request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), location: res.headers.location }),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

async function startServer(build: string, port: number, databaseUrl: string) {
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "bench-comments-"));
  const child = await startBuildServer(build, {
    port,
    dataDir,
    databaseUrl,
    env: {
      RATE_LIMIT_MULTIPLIER: "100",
      // One secret for all: the reader's session cookie opens every build's pages.
      AUTH_SECRET: "bench-comments-secret-long-enough-0123456789",
      // BENCH_CACHE_SECONDS=0: every page asks the database, as after each new comment on a busy chapter.
      ...(process.env.BENCH_CACHE_SECONDS ? { DATA_CACHE_SECONDS: process.env.BENCH_CACHE_SECONDS } : {}),
    },
  });
  children.add(child);
  return { build, origin, child, dataDir };
}

const name = `bench_comments_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const servers = [];
try {
  // One at a time: the first migrates and seeds the database the others then find ready.
  for (const [index, build] of builds.entries())
    servers.push(await startServer(build, PORT_BASE + index, url.toString()));
  // The comments are one reader's; the pages are read by another (no delete button on each).
  await signUpBenchReader(servers[0]!.origin, "lectora.comentarios@example.com");
  const cookie = await signUpBenchReader(servers[0]!.origin, "lector.pagina@example.com");
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const { rows } = await db.query<{ id: string }>(`select id from "user" where email = $1`, [
    "lectora.comentarios@example.com",
  ]);
  const insert = (slug: string, count: number) =>
    db.query(
      `insert into comments (section_id, user_id, user_name, text, created_at)
       select $1, $2, 'Lectora', 'Me gustó mucho cuando Valentina y Taquito llegan al lago; el comentario ' || g ||
              ' cuenta lo que sentí al leerlo en voz alta con mi familia una tarde de lluvia.',
              now() - g * interval '1 minute'
       from generate_series(1, $3::int) g`,
      [slug, rows[0]!.id, count],
    );
  await insert("salida-a-tzintzuntzan", COMMENTS);
  await insert("casa-de-la-abuela", 100);
  await db.end();
  await sleep(1000);

  const cpu = new Map<string, number[]>();
  const bytes = new Map<string, { gzip: number; plain: number; shown: number }>();
  for (const server of servers)
    for (const [label, path] of Object.entries(PAGES)) {
      const plain = await get(server.origin, path, cookie, null);
      const gzip = await get(server.origin, path, cookie, "gzip");
      if (plain.status !== 200) throw new Error(`${server.build} ${path}: ${plain.status} ${plain.location ?? ""}`);
      const html = plain.body.toString("utf8");
      // BENCH_DUMP: a directory to keep each page's HTML in, to see what its bytes are.
      if (process.env.BENCH_DUMP)
        writeFileSync(join(process.env.BENCH_DUMP, `${servers.indexOf(server)}-${path.slice(1)}.html`), html);
      bytes.set(`${server.build} ${label}`, {
        gzip: gzip.body.length,
        plain: plain.body.length,
        shown: (html.match(/data-comment-id=/g) ?? []).length,
      });
    }
  for (let round = 0; round < ROUNDS; round++)
    for (const server of servers)
      for (const [label, path] of Object.entries(PAGES)) {
        const before = cpuMs(server.child.pid!);
        for (let i = 0; i < REQUESTS; i++) await get(server.origin, path, cookie, "gzip");
        const perPage = (cpuMs(server.child.pid!) - before) / REQUESTS;
        const key = `${server.build} ${label}`;
        cpu.set(key, [...(cpu.get(key) ?? []), perPage]);
      }
  const first = servers[0]!.build;
  for (const label of Object.keys(PAGES))
    for (const server of servers) {
      const key = `${server.build} ${label}`;
      const { gzip, plain, shown } = bytes.get(key)!;
      const ms = median(cpu.get(key)!);
      const ratio = ms / median(cpu.get(`${first} ${label}`)!);
      console.log(
        `${label.padEnd(16)} ${server.build.padEnd(14)} ${String(shown).padStart(4)} shown  ` +
          `${(plain / 1024).toFixed(1).padStart(7)} KB plain ${(gzip / 1024).toFixed(1).padStart(6)} KB gzip  ` +
          `${ms.toFixed(2).padStart(6)} ms CPU/page (${ratio.toFixed(2)}× ${first}; rounds ${cpu
            .get(key)!
            .map((value) => value.toFixed(1))
            .join(" ")})`,
      );
    }
} finally {
  for (const server of servers) {
    const exited = new Promise((done) => server.child.once("exit", done));
    server.child.kill("SIGTERM");
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

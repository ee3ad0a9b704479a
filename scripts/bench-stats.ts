/**
 * `npm run bench:stats`: the authors' statistics page with a big book's figures (issue 25).
 * Starts the production build on a throwaway database, signs an author up, stops the site,
 * fills the database with SQL generate_series (1,000,000 page views, 100,000 chapter unlocks,
 * 100,000 comments, and readers, character unlocks, reports and families around them), starts
 * the site again and times GET /adminpanel/estadisticas for each period: the first request
 * (cold) and the median and slowest of the next five, measured on loopback (the server's time
 * plus well under a millisecond), and the server process's CPU time per page (what the
 * page costs, whatever else the machine is doing). Fails when a median is over BUDGET_MS.
 *
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://…/any runs it on that PostgreSQL
 * server, in a database of its own (created here, dropped at the end). BENCH_VIEWS, BENCH_UNLOCKS,
 * BENCH_COMMENTS scale the data; BENCH_PORT, BENCH_SERVER_DIR (another checkout's build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../app/lib/db.server.ts";
import { median, signUpBenchReader } from "./bench-support.ts";

const BUDGET_MS = 300;
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const UNLOCKS = Number(process.env.BENCH_UNLOCKS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100_000);
/** Readers: each unlocks 1 to 15 chapters (8 on average), so this many give about UNLOCKS unlocks. */
const READERS = Math.ceil(UNLOCKS / 8);
const PERIODS = [7, 30, 90, 365];
const TIMED_REQUESTS = 5;

const root = resolve(process.env.BENCH_SERVER_DIR ?? resolve(import.meta.dirname, ".."));
const port = Number(process.env.BENCH_PORT ?? 3600 + Math.floor(Math.random() * 100));
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "bench-stats-"));
/**
 * BENCH_KEEP=1 keeps the filled data directory or PostgreSQL database (and prints where it is)
 * to look into it afterwards (EXPLAIN ANALYZE the page's queries, say); drop the database by hand.
 */
const keep = process.env.BENCH_KEEP === "1";

/** A database of our own on the PostgreSQL server, when one is given. */
async function ownPostgresDatabase(serverUrl: string) {
  const name = `bench_stats_${randomBytes(4).toString("hex")}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

const postgres = process.env.BENCH_DATABASE_URL ? await ownPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;

function startServer(): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, [join(root, "server/main.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? "",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return { child, exited };
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error("the server did not start");
}

async function stopServer(server: ReturnType<typeof startServer>) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** The author made an admin, and the big book's figures, written by the database itself (generate_series), in a few statements. */
async function fillDatabase(adminEmail: string) {
  const handle = await openDatabase(postgres ? { kind: "postgres", url: postgres.url } : { kind: "pglite", dataDir });
  const { db } = handle;
  const run = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await statement.execute(db);
    console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    // The author who reads the page (the site is stopped: no control socket to ask).
    await sql`insert into admins (user_id, email) select id, email from "user" where email = ${adminEmail}`.execute(db);
    console.log("Filling the database:");
    await run(
      `${READERS} readers over two years, with profiles`,
      sql`
        with new_users as (
          insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
          select 'bench-' || i, 'Lector ' || i, 'bench-' || i || '@example.com', true,
                 now() - random() * interval '730 days', now()
          from generate_series(1, ${READERS}) as i
          returning id, email
        )
        insert into profiles (user_id, email, apodo, clan)
        select id, email, 'Xolo Veloz', (abs(hashtext(id)) % 5) from new_users`,
    );
    await run(
      `${UNLOCKS} chapter unlocks (1 to 15 chapters each)`,
      sql`
        insert into unlocked_chapters (user_id, chapter_id, unlocked_at)
        select 'bench-' || reader, chapter.id, now() - random() * interval '365 days'
        from generate_series(1, ${READERS}) as reader
        join (select id, row_number() over (order by sort_order) as place from chapters) as chapter
          on chapter.place <= 1 + (reader * 7919) % 15
        limit ${UNLOCKS}`,
    );
    await run(
      "character unlocks (about a third of the pairs)",
      sql`
        insert into unlocked_characters (user_id, character_id, unlocked_at)
        select 'bench-' || reader, character.id, now() - random() * interval '365 days'
        from generate_series(1, ${READERS}) as reader
        join (select id, row_number() over (order by sort_order) as place from characters
              where required_url is not null) as character
          on (reader + character.place) % 3 = 0`,
    );
    await run(
      `${COMMENTS} comments (90% published, 7% held, 3% hidden)`,
      sql`
        insert into comments (section_id, user_id, user_name, text, status, created_at)
        select chapter.slug, 'bench-' || (1 + i % ${READERS}), 'Xolo Veloz', 'Comentario ' || i,
               case when i % 100 < 90 then 'visible' when i % 100 < 97 then 'held' else 'hidden' end,
               now() - random() * interval '365 days'
        from generate_series(1, ${COMMENTS}) as i
        join (select slug, row_number() over (order by sort_order) - 1 as place from chapters) as chapter
          on chapter.place = i % 15`,
    );
    await run(
      "reports on one comment in fifty",
      sql`
        insert into comment_reports (comment_id, reporter_id, reason, created_at)
        select id, 'bench-' || (1 + abs(hashtext(id)) % ${READERS}), 'otro', created_at + interval '1 hour'
        from comments where abs(hashtext(id)) % 50 = 0
        on conflict do nothing`,
    );
    await run(
      "300 child readers in 200 families",
      sql`
        with guardians as (
          insert into "user" (id, name, email, "emailVerified")
          select 'bench-family-' || i, 'Familia ' || i, 'bench-family-' || i || '@example.com', true
          from generate_series(1, 200) as i returning id
        ), children as (
          insert into "user" (id, name, email, "emailVerified")
          select 'bench-child-' || i, 'Niño ' || i, 'bench-child-' || i || '@example.invalid', true
          from generate_series(1, 300) as i returning id
        )
        insert into child_readers (user_id, guardian_id, picture, pin_hash, consent_by_email, consent_text)
        select 'bench-child-' || i, 'bench-family-' || (1 + i % 200), 'xolo', 'x', 'familia@example.com', 'Sí'
        from generate_series(1, 300) as i`,
    );
    // Active readers are counted once a day as it happens (decision 069): events dated in the
    // past, as above, count none. Two years of daily counts, as a site in use would have.
    await run(
      "active readers per day over two years",
      sql`
        insert into stats_days (metric, day, key, count)
        select 'active-readers', (now() at time zone 'UTC')::date - i, '', 50 + (i * 37) % 400
        from generate_series(0, 729) as i
        on conflict (metric, day, key) do update set count = excluded.count`,
    );
    // Page views in slices of 100,000: each statement's rows are counted per day by the trigger.
    const slice = 100_000;
    const started = performance.now();
    for (let from = 0; from < VIEWS; from += slice) {
      const count = Math.min(slice, VIEWS - from);
      await sql`
        with paths as (
          select array_agg(path) as all_paths from (
            select '/' || slug as path from chapters
            union all select required_url from chapters
            union all select '/qr/' || code from qr_codes
            union all select unnest(array['/', '/personajes', '/capitulos', '/el-libro', '/eventos', '/eventos?taquito',
                                          '/login', '/contact', '/pasaporte', '/tu-perfil', '/?book', '/privacidad'])
          ) as site
        )
        insert into page_views (path, title, created_at)
        select all_paths[1 + floor(random() * array_length(all_paths, 1))::int], 'Valentina y Taquito',
               now() - random() * interval '365 days'
        from paths, generate_series(1, ${count})`.execute(db);
    }
    console.log(
      `  ${`${VIEWS} page views over a year`.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await sql`analyze`.execute(db);
    const { rows } = await sql<{ days: number }>`select count(*) as days from page_view_days`.execute(db);
    console.log(`  page_view_days: ${Number(rows[0]!.days)} rows (a day and a path each)`);
  } finally {
    await handle.close();
  }
}

/**
 * The server process's CPU time so far, in ms (/proc, Linux; clock ticks of 10 ms): on a
 * machine shared with other work, the wall time of a request measures the neighbours too.
 */
function serverCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function timeRequest(path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !body.includes("Lectores que desbloquearon cada capítulo"))
    throw new Error(`${path} answered ${response.status}`);
  return ms;
}

let server = startServer();
let failed = false;
try {
  await waitForServer();
  const email = `autora.${randomBytes(3).toString("hex")}@example.com`;
  const cookie = await signUpBenchReader(origin, email);
  await stopServer(server);
  await fillDatabase(email);
  server = startServer();
  await waitForServer();

  const database = postgres ? "PostgreSQL" : "PGlite";
  console.log(
    `\nGET /adminpanel/estadisticas on ${database} (budget ${BUDGET_MS} ms; machine load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs):`,
  );
  for (const period of PERIODS) {
    const path = `/adminpanel/estadisticas?dias=${period}`;
    const cold = await timeRequest(path, cookie);
    const times: number[] = [];
    const cpuBefore = serverCpuMs(server.child.pid);
    for (let index = 0; index < TIMED_REQUESTS; index++) times.push(await timeRequest(path, cookie));
    const cpuPerRequest = (serverCpuMs(server.child.pid) - cpuBefore) / TIMED_REQUESTS;
    const over = median(times) > BUDGET_MS;
    failed ||= over;
    console.log(
      `  ${over ? "✖" : "✔"} ${String(period).padStart(3)} días: median ${median(times).toFixed(0).padStart(4)} ms, ` +
        `slowest ${Math.max(...times)
          .toFixed(0)
          .padStart(
            4,
          )} ms, first ${cold.toFixed(0).padStart(4)} ms; server CPU ${cpuPerRequest.toFixed(0).padStart(4)} ms a page`,
    );
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await stopServer(server);
  if (keep) console.log(`Kept ${postgres ? postgres.url : dataDir}`);
  else {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failed) {
  console.error("Over budget or failed.");
  process.exit(1);
}

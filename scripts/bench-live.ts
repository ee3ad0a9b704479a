/**
 * `npm run bench:live`: how long one comment takes to reach every connected reader.
 * Starts the production build on a throwaway embedded database, opens N Server-Sent Events
 * connections to one chapter's comment topic, posts a comment through the chapter page's
 * action as a signed-in reader, and times the arrival of the change event on every stream.
 * Each reader then does what the page does: when the event carries the comment it is visible at
 * once; otherwise, 50 ms later (the client's coalescing), it reloads the page's data and the
 * comment is visible when that answers with it. Prints figures per round (event arrival, comment
 * visible, failed reloads) and fails when the median time to the last reader exceeds the budget.
 *
 * BENCH_READERS, BENCH_ROUNDS, BENCH_BUDGET_MS; BENCH_PORT (default 3400–3499); BENCH_SERVER_DIR
 * runs another checkout's build (scripts/bench.ts compares two); BENCH_JSON=1 ends with one line
 * `BENCH_LIVE_JSON {...}` of the pooled figures.
 */
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { median, percentile, signUpBenchReader, startBuildServer } from "./bench-support.ts";

const READERS = Number(process.env.BENCH_READERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 1000);
// Reloading thousands of pages at once takes a while on a small machine: 20 ms a reader, at least 60 s.
const ROUND_LIMIT_MS = Math.max(60_000, READERS * 20);
const RELOAD_LIMIT_MS = 30_000;
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3400 + Math.floor(Math.random() * 100));
const origin = `http://localhost:${port}`;
const chapterPath = "/salida-a-tzintzuntzan";

// This checkout's build, or a whole other checkout (BENCH_SERVER_DIR) with its own server.
const server = await startBuildServer(process.env.BENCH_SERVER_DIR ?? join(root, "build"), {
  port,
  dataDir: mkdtempSync(join(tmpdir(), "bench-live-")),
  env: {
    // Every reader connects from this one address.
    LIVE_MAX_PER_ADDRESS: String(READERS + 100),
    LIVE_MAX_CONNECTIONS: String(READERS + 100),
  },
});
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
// A reader's browser reloads the data on a connection of its own, kept alive like a browser's.
const reloadAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

type Reader = { arrived: number | null; visible: number | null; failed: boolean; request: http.ClientRequest };

/**
 * The revalidation a reader's page makes: GET the chapter's data; true when it holds `text`. A
 * kept-alive socket the server closed meanwhile is retried once, as browsers do.
 */
function reload(text: string, retry = true): Promise<boolean> {
  return new Promise((done) => {
    const request = http.get(`${origin}${chapterPath}.data`, { agent: reloadAgent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => done(response.statusCode === 200 && body.includes(text)));
      response.on("error", () => done(false));
    });
    // A reload still unanswered after 30 s counts as failed (a reader would have given up).
    request.setTimeout(RELOAD_LIMIT_MS, () => request.destroy(new Error("timed out")));
    request.on("error", (error) =>
      retry && request.reusedSocket && error.message !== "timed out" ? done(reload(text, false)) : done(false),
    );
  });
}

function openReader(onChange: (reader: Reader, event: string) => void): Promise<Reader> {
  return new Promise((ready, fail) => {
    const reader: Reader = {
      arrived: null,
      visible: null,
      failed: false,
      request: undefined as unknown as http.ClientRequest,
    };
    reader.request = http.get(`${origin}/api/live?topic=comments:salida-a-tzintzuntzan`, { agent }, (response) => {
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
    reader.request.on("error", fail);
  });
}

let failed = false;
try {
  const cookie = await signUpBenchReader(origin, "bench@example.com");

  let postedAt = 0;
  let pending = 0;
  let text = "";
  let allVisible = () => {};
  let currentRound = 0;
  const settle = (reader: Reader, visible: boolean, round: number) => {
    // A reload that answers after its round was closed counts for nothing.
    if (round !== currentRound || reader.visible !== null || reader.failed) return;
    if (visible) reader.visible = performance.now() - postedAt;
    else reader.failed = true;
    if (--pending === 0) allVisible();
  };
  const readers = await Promise.all(
    Array.from({ length: READERS }, () =>
      openReader((reader, event) => {
        if (reader.arrived !== null || postedAt === 0) return;
        reader.arrived = performance.now() - postedAt;
        // The event carries the comment: shown without asking the server again.
        const round = currentRound;
        if (event.includes(text)) return settle(reader, true, round);
        setTimeout(() => void reload(text).then((shown) => settle(reader, shown, round)), 50);
      }),
    ),
  );
  console.log(`${READERS} readers connected to ${chapterPath}'s comments`);

  const lastTimes: number[] = [];
  const arrivals: number[] = [];
  const visibles: number[] = [];
  let failedReloads = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    currentRound = round;
    for (const reader of readers) Object.assign(reader, { arrived: null, visible: null, failed: false });
    pending = READERS;
    const done = new Promise<void>((resolveDone) => (allVisible = resolveDone));
    // Unique, and nothing the moderation holds (a run of 7+ digits reads as a phone number and a
    // held comment never reaches other readers): the time in base 36, letters and a few digits.
    text = `Comentario de prueba ${round} ${Date.now().toString(36)}`;
    postedAt = performance.now();
    const response = await fetch(`${origin}${chapterPath}.data`, {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie },
      body: new URLSearchParams({ intent: "comment", text }),
    });
    if (!response.ok) throw new Error(`comment refused: ${response.status}`);
    const acknowledged = performance.now() - postedAt;
    // Past the round's limit, readers who never saw the comment count as failed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([done, new Promise((limit) => (timer = setTimeout(limit, ROUND_LIMIT_MS)))]);
    clearTimeout(timer);
    const unfinished = readers.filter((reader) => reader.visible === null && !reader.failed);
    for (const reader of unfinished) reader.failed = true;
    pending = 0;
    if (readers.some((reader) => reader.arrived === null)) {
      throw new Error(`not every reader heard the comment in ${ROUND_LIMIT_MS / 1000} s`);
    }
    const times = readers.map((reader) => reader.arrived!);
    const shown = readers.flatMap((reader) => (reader.visible === null ? [] : [reader.visible]));
    const failures = readers.filter((reader) => reader.failed).length;
    arrivals.push(...times);
    visibles.push(...shown);
    failedReloads += failures;
    const last = Math.max(...times);
    lastTimes.push(last);
    console.log(
      `round ${round}: action answered in ${acknowledged.toFixed(0)} ms; reached readers median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, last ${last.toFixed(0)} ms; ` +
        `visible median ${shown.length ? median(shown).toFixed(0) : "—"} ms, p99 ${shown.length ? percentile(shown, 99).toFixed(0) : "—"} ms; failed reloads ${failures}`,
    );
    postedAt = 0;
    // The comment rate limit is 5 per minute per reader; the benchmark posts at most 5.
  }
  const result = median(lastTimes);
  failed = result > BUDGET_MS;
  console.log(
    `${failed ? "✖" : "✔"} one comment reaches all ${READERS} readers in ${result.toFixed(0)} ms (median of ${ROUNDS} rounds; budget ${BUDGET_MS} ms)`,
  );
  if (process.env.BENCH_JSON) {
    const figures = {
      readers: READERS,
      rounds: ROUNDS,
      arrival: { p50: median(arrivals), p99: percentile(arrivals, 99) },
      visible: visibles.length ? { p50: median(visibles), p99: percentile(visibles, 99) } : null,
      failedReloads,
    };
    console.log(`BENCH_LIVE_JSON ${JSON.stringify(figures)}`);
  }
  for (const reader of readers) reader.request.destroy();
} finally {
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);

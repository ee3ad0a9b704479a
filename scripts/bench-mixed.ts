/**
 * `npm run bench:mixed`: a busy minute on one chapter (issue 14's "200 readers + 20 commenters
 * for 60 s"). Starts the production build on a throwaway embedded database. Every reader keeps
 * the chapter's live stream open and reloads the chapter page every ~2 s (half as visitors, half
 * signed in); first for BENCH_IDLE_SECONDS with nobody commenting (the idle figures), then for
 * BENCH_SECONDS while 20 commenters each post every 15 s (a conversation at the site's own rate
 * limit, 80 comments a minute). Prints page-load p50/p99 idle and busy, and checks that every
 * comment was stored once and reached every reader's stream once.
 *
 * Fails when the busy p99 is over 2× the idle p99, a page load failed, or a comment was lost or
 * doubled. BENCH_READERS (200), BENCH_COMMENTERS (20), BENCH_SECONDS (60), BENCH_IDLE_SECONDS
 * (20), BENCH_PORT (default 3500–3599), BENCH_SERVER_DIR (another checkout's build),
 * BENCH_JSON=1 ends with one line `BENCH_MIXED_JSON {...}`.
 */
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { percentile, signUpBenchReader, sleep, startBuildServer } from "./bench-support.ts";

const READERS = Number(process.env.BENCH_READERS ?? 200);
const COMMENTERS = Number(process.env.BENCH_COMMENTERS ?? 20);
const BUSY_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const RELOAD_EVERY_MS = 2000;
const COMMENT_EVERY_MS = 15_000;
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3500 + Math.floor(Math.random() * 100));
const origin = `http://localhost:${port}`;
const chapterPath = "/salida-a-tzintzuntzan";

// This checkout's build, or a whole other checkout (BENCH_SERVER_DIR) with its own server.
const server = await startBuildServer(process.env.BENCH_SERVER_DIR ?? join(root, "build"), {
  port,
  dataDir: mkdtempSync(join(tmpdir(), "bench-mixed-")),
  env: {
    // Every reader connects from this one address (a school behind one router).
    LIVE_MAX_PER_ADDRESS: String(READERS + 100),
    LIVE_MAX_CONNECTIONS: String(READERS + 100),
  },
});
// Each reader is a browser: its own kept-alive connection for pages, one for its live stream.
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

const signUp = (index: number) => signUpBenchReader(origin, `comentarista.${index}@example.com`);

type Phase = "idle" | "busy" | "off";
type Reader = { stream: http.ClientRequest; received: string; agent: http.Agent; cookie: string | null };

function openStream(reader: Omit<Reader, "stream">): Promise<Reader> {
  return new Promise((ready, fail) => {
    const full = reader as Reader;
    full.stream = http.get(
      `${origin}/api/live?topic=comments:salida-a-tzintzuntzan`,
      { agent: streamAgent, headers: reader.cookie ? { Cookie: reader.cookie } : {} },
      (response) => {
        response.setEncoding("utf8");
        let connected = false;
        response.on("data", (chunk: string) => {
          full.received += chunk;
          if (!connected && chunk.includes("conectado")) {
            connected = true;
            ready(full);
          }
        });
      },
    );
    full.stream.on("error", fail);
  });
}

/** One page load as the reader's browser makes it; its time in ms, or null when it failed. */
function loadPage(reader: Reader): Promise<number | null> {
  const started = performance.now();
  return new Promise((done) => {
    const request = http.get(
      `${origin}${chapterPath}`,
      { agent: reader.agent, headers: reader.cookie ? { Cookie: reader.cookie } : {} },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode === 200 ? performance.now() - started : null));
        response.on("error", () => done(null));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("timed out")));
    request.on("error", () => done(null));
  });
}

let failed = false;
try {
  const cookies: string[] = [];
  for (let index = 0; index < COMMENTERS; index++) cookies.push(await signUp(index));
  // Half the readers signed in (sharing the commenters' accounts, as a family shares devices).
  const readers = await Promise.all(
    Array.from({ length: READERS }, (_, index) =>
      openStream({
        received: "",
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
        cookie: index % 2 === 1 ? cookies[index % COMMENTERS]! : null,
      }),
    ),
  );
  console.log(`${READERS} readers on ${chapterPath} (half signed in), ${COMMENTERS} commenters`);

  let phase: Phase = "idle";
  const loads: Record<"idle" | "busy", number[]> = { idle: [], busy: [] };
  let failedLoads = 0;
  const readerLoops = readers.map(async (reader) => {
    // Spread the readers over the reload period, as real ones arrive at different times.
    await sleep(Math.random() * RELOAD_EVERY_MS);
    while (phase !== "off") {
      const current = phase;
      const time = await loadPage(reader);
      if (time === null) failedLoads++;
      else if (phase === current) loads[current].push(time);
      await sleep(RELOAD_EVERY_MS * (0.5 + Math.random()));
    }
  });

  await sleep(IDLE_SECONDS * 1000);
  phase = "busy";
  const posted: string[] = [];
  let refused = 0;
  const busyUntil = performance.now() + BUSY_SECONDS * 1000;
  const commenterLoops = cookies.map(async (cookie, index) => {
    await sleep((COMMENT_EVERY_MS * index) / COMMENTERS);
    for (let turn = 0; performance.now() < busyUntil; turn++) {
      // Letters only: a run of digits reads as a phone number, and a held comment reaches nobody.
      const text = `Comentario mixto ${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))} ${Array.from({ length: turn + 1 }, () => "o").join("")} ${Date.now().toString(36).replace(/[0-9]/g, "")}`;
      const response = await fetch(`${origin}${chapterPath}.data`, {
        method: "POST",
        headers: { Origin: origin, Cookie: cookie },
        body: new URLSearchParams({ intent: "comment", text }),
      });
      if (response.ok) posted.push(text);
      else refused++;
      await response.arrayBuffer();
      await sleep(COMMENT_EVERY_MS);
    }
  });
  await Promise.all(commenterLoops);
  phase = "off";
  await Promise.all(readerLoops);
  // Let the last events arrive.
  await sleep(2000);

  // Stored once: the chapter's data (the newest 100) holds each posted text exactly once.
  const data = await (await fetch(`${origin}${chapterPath}.data`)).text();
  const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
  const storedWrong = posted.filter((text) => count(data, text) !== 1).length;
  // Reached every reader: each open stream carried each comment's event exactly once.
  let missing = 0;
  let doubled = 0;
  for (const reader of readers)
    for (const text of posted) {
      const seen = count(reader.received, text);
      if (seen === 0) missing++;
      if (seen > 1) doubled++;
    }
  for (const reader of readers) {
    reader.stream.destroy();
    reader.agent.destroy();
  }

  const figures = {
    readers: READERS,
    commenters: COMMENTERS,
    seconds: BUSY_SECONDS,
    idle: { loads: loads.idle.length, p50: percentile(loads.idle, 50), p99: percentile(loads.idle, 99) },
    busy: { loads: loads.busy.length, p50: percentile(loads.busy, 50), p99: percentile(loads.busy, 99) },
    failedLoads,
    comments: { posted: posted.length, refused, storedWrong, missingDeliveries: missing, doubledDeliveries: doubled },
  };
  const ratio = figures.busy.p99 / figures.idle.p99;
  console.log(
    `page loads idle: ${figures.idle.loads}, p50 ${figures.idle.p50.toFixed(0)} ms, p99 ${figures.idle.p99.toFixed(0)} ms; ` +
      `busy: ${figures.busy.loads}, p50 ${figures.busy.p50.toFixed(0)} ms, p99 ${figures.busy.p99.toFixed(0)} ms ` +
      `(${ratio.toFixed(2)}× idle); failed loads ${failedLoads}`,
  );
  console.log(
    `comments: ${posted.length} posted (${refused} refused), ${storedWrong} not stored exactly once; ` +
      `deliveries to ${READERS} streams: ${missing} missing, ${doubled} doubled`,
  );
  failed = ratio > 2 || failedLoads > 0 || refused > 0 || storedWrong > 0 || missing > 0 || doubled > 0;
  console.log(
    `${failed ? "✖" : "✔"} ${READERS} readers + ${COMMENTERS} commenters for ${BUSY_SECONDS} s: busy page-load p99 ≤ 2× idle, every comment stored once and shown to every reader`,
  );
  if (process.env.BENCH_JSON) console.log(`BENCH_MIXED_JSON ${JSON.stringify({ ...figures, ratio })}`);
} finally {
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);

import http from "node:http";
import { percentile } from "./bench-support.ts";

/**
 * Visitors who load a page one by one at a steady average rate, each arriving at a random moment
 * independent of the others (a Poisson process: the time to the next arrival is exponential), over
 * a few kept-alive connections. This is how 10,000 readers turning pages on their own arrive.
 *
 * autocannon's `overallRate` is not that: each of its connections sends as fast as it can until it
 * has made its share of the second's requests, then waits for the next second, so 200 pages a
 * second arrived as one burst of 200 at the top of each second that held both cores of these
 * machines for 0.1–0.6 s, and then nothing (seen in a system-wide profile of the night, ninth and
 * tenth sessions, docs/benchmarks.md). A comment posted inside a burst waited for it.
 */
export type PacedVisitorsResult = {
  /** Pages answered per second, over the run. */
  rps: number;
  /** Latency of an answered page, 99th percentile (ms): from the moment it was due. */
  p99: number;
  /** Answers with a status ≥ 400, connection errors and pages not answered within the timeout. */
  errors: number;
};

export type PacedVisitors = { stop(): Promise<PacedVisitorsResult> };

const TIMEOUT_MS = 10_000;

export function pacedVisitors({
  url,
  perSecond,
  connections,
  headers = {},
}: {
  url: string;
  perSecond: number;
  connections: number;
  headers?: Record<string, string>;
}): PacedVisitors {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let stopped = false;
  let settled: () => void = () => {};
  const started = performance.now();
  const meanGapMs = 1000 / perSecond;
  const nextGap = () => -Math.log(1 - Math.random()) * meanGapMs;

  function visit(dueAt: number) {
    inFlight++;
    let finished = false;
    // A request may report both its end and a later error (a timeout on its kept-alive socket):
    // each visitor is counted once.
    const finish = (failed: boolean) => {
      if (finished) return;
      finished = true;
      if (failed) errors++;
      else latencies.push(performance.now() - dueAt);
      inFlight--;
      if (stopped && inFlight === 0) settled();
    };
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.once("end", () => finish((response.statusCode ?? 500) >= 400));
      response.once("error", () => finish(true));
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error("timeout")));
    request.once("error", () => finish(true));
  }

  // Every visitor whose moment has come is sent, then the timer waits for the next moment: a
  // late timer (a busy event loop) sends the visitors it missed at once rather than losing them.
  let due = started + nextGap();
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    const now = performance.now();
    while (due <= now) {
      visit(due);
      due += nextGap();
    }
    timer = setTimeout(tick, Math.max(0, due - performance.now()));
  };
  timer = setTimeout(tick, Math.max(0, due - performance.now()));

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const elapsedS = (performance.now() - started) / 1000;
      if (inFlight > 0) await new Promise<void>((done) => (settled = done));
      agent.destroy();
      return { rps: latencies.length / elapsedS, p99: percentile(latencies, 99), errors };
    },
  };
}

import { statfs, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { log as Log } from "../app/lib/log.server.ts";
import type { SiteMetrics } from "../app/lib/metrics.server.ts";
import { isStorageError, setStorageProbe, storageFailing } from "../app/lib/storage-health.server.ts";

/**
 * The instance's own watchdog (docs/decisions/072). Supervisors restart a process that exits
 * (systemd's Restart=on-failure, compose's and `docker run`'s restart policies), not one that
 * hangs; so an instance that can no longer do its work ends itself:
 *
 * - **A stuck event loop** (a full disk once left the embedded database spinning at 100% CPU,
 *   deaf to requests, probes and SIGTERM: issue 41) is seen from a worker thread, which runs on
 *   its own: the main thread stamps a shared clock every second, and when it has not for
 *   `stallMs` the worker logs one error line and kills the process (SIGKILL: the main thread
 *   cannot run a handler). Every acknowledged write survives a killed process.
 * - **A data directory it cannot write** (embedded database only: there the instance owns the
 *   disk): every 5 s a small file is written and removed in DATA_DIR, and the disk's free space
 *   is measured for the metrics. Writes failing for lack of storage (that check, or the
 *   database's own) for `unwritableMs` in a row end the process with status 1, for the
 *   supervisor to start a fresh one, which fails to start, visibly, until there is room again.
 *   On PostgreSQL the disk is the database server's: every instance shares it, so none leaves;
 *   writes answer 503 and the alert rules speak.
 */
export type WatchdogOptions = {
  stallMs: number;
  unwritableMs: number;
  /** The embedded database's DATA_DIR; absent on PostgreSQL. */
  dataDir?: string;
  metrics: SiteMetrics;
  logger: typeof Log;
  /** This instance's name in its log lines (host:port). */
  instance: string;
  /** Called once the instance cannot write for too long: it exits non-zero. */
  onUnwritable(reason: string): void;
};

const PROBE_EVERY_MS = 5_000;
const PROBE_BYTES = 64 * 1024;

export function startWatchdog({
  stallMs,
  unwritableMs,
  dataDir,
  metrics,
  logger,
  instance,
  onUnwritable,
}: WatchdogOptions) {
  let worker: Worker | null = null;
  let beat: NodeJS.Timeout | null = null;
  if (stallMs > 0) {
    const clock = new Int32Array(new SharedArrayBuffer(4));
    const now = () => Math.floor(performance.now() / 1000);
    Atomics.store(clock, 0, now());
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { clock, stallSeconds: Math.max(1, Math.round(stallMs / 1000)), pid: process.pid, instance },
    });
    worker.unref();
    beat = setInterval(() => Atomics.store(clock, 0, now()), 1000);
    beat.unref();
  }

  let probe: NodeJS.Timeout | null = null;
  let unwritableSince = 0;
  if (dataDir) {
    const file = join(dataDir, ".write-check");
    const check = async () => {
      try {
        const disk = await statfs(dataDir);
        metrics.dataDiskFree.set(disk.bavail * disk.bsize);
        metrics.dataDiskSize.set(disk.blocks * disk.bsize);
        await writeFile(file, new Uint8Array(PROBE_BYTES), { mode: 0o600 });
        await unlink(file);
        setStorageProbe(false);
      } catch (error) {
        await unlink(file).catch(() => {});
        if (isStorageError(error)) setStorageProbe(true, error);
        else logger.warn("could not check the data directory", { error });
      }
      if (!storageFailing()) {
        if (unwritableSince) logger.info("the data directory can be written again");
        unwritableSince = 0;
        return;
      }
      if (!unwritableSince) {
        unwritableSince = Date.now();
        logger.error("cannot write to the data directory: writes answer 503", { dataDir, stopsInMs: unwritableMs });
      } else if (Date.now() - unwritableSince >= unwritableMs) {
        onUnwritable(`cannot write to ${dataDir} for ${Math.round(unwritableMs / 1000)} s`);
      }
    };
    void check();
    probe = setInterval(() => void check(), PROBE_EVERY_MS);
    probe.unref();
  }

  return {
    stop() {
      if (beat) clearInterval(beat);
      if (probe) clearInterval(probe);
      void worker?.terminate();
    },
  };
}

/**
 * The worker: its own event loop, so it runs while the main thread is stuck. Plain JavaScript
 * (eval), one JSON line written straight to stderr's descriptor as the log would.
 */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const { clock, stallSeconds, pid, instance } = workerData;
setInterval(() => {
  const stalled = Math.floor(performance.now() / 1000) - Atomics.load(clock, 0);
  if (stalled < stallSeconds) return;
  const line = {
    time: new Date().toISOString(),
    level: "error",
    instance,
    msg: "the event loop has been stuck: the instance stops to be restarted",
    stalledSeconds: stalled,
  };
  try { writeSync(2, JSON.stringify(line) + "\\n"); } catch {}
  process.kill(pid, "SIGKILL");
}, 500);
`;

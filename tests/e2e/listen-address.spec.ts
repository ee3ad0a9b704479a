import { spawn } from "node:child_process";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { expect, seededDataDir, test, workerPort } from "./support.ts";

/**
 * Issue 37: behind a proxy (TRUST_PROXY) an instance that listened on every interface could be
 * reached around the proxy, by a client choosing its own X-Forwarded-For and request id. Unless
 * HOST says otherwise, it now listens on this machine only; without TRUST_PROXY, on every IPv4
 * interface as before. Checked on an address of this machine that is not loopback.
 *
 * Port: offset 20 of this worker's block, as tests/e2e/operations.spec.ts (one test at a time).
 */
const root = resolve(import.meta.dirname, "../..");
const PORT = workerPort(20);

/** An IPv4 address of this machine other than loopback (the one a neighbour would reach). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

/** Whether a TCP connection to address:port is accepted. */
const reachable = (address: string) =>
  new Promise<boolean>((done) => {
    const socket = connect(PORT, address);
    socket.setTimeout(2000, () => {
      socket.destroy();
      done(false);
    });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });

/** `node server/main.ts` with these settings, until it serves on loopback; run, then stopped. */
async function whileServing(settings: Record<string, string>, run: () => Promise<void>) {
  let output = "";
  const child = spawn(process.execPath, [join(root, "server/main.ts")], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: seededDataDir("mictlan-listen-"),
      DATABASE_URL: "",
      SITE_URL: `http://localhost:${PORT}`,
      SMTP_URL: "",
      LOG_LEVEL: "info",
      DRAIN_NOTICE_MS: "0",
      START_HOLD_MS: "0",
      // Unset unless the test sets them ("" is unset).
      HOST: "",
      TRUST_PROXY: "",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once("exit", done));
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${PORT}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 45_000 },
      )
      .toBe(200);
    await run();
  } catch (error) {
    throw new Error(`${String(error)}\nserver output:\n${output}`);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

test.describe("the address the site listens on", () => {
  test.skip(!outsideAddress, "this machine has no address but loopback");
  test.setTimeout(120_000);

  test("behind a proxy (TRUST_PROXY), this machine only unless HOST says otherwise; without one, every interface", async () => {
    await whileServing({ TRUST_PROXY: "1" }, async () => {
      expect(await reachable(outsideAddress!)).toBe(false);
    });
    await whileServing({ TRUST_PROXY: "1", HOST: "0.0.0.0" }, async () => {
      expect(await reachable(outsideAddress!)).toBe(true);
    });
    // `npm start` on a laptop or a school's network: reachable from the others, as before.
    await whileServing({}, async () => {
      expect(await reachable(outsideAddress!)).toBe(true);
    });
  });
});

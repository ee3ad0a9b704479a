import { rollingRestart } from "../../scripts/roll.ts";
import { caddyAvailable, proxyRequest, startProxyTopology, type ProxyTopology } from "../support/proxy-topology.ts";
import { expect, test, workerPort } from "./support.ts";

/**
 * Issue 41, section 5: two instances on one machine behind Caddy, without containers
 * (deploy/valentina-y-taquito@.service, deploy/Caddyfile.plain; docs/operations.md "Two instances on one
 * machine"), rolled by `npm run roll` (scripts/roll.ts) while readers keep loading pages: each
 * instance is restarted only once the one before answers /readyz, so the proxy always has one to
 * send readers to. Waiting for /healthz instead stopped the second while the first still held
 * its readiness back (START_HOLD_MS): 'no upstreams available'.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs TEST_DATABASE_URL (a PostgreSQL server shared by the two instances)");
test.skip(!caddyAvailable(), "needs the `caddy` binary (apt-get install caddy; .ci/run installs it)");

let topology: ProxyTopology;
const startHold = process.env.START_HOLD_MS;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A start that holds readiness longer than Caddy retries a request (lb_try_duration 5 s), as a
  // loaded machine's does: a roll that does not wait for readiness then leaves readers with no
  // instance at all, whatever the health checks' timing.
  process.env.START_HOLD_MS = "8000";
  topology = await startProxyTopology({ serverUrl: serverUrl!, basePort: workerPort(14), rateLimitMultiplier: 100 });
});

test.afterAll(async () => {
  if (startHold === undefined) delete process.env.START_HOLD_MS;
  else process.env.START_HOLD_MS = startHold;
  await topology?.stop();
});

test("npm run roll restarts one instance at a time, each ready before the next: no reader gets an error", async () => {
  test.setTimeout(180_000);
  const statuses: number[] = [];
  let loading = true;
  // Two readers loading pages through the proxy the whole time.
  const reader = async () => {
    while (loading) {
      const status = await proxyRequest(topology.siteUrl, "/").then(
        (response) => response.status,
        () => 0,
      );
      statuses.push(status);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const readers = [reader(), reader()];
  const said: string[] = [];
  const restarted: number[] = [];
  const done = await rollingRestart({
    ports: [...topology.instancePorts],
    restart: async (port) => {
      restarted.push(port);
      await topology.restart(topology.instancePorts.indexOf(port) as 0 | 1, { wait: false });
    },
    // The test's Caddy checks every 500 ms (the shipped one every 2 s: the script waits 3 s).
    settleMs: 1_000,
    say: (line) => said.push(line),
  });
  // A moment after the last one, as readers go on.
  await new Promise((done) => setTimeout(done, 1000));
  loading = false;
  await Promise.all(readers);

  expect(done, said.join("\n")).toBe(true);
  expect(restarted).toEqual([...topology.instancePorts]);
  expect(said.at(-1)).toBe("Despliegue terminado: todas las instancias están listas.");
  expect(statuses.length).toBeGreaterThan(20);
  expect(
    statuses.filter((status) => status !== 200),
    topology.proxyLog(),
  ).toEqual([]);
});

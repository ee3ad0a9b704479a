/**
 * The production topology of compose.yaml without containers, for tests/e2e/proxy.spec.ts:
 * Caddy terminating TLS (its internal CA) on https://localhost:<port>, balancing round robin over
 * two instances of the built site on one fresh PostgreSQL database, with TRUST_PROXY=1, an https
 * SITE_URL and a shared AUTH_SECRET, plus a local OpenID Connect server standing in for Google.
 *
 * Test-only routing: a request carrying `X-Test-Instance: a` (or `b`) always goes to that
 * instance, so a test can pin a browser to one instance; every response names the instance that
 * served it in `X-Test-Upstream`.
 *
 * Run by hand (after `npm run build`, with TEST_DATABASE_URL set):
 *   node tests/support/proxy-topology.ts [basePort]     # Ctrl-C stops everything
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { startOidcServer } from "./oidc-server.ts";

const root = resolve(import.meta.dirname, "../..");

export type ProxyTopology = {
  /** https://localhost:<port>: the proxy, and every instance's SITE_URL. */
  siteUrl: string;
  /** The instances' ports, pinned by `X-Test-Instance: a` and `b`. */
  instancePorts: readonly [number, number];
  /** The fresh database both instances use (for scripts/admin.ts). */
  databaseUrl: string;
  /**
   * Stops instance `index` (0: a, 1: b) as a deploy does (SIGTERM: it drains) and starts it
   * again, on `buildDir` if given; resolves once it answers /readyz through the proxy.
   */
  restart(index: 0 | 1, options?: { buildDir?: string; wait?: boolean }): Promise<{ stoppedAfterMs: number }>;
  /** The last of Caddy's own log lines (health checks, proxy errors), for a failure's message. */
  proxyLog(): string;
  stop(): Promise<void>;
};

export type ProxyTopologyOptions = {
  /** A PostgreSQL server; a database of its own is created on it and dropped by stop(). */
  serverUrl: string;
  /** Uses basePort (proxy, https), +1 and +2 (instances), +3 (OpenID Connect), +4 (Caddy's http). */
  basePort: number;
  /** TRUST_PROXY for the instances (default 1); null leaves it unset, to see what breaks without. */
  trustProxy?: number | null;
  caddy?: string;
  /** The build each instance runs (BUILD_DIR; default the repository's build/). */
  buildDir?: string;
  /** RATE_LIMIT_MULTIPLIER (default 1: the real limits). */
  rateLimitMultiplier?: number;
  /** DRAIN_NOTICE_MS of the instances: how long /readyz is 503 before they stop (default theirs). */
  drainNoticeMs?: number;
};

/** Whether the `caddy` binary can be run (CI installs Debian's). */
export function caddyAvailable(caddy = process.env.CADDY_PATH ?? "caddy"): boolean {
  return spawnSync(caddy, ["version"], { stdio: "ignore" }).status === 0;
}

/**
 * Where an instance takes its live readers' streams from the proxy over h2c (LIVE_H2C_PORT,
 * decision 090): its port + 1000, outside every worker's block of test ports.
 */
export const liveH2cPort = (instancePort: number) => instancePort + 1000;

export function caddyfile({
  sitePort,
  httpPort,
  instancePorts,
}: {
  sitePort: number;
  httpPort: number;
  instancePorts: readonly number[];
}) {
  const [a, b] = instancePorts;
  return `{
	admin off
	http_port ${httpPort}
	auto_https disable_redirects
	skip_install_trust
	local_certs
}

https://localhost:${sitePort} {
	tls internal
	@a header X-Test-Instance a
	@b header X-Test-Instance b
	handle @a {
		reverse_proxy /api/live* 127.0.0.1:${liveH2cPort(a!)} {
			transport http {
				versions h2c
			}
			header_down X-Test-Upstream a
		}
		reverse_proxy 127.0.0.1:${a} {
			header_down X-Test-Upstream a
		}
	}
	handle @b {
		reverse_proxy /api/live* 127.0.0.1:${liveH2cPort(b!)} {
			transport http {
				versions h2c
			}
			header_down X-Test-Upstream b
		}
		reverse_proxy 127.0.0.1:${b} {
			header_down X-Test-Upstream b
		}
	}
	handle {
		# Live readers over h2c, as the shipped Caddyfile sends them (docs/decisions/090).
		reverse_proxy /api/live* 127.0.0.1:${liveH2cPort(a!)} 127.0.0.1:${liveH2cPort(b!)} {
			lb_policy round_robin
			lb_try_duration 5s
			health_uri /readyz
			health_interval 500ms
			health_timeout 2s
			transport http {
				versions h2c
			}
		}
		reverse_proxy 127.0.0.1:${a} 127.0.0.1:${b} {
			lb_policy round_robin
			# As the shipped Caddyfile, checked more often: a draining instance leaves the rotation.
			lb_try_duration 5s
			health_uri /readyz
			health_interval 500ms
			health_timeout 2s
			header_down X-Test-Upstream {http.reverse_proxy.upstream.port}
		}
	}
}
`;
}

export async function startProxyTopology({
  serverUrl,
  basePort,
  trustProxy = 1,
  caddy = process.env.CADDY_PATH ?? "caddy",
  buildDir,
  rateLimitMultiplier = 1,
  drainNoticeMs,
}: ProxyTopologyOptions): Promise<ProxyTopology> {
  const sitePort = basePort;
  const instancePorts = [basePort + 1, basePort + 2] as const;
  const oidcPort = basePort + 3;
  const siteUrl = `https://localhost:${sitePort}`;
  const work = mkdtempSync(join(tmpdir(), "mictlan-proxy-"));
  const children: ChildProcess[] = [];

  const databaseName = `mictlan_proxy_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const database = new URL(serverUrl);
  database.pathname = `/${databaseName}`;

  let oidc: Awaited<ReturnType<typeof startOidcServer>> | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(children.map(terminate));
    await oidc?.stop();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    oidc = await startOidcServer(oidcPort);
    const secret = randomBytes(32).toString("hex");
    const instances: ChildProcess[] = [];
    const startInstance = (index: number, instanceBuildDir = buildDir) => {
      const port = instancePorts[index]!;
      const child = spawn(process.execPath, [resolve(root, "server/main.ts")], {
        env: {
          ...process.env,
          PORT: String(port),
          LIVE_H2C_PORT: String(liveH2cPort(port)),
          // Only the proxy reaches the instances, as in compose.yaml.
          HOST: "127.0.0.1",
          DATA_DIR: join(work, `data-${index}`),
          DATABASE_URL: database.href,
          SITE_URL: siteUrl,
          AUTH_SECRET: secret,
          TRUST_PROXY: trustProxy === null ? "" : String(trustProxy),
          GOOGLE_CLIENT_ID: "mictlan-proxy",
          GOOGLE_CLIENT_SECRET: "mictlan-proxy-secret",
          GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
          // The real limits unless told: the spec checks whose address they count.
          RATE_LIMIT_MULTIPLIER: String(rateLimitMultiplier),
          CHAPTERS_FORCE_UNLOCKED: "true",
          SMTP_URL: "",
          CONTACT_TO: "",
          GA_MEASUREMENT_ID: "",
          LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
          // Both instances share one archive of earlier builds' assets, as compose's volume.
          ASSETS_ARCHIVE_DIR: join(work, "assets-archive"),
          ...(instanceBuildDir ? { BUILD_DIR: instanceBuildDir } : {}),
          ...(drainNoticeMs === undefined ? {} : { DRAIN_NOTICE_MS: String(drainNoticeMs) }),
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      instances[index] = child;
      children.push(child);
      return child;
    };
    // Both start at once: migrations are serialised by an advisory lock, the seed by its check.
    instancePorts.forEach((_port, index) => startInstance(index));

    writeFileSync(join(work, "Caddyfile"), caddyfile({ sitePort, httpPort: basePort + 4, instancePorts }));
    const proxy = spawn(caddy, ["run", "--config", join(work, "Caddyfile"), "--adapter", "caddyfile"], {
      // Caddy keeps its internal CA and certificates under these: a fresh one per run.
      env: {
        ...process.env,
        HOME: work,
        XDG_DATA_HOME: join(work, "xdg-data"),
        XDG_CONFIG_HOME: join(work, "xdg-config"),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let caddyLog = "";
    proxy.stderr!.on("data", (chunk: Buffer) => (caddyLog = (caddyLog + chunk.toString()).slice(-16_000)));
    children.push(proxy);

    const restarting = new Set<ChildProcess>();
    const exited = new Promise<never>((_, fail) => {
      for (const child of children) {
        child.once("exit", (code) => {
          if (!stopped && !restarting.has(child))
            fail(new Error(`a process of the topology exited early (${code})\n${caddyLog}`));
        });
      }
    });
    exited.catch(() => {}); // only the race below cares
    // Ready when both instances answer through the proxy, over TLS.
    const ready = async (pin: "a" | "b", path = "/healthz") => {
      const deadline = Date.now() + 60_000;
      while (!stopped) {
        const status = await proxyRequest(siteUrl, path, { headers: { "X-Test-Instance": pin } }).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`instance ${pin} did not answer through the proxy within 60 s`);
        await new Promise((done) => setTimeout(done, 250));
      }
    };
    await Promise.race([exited, Promise.all([ready("a"), ready("b")])]);
    // And the balanced route: Caddy's health checker may have found an instance not yet
    // listening and keeps it out until a later check passes (a loaded machine starts slowly).
    const balancedReady = async () => {
      const deadline = Date.now() + 30_000;
      let passes = 0;
      while (!stopped && passes < 4) {
        const status = await proxyRequest(siteUrl, "/readyz").then(
          (response) => response.status,
          () => 0,
        );
        passes = status === 200 ? passes + 1 : 0;
        if (Date.now() > deadline) throw new Error("the proxy did not balance over both instances within 30 s");
        if (passes < 4) await new Promise((done) => setTimeout(done, 100));
      }
    };
    await Promise.race([exited, balancedReady()]);
    // `wait: false`: back once the new process is started, as `systemctl restart` is (scripts/roll.ts waits).
    const restart = async (index: 0 | 1, options: { buildDir?: string; wait?: boolean } = {}) => {
      const old = instances[index]!;
      restarting.add(old);
      const started = Date.now();
      // A deploy's stop: SIGTERM, and the drain may take its time (no SIGKILL after 5 s here).
      await new Promise<void>((done) => {
        old.once("exit", () => done());
        old.kill("SIGTERM");
      });
      const stoppedAfterMs = Date.now() - started;
      startInstance(index, options.buildDir ?? buildDir);
      if (options.wait !== false) await ready(index === 0 ? "a" : "b", "/readyz");
      return { stoppedAfterMs };
    };
    return { siteUrl, instancePorts, databaseUrl: database.href, restart, proxyLog: () => caddyLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type ProxyResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A request to the proxy over TLS without checking its internal CA. `localAddress` picks the
 * loopback address the request comes from (any of 127.0.0.0/8 on Linux), i.e. which client the
 * proxy sees.
 */
export function proxyRequest(
  siteUrl: string,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<ProxyResponse> {
  return new Promise((done, fail) => {
    const request = httpsRequest(
      new URL(path, siteUrl),
      { method, headers, localAddress, rejectUnauthorized: false, timeout: 10_000 },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on("error", fail);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on("error", fail);
    request.end(body);
  });
}

/**
 * The topology's end: SIGTERM (the instances shut down gracefully), SIGKILL after 5 s; resolves
 * when it is gone. A second signal right after the first skips the drain's notice (server/main.ts):
 * the notice is for a proxy that keeps sending readers, and this proxy stops with the instances,
 * so each stop waited the whole notice (5 s by default behind a proxy) for nobody. SIGINT, not a
 * second SIGTERM: two of one signal still pending at once are delivered as one.
 */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
    child.kill("SIGINT");
  });
}

if (import.meta.main) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("set TEST_DATABASE_URL to a PostgreSQL server");
  const topology = await startProxyTopology({ serverUrl, basePort: Number(process.argv[2] ?? 7360) });
  console.log(
    `${topology.siteUrl} → 127.0.0.1:${topology.instancePorts.join(", 127.0.0.1:")} (${topology.databaseUrl})`,
  );
  const stop = () => void topology.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

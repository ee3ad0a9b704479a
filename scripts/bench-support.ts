import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** What the benchmark scripts share: signing a reader up and reading their figures. */

/**
 * Signs an adult reader up through the sign-up form's action (as a browser posts it) and
 * returns the session cookie. The benchmarks run without a mail server, so a sign-up signs in
 * at once.
 */
export async function signUpBenchReader(origin: string, email: string, password = "benchmark-2025"): Promise<string> {
  const response = await fetch(`${origin}/login?modo=registro`, {
    method: "POST",
    headers: { Origin: origin },
    body: new URLSearchParams({
      email,
      password,
      birthYear: String(new Date().getFullYear() - 30),
      redirectTo: "/",
    }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`sign-up of ${email} failed: ${response.status}`);
  return cookie;
}

/** The p-th percentile of `values` (NaN when there are none). */
export const percentile = (values: number[], p: number) =>
  values.length
    ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!
    : Number.NaN;

export const median = (values: number[]) => percentile(values, 50);

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The Node flags `npm start` gives the server (package.json's start script, e.g. the young
 * generation's size): the benchmarks start servers with them, so their memory is the default's.
 */
export function startNodeFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return packageJson.scripts.start?.match(/--[\w-]+=\S+/g) ?? [];
}

const root = resolve(import.meta.dirname, "..");

/**
 * Starts a build for a benchmark and resolves once its /healthz answers: `spec` is a build
 * directory, served by this checkout's server/main.ts, or a whole checkout (its own server and
 * build). Node flags are npm start's unless given.
 */
export async function startBuildServer(
  spec: string,
  options: {
    port: number;
    dataDir: string;
    databaseUrl?: string;
    nodeFlags?: string[];
    /** More settings, over the defaults below (limits, cache, a shared AUTH_SECRET). */
    env?: Record<string, string>;
  },
): Promise<ChildProcess> {
  const origin = `http://localhost:${options.port}`;
  const checkout = existsSync(join(spec, "server/main.ts")) ? resolve(spec) : root;
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? startNodeFlags()), join(checkout, "server/main.ts")],
    {
      env: {
        ...process.env,
        BUILD_DIR: checkout === root ? resolve(spec) : join(checkout, "build"),
        PORT: String(options.port),
        SITE_URL: origin,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? "",
        LOG_LEVEL: "warn",
        SMTP_URL: "",
        ASSETS_ARCHIVE_DIR: "off",
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    if (attempt > 1200 || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`${spec} did not start`);
    }
    await sleep(100);
  }
}

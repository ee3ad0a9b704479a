import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, workerPort } from "./support.ts";

/**
 * Issue 41, section 4: a real Prometheus (Debian's package, installed by .ci/run) scrapes the
 * worker's running site on its metrics port, as deploy/prometheus/prometheus.yml says, with the
 * shipped alert rules loaded: the scrape succeeds, every rule evaluates without error on the
 * real figures, and a healthy instance fires nothing.
 */
const root = resolve(import.meta.dirname, "../..");
const prometheusAvailable = spawnSync("prometheus", ["--version"]).status === 0;

test.skip(!prometheusAvailable, "Prometheus is not installed (apt-get install prometheus; .ci/run does it)");

// A healthy site fires nothing: on a worker's shared site, other specs leave contact mail waiting
// on purpose (its failure tests), and the full run once saw SiteContactMailWaiting fire here.
test.use({ siteOfItsOwn: "prometheus.spec.ts expects a healthy site to fire no alert" });

type Answer<T> = { status: string; data: T };

test("Prometheus scrapes a running instance and evaluates the shipped alert rules on it", async ({ request }) => {
  test.setTimeout(120_000);
  // A reader's page first: the request series exist once the site has served one (probes are not
  // counted), and this spec may be the first of its worker.
  expect((await request.get("/")).status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "mictlan-prometheus-"));
  copyFileSync(join(root, "deploy/prometheus/alerts.yml"), join(dir, "alerts.yml"));
  writeFileSync(
    join(dir, "prometheus.yml"),
    [
      "global:",
      "  scrape_interval: 1s",
      "  evaluation_interval: 1s",
      "rule_files:",
      "  - alerts.yml",
      "scrape_configs:",
      "  - job_name: valentina-y-taquito",
      "    static_configs:",
      `      - targets: ["127.0.0.1:${workerPort(3)}"]`,
      "",
    ].join("\n"),
  );
  // +4 of the worker's block: +28 was the SMTP port of the worker's site without optional services.
  const prometheusPort = workerPort(4);
  const api = `http://127.0.0.1:${prometheusPort}/api/v1`;
  const prometheus = spawn(
    "prometheus",
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  prometheus.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((done) => prometheus.once("exit", done));
  const query = async (expression: string) => {
    const answer = (await (await fetch(`${api}/query?query=${encodeURIComponent(expression)}`)).json()) as Answer<{
      result: { metric: Record<string, string>; value: [number, string] }[];
    }>;
    return answer.data.result;
  };
  try {
    // The site answers the scrape.
    await expect
      .poll(async () => (await query('up{job="valentina-y-taquito"}').catch(() => []))[0]?.value[1], {
        message: log,
        timeout: 60_000,
      })
      .toBe("1");
    // The figures the rules read are there, from the first scrape.
    for (const expression of [
      "site_ready",
      "site_storage_writable",
      'site_mail_sent_total{outcome="failed"}',
      "site_data_disk_free_bytes",
      "site_http_requests_total",
      "site_live_fanout_seconds_bucket",
    ])
      expect((await query(expression)).length, expression).toBeGreaterThan(0);
    expect((await query("site_ready"))[0]?.value[1]).toBe("1");

    // Every rule evaluated on the real series without an error.
    await expect
      .poll(
        async () => {
          const rules = (await (await fetch(`${api}/rules`)).json()) as Answer<{
            groups: { rules: { name: string; health: string; lastError?: string }[] }[];
          }>;
          const all = rules.data.groups.flatMap((group) => group.rules);
          return all.length > 0 && all.every((rule) => rule.health === "ok") ? all.length : all;
        },
        { timeout: 30_000 },
      )
      .toBe(11);
    // A healthy instance: nothing pending or firing but the backup it never had.
    const alerts = (await (await fetch(`${api}/alerts`)).json()) as Answer<{
      alerts: { labels: { alertname: string } }[];
    }>;
    expect(
      alerts.data.alerts.map((alert) => alert.labels.alertname).filter((name) => !name.startsWith("SiteBackup")),
    ).toEqual([]);
  } finally {
    prometheus.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { CHAPTER_PATHS } from "../../db/seed/chapter-paths.ts";
import { MAIL_KINDS } from "../../app/lib/mail.server.ts";
import { E2E_METRICS_TOKEN } from "../support/e2e-metrics.ts";
import { adminCommand, expect, signUpWith, test, workerPort } from "./support.ts";

// Issue 24: /metrics in Prometheus' text format on a port the proxy never forwards, and on the
// site's port only for a scraper with METRICS_TOKEN. The worker's site runs with both
// (support.ts). Other tests of this worker use the same site, so figures are compared as
// before/after deltas, never as absolute values.
const metricsUrl = () => `http://127.0.0.1:${workerPort(3)}/metrics`;
const root = resolve(import.meta.dirname, "../..");

/** One sample's value: `name{labels} value`; labels given must all match; summed over the rest. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl());
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

test("the metrics port shows requests by route, the page cache, the database and the process", async ({ request }) => {
  const before = await scrape();
  await request.get("/");
  await request.get("/");
  await request.get("/personajes");
  const chapter = CHAPTER_PATHS.find((entry) => entry.number === 1)!;
  await request.get(`/${chapter.token}`);
  const after = await scrape();

  const homeBefore = sample(before, "site_http_requests_total", { route: "routes/home", method: "GET", status: "2xx" });
  expect(sample(after, "site_http_requests_total", { route: "routes/home", method: "GET", status: "2xx" })).toBe(
    homeBefore + 2,
  );
  expect(sample(after, "site_http_request_duration_seconds_count", { route: "routes/personajes" })).toBeGreaterThan(
    sample(before, "site_http_request_duration_seconds_count", { route: "routes/personajes" }),
  );
  // A chapter's printed path is a secret of the book (decision 023): the label is the route's id.
  expect(after).toContain('route="routes/chapter"');
  expect(after).not.toContain(chapter.token);
  // The second visit of the home page came from memory.
  expect(sample(after, "site_html_cache_requests_total", { result: "hit" })).toBeGreaterThan(
    sample(before, "site_html_cache_requests_total", { result: "hit" }),
  );
  expect(sample(after, "site_db_query_duration_seconds_count")).toBeGreaterThan(
    sample(before, "site_db_query_duration_seconds_count"),
  );
  // The process's own figures, and the embedded database has no pool to show.
  expect(after).toContain("process_resident_memory_bytes");
  expect(after).toContain("nodejs_eventloop_lag_p99_seconds");
  expect(after).not.toContain("site_db_pool_connections{");
  expect(after).toMatch(/^site_contact_mail_queue \d+$/m);
});

test("live readers and the changes they receive are counted", async ({ baseURL, request }) => {
  const before = await scrape();
  // A live reader of the admins' topic, held open while an admin is named.
  const frames: string[] = [];
  const stream = httpRequest(`${baseURL}/api/live?topic=admins`);
  const connected = new Promise<void>((done) =>
    stream.on("response", (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => frames.push(chunk));
      response.once("data", () => done());
    }),
  );
  stream.end();
  await connected;
  try {
    expect(sample(await scrape(), "site_live_connections")).toBeGreaterThanOrEqual(1);
    const email = await signUpWith(request);
    expect((await adminCommand("grant", email)).code).toBe(0);
    await expect.poll(() => frames.join("").includes("event: change")).toBe(true);
    const after = await scrape();
    for (const counter of ["published", "received", "delivered"]) {
      const name = `site_live_events_${counter}_total`;
      expect(sample(after, name), name).toBeGreaterThan(sample(before, name));
    }
    // And how long handing it to this instance's streams took.
    expect(sample(after, "site_live_fanout_seconds_count")).toBeGreaterThan(
      sample(before, "site_live_fanout_seconds_count"),
    );
  } finally {
    stream.destroy();
  }
  // The reader left: the gauge goes back down.
  await expect
    .poll(async () => sample(await scrape(), "site_live_connections"))
    .toBe(sample(before, "site_live_connections"));
});

test("/metrics on the site's port answers only the scraper with the token", async ({ request }) => {
  const anonymous = await request.get("/metrics");
  expect(anonymous.status()).toBe(404);
  expect(await anonymous.text()).not.toContain("site_http_requests_total");
  const wrong = await request.get("/metrics", {
    headers: { Authorization: `Bearer ${"x".repeat(E2E_METRICS_TOKEN.length)}` },
  });
  expect(wrong.status()).toBe(404);
  const scraper = await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(scraper.status()).toBe(200);
  expect(await scraper.text()).toContain("site_http_requests_total");
  expect(scraper.headers()["cache-control"]).toBe("no-store");
  // The metrics port serves nothing else.
  expect((await fetch(metricsUrl().replace("/metrics", "/"))).status).toBe(404);
});

test("compose keeps the metrics port on its private network and Caddy never forwards it", () => {
  type Service = { ports?: string[]; environment?: Record<string, string> };
  const compose = parseYaml(readFileSync(resolve(root, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, Service>;
  };
  expect(compose.services.app1?.environment?.METRICS_PORT).toBe("9464");
  // Published ports are Caddy's only.
  const published = Object.values(compose.services).flatMap((service) => service.ports ?? []);
  expect(published.length).toBeGreaterThan(0);
  expect(published.filter((port) => port.includes("9464"))).toEqual([]);
  expect(readFileSync(resolve(root, "Caddyfile"), "utf8")).not.toContain("9464");
});

test("every figure the shipped Grafana dashboard charts is one the site exports", async () => {
  const dashboard = readFileSync(resolve(root, "deploy/grafana-dashboard.json"), "utf8");
  const charted = new Set([...dashboard.matchAll(/\b((?:site|process|nodejs)_\w+)/g)].map((match) => match[1] ?? ""));
  expect(charted.size).toBeGreaterThan(8);
  const exported = await scrape();
  for (const name of charted)
    expect(exported, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count|sum)$/, "")} `, "m"));
});

// Issue 41: a dashboard that does not cry wolf and misses nothing.
test("hashed assets are counted, health probes are not, and mail has its series from the start", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0];
  expect(asset).toBeTruthy();
  const before = await scrape();
  expect((await request.get(asset!)).status()).toBe(200);
  // Probes however they are spelt (the router matches /HEALTHZ and .data too, and the access
  // matrix asks for them on this worker's site).
  for (const probe of ["/healthz", "/readyz", "/HEALTHZ", "/healthz.data", "/%72eadyz", "/Readyz/"])
    await request.get(probe);
  const after = await scrape();
  // The hashed file, answered before the app, is counted as the app counts its own.
  expect(sample(after, "site_http_requests_total", { route: "assets", method: "GET", status: "2xx" })).toBe(
    sample(before, "site_http_requests_total", { route: "assets", method: "GET", status: "2xx" }) + 1,
  );
  // A probe is no reader's request: /readyz's 503 while an instance starts or drains would be
  // drawn as errors. site_ready says whether the instance takes readers.
  for (const route of ["routes/healthz", "routes/readyz"])
    expect(sample(after, "site_http_requests_total", { route }), route).toBe(0);
  expect(after).toMatch(/^site_ready 1$/m);
  expect(after).toMatch(/^site_storage_writable 1$/m);
  // Series at 0 before the first mail, so "failures went up" can be asked at once.
  for (const kind of MAIL_KINDS)
    for (const outcome of ["sent", "failed"])
      expect(after).toMatch(new RegExp(`^site_mail_sent_total\\{kind="${kind}",outcome="${outcome}"\\} \\d+$`, "m"));
  // The embedded database's disk, for the "disk nearly full" alert.
  expect(sample(after, "site_data_disk_size_bytes")).toBeGreaterThan(sample(after, "site_data_disk_free_bytes"));
});

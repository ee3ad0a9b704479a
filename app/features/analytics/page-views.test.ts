import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as pageViewAction } from "../../routes/api.page-view.ts";
import { routeArgs, signUpReader } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import {
  PAGE_VIEW_DAILY_LIMIT,
  PAGE_VIEW_LIMITS,
  PAGE_VIEW_RATE_LIMIT,
  PAGE_VIEW_RETENTION_DAYS,
  parsePageView,
  prunePageViews,
} from "./page-views.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe("page view reports", () => {
  it("take a path on this site, with its query string, and the page title", () => {
    expect(parsePageView(JSON.stringify({ path: "/eventos?taquito", title: "Eventos | Valentina y Taquito" }))).toEqual(
      {
        path: "/eventos?taquito",
        title: "Eventos | Valentina y Taquito",
      },
    );
  });

  it("refuse anything but a path starting with '/', and overlong paths", () => {
    for (const path of [
      "eventos",
      "https://otro.example/",
      "//otro.example/x",
      "/a b",
      "/a\nb",
      "/x\\y",
      "/" + "a".repeat(PAGE_VIEW_LIMITS.path),
      7,
      null,
    ]) {
      expect(parsePageView(JSON.stringify({ path, title: "T" })), String(path)).toBeNull();
    }
    expect(parsePageView("no es json")).toBeNull();
    expect(parsePageView(JSON.stringify({ path: "/" }))).toBeNull();
    expect(parsePageView("[]")).toBeNull();
  });

  it("cut a long title instead of refusing the view", () => {
    expect(parsePageView(JSON.stringify({ path: "/", title: "t".repeat(1000) }))?.title).toHaveLength(
      PAGE_VIEW_LIMITS.title,
    );
  });
});

describe.each(DATABASE_KINDS)("page views on %s", (kind) => {
  const services = useTestServices(kind);
  let ipCounter = 0;
  const report = async (body: string, options: { ip?: string; cookie?: string } = {}) => {
    const response = (await pageViewAction(
      await routeArgs(services, "/api/page-view", {
        method: "POST",
        body,
        cookie: options.cookie,
        headers: { "Content-Type": "text/plain;charset=UTF-8", "x-client-ip": options.ip ?? `10.3.0.${++ipCounter}` },
      }),
    )) as Response;
    return response.status;
  };
  const allViews = () => services.db.selectFrom("page_views").selectAll().orderBy("id").execute();

  it("stores the path (no query a reader typed) and title only: no address, no account", async () => {
    const reader = await signUpReader(services, "visitante@example.com");
    const status = await report(
      JSON.stringify({ path: "/personajes?buscar=vale", title: "Personajes | Valentina y Taquito" }),
      {
        ip: "203.0.113.77",
        cookie: reader.cookie,
      },
    );
    expect(status).toBe(204);
    const rows = await allViews();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(["created_at", "id", "path", "title"]);
    expect(rows[0]).toMatchObject({ path: "/personajes", title: "Personajes | Valentina y Taquito" });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("buscar");
    expect(stored).not.toContain("203.0.113.77");
    expect(stored).not.toContain(reader.userId);
  });

  it("refuses invalid reports with 400 and stores nothing", async () => {
    const before = (await allViews()).length;
    for (const body of [
      "",
      "{",
      JSON.stringify({ path: "https://otro.example/", title: "x" }),
      JSON.stringify({ path: "/" + "a".repeat(5000), title: "x" }),
    ]) {
      expect(await report(body), body.slice(0, 40)).toBe(400);
    }
    expect(await allViews()).toHaveLength(before);
  });

  it("leaves QR scans to the QR route, which counts them on the server", async () => {
    const before = (await allViews()).length;
    expect(await report(JSON.stringify({ path: "/qr/capitulo-1", title: "Código QR" }))).toBe(204);
    expect(await allViews()).toHaveLength(before);
  });

  it(`limits each client address to ${PAGE_VIEW_RATE_LIMIT.max} reports a minute`, async () => {
    const before = (await allViews()).length;
    const ip = "10.99.0.1";
    const statuses: number[] = [];
    for (let index = 0; index <= PAGE_VIEW_RATE_LIMIT.max; index++)
      statuses.push(await report(JSON.stringify({ path: `/p${index}`, title: "x" }), { ip }));
    expect(statuses.slice(0, PAGE_VIEW_RATE_LIMIT.max).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await allViews()).toHaveLength(before + PAGE_VIEW_RATE_LIMIT.max);
  });

  it(`caps each client address at ${PAGE_VIEW_DAILY_LIMIT.max} stored views a day`, async () => {
    const before = (await allViews()).length;
    const ip = "10.99.0.2";
    // The day's earlier views: the first counted as the limit counts them, which opens the day's
    // window, and the counter then set to where the others would have left it (counting 2999 hits
    // one by one took 17-28 s per database; the per-minute test above counts its hits one by one).
    const key = `page-view-daily:${ip}`;
    await hitRateLimit(services.db, key, PAGE_VIEW_DAILY_LIMIT);
    await sql`update rate_limits set count = ${PAGE_VIEW_DAILY_LIMIT.max - 1} where key = ${key}`.execute(services.db);
    // The last two go through the API.
    expect(await report(JSON.stringify({ path: "/ultima", title: "x" }), { ip })).toBe(204);
    expect(await report(JSON.stringify({ path: "/de-mas", title: "x" }), { ip })).toBe(429);
    expect(await allViews()).toHaveLength(before + 1);
  });

  it(`forgets views older than ${PAGE_VIEW_RETENTION_DAYS} days`, async () => {
    await services.db
      .insertInto("page_views")
      .values([
        {
          path: "/muy-vieja",
          title: "x",
          created_at: new Date(Date.now() - (PAGE_VIEW_RETENTION_DAYS + 1) * 86_400_000),
        },
        { path: "/reciente", title: "x", created_at: new Date(Date.now() - 86_400_000) },
      ])
      .execute();
    expect(await prunePageViews(services.db)).toBe(1);
    const paths = (await allViews()).map((view) => view.path);
    expect(paths).toContain("/reciente");
    expect(paths).not.toContain("/muy-vieja");
  });
});

import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";
import { hitRateLimit, pruneRateLimits } from "./rate-limit.server.ts";
import { useTestDatabase } from "../../tests/support/fixtures.ts";

describe.each(DATABASE_KINDS)("rate limits on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("allows up to the limit within the window and refuses the next", async () => {
    const rule = { max: 3, windowSeconds: 60 };
    const results = [];
    for (let attempt = 0; attempt < 4; attempt++)
      results.push((await hitRateLimit(database.db, "login:1.2.3.4", rule)).allowed);
    expect(results).toEqual([true, true, true, false]);
    // Another address has its own count.
    expect((await hitRateLimit(database.db, "login:5.6.7.8", rule)).allowed).toBe(true);
  });

  it("never lets concurrent hits slip past the limit", async () => {
    const rule = { max: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(database.db, "comment:racer", rule)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { max: 1, windowSeconds: 60 };
    expect((await hitRateLimit(database.db, "contact:slow", rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, "contact:slow", rule)).allowed).toBe(false);
    // Time passes, as the database sees it: the window began 59 s ago, then 61 s ago.
    const windowStartedAgo = (seconds: number) =>
      database.db
        .updateTable("rate_limits" as never)
        .set({ window_start: new Date(Date.now() - seconds * 1000) } as never)
        .where("key" as never, "=", "contact:slow" as never)
        .execute();
    await windowStartedAgo(59);
    expect((await hitRateLimit(database.db, "contact:slow", rule)).allowed).toBe(false);
    await windowStartedAgo(61);
    expect((await hitRateLimit(database.db, "contact:slow", rule)).allowed).toBe(true);
    // A new window: the next hit inside it is refused again.
    expect((await hitRateLimit(database.db, "contact:slow", rule)).allowed).toBe(false);
  });

  it("forgets counters whose window ended long ago, and only those", async () => {
    await hitRateLimit(database.db, "old:1", { max: 1, windowSeconds: 60 });
    await database.db
      .updateTable("rate_limits" as never)
      .set({ window_start: new Date(Date.now() - 2 * 86_400_000) } as never)
      .where("key" as never, "=", "old:1" as never)
      .execute();
    await hitRateLimit(database.db, "fresh:1", { max: 1, windowSeconds: 60 });
    expect(await pruneRateLimits(database.db)).toBe(1);
    expect((await hitRateLimit(database.db, "fresh:1", { max: 1, windowSeconds: 60 })).allowed).toBe(false);
  });
});

import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as pageViewAction } from "../../routes/api.page-view.ts";
import { routeArgs, rowsHolding } from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { DATABASE_KINDS, createTestDatabase, insertUsers } from "../../../tests/support/test-database.ts";
import { applyMigrations } from "../../lib/migration-runner.server.ts";
import { migrations } from "../../lib/bundled-migrations.server.ts";
import { redactSecretPath } from "../../lib/secret-paths.ts";
import { recordPageView } from "./page-views.server.ts";

// Issue 37: a login card's address, listed by the statistics, signed anyone in as the child.
const TOKEN = "Ab3_xY9-kLmNoPqRsTuVwX12";
/** How a card's address may reach a page view (the browser's, a script's), all of them router-matched. */
const SPELLINGS = [
  `/entrar/${TOKEN}`,
  `/ENTRAR/${TOKEN}`,
  `/entrar/${TOKEN}/`,
  `/entrar/${TOKEN}.data`,
  `/%65ntrar/${TOKEN}`,
  `/entrar%2F${TOKEN}`,
  `/entrar//${TOKEN}?book`,
];
const dayCounts = (db: Parameters<typeof rowsHolding>[0]) =>
  sql<{ path: string; views: number }>`
    select path, sum(views)::int as views from page_view_days group by path order by path`
    .execute(db)
    .then((result) => Object.fromEntries(result.rows.map((row) => [row.path, row.views])));

describe.each(DATABASE_KINDS)("page views of secret addresses on %s", (kind) => {
  const services = useTestServices(kind, { fresh: true });

  it("store no token, whoever reports the view and however the path is spelt", async () => {
    let ip = 0;
    for (const path of [...SPELLINGS, `/permiso-familiar/${TOKEN}`]) {
      const args = await routeArgs(services, "/api/page-view", {
        method: "POST",
        body: JSON.stringify({ path, title: "Entrar con tu tarjeta" }),
        headers: { "Content-Type": "text/plain;charset=UTF-8", "x-client-ip": `10.37.0.${++ip}` },
      });
      expect(((await pageViewAction(args)) as Response).status, path).toBe(204);
    }
    // A caller on the server too: the redaction is in the one function that stores a view.
    await recordPageView(services.db, { path: `/api/auth/reset-password/${TOKEN}`, title: "t" });

    expect(await rowsHolding(services.db, TOKEN)).toEqual([]);
    expect(await dayCounts(services.db)).toEqual({
      "/api/auth/reset-password/…": 1,
      "/entrar/…": SPELLINGS.length,
      "/permiso-familiar/…": 1,
    });
  });
});

describe.each(DATABASE_KINDS)("migration 0023 on %s", (kind) => {
  it("redacts the views already stored, keeps their counts, and revokes exactly the exposed cards", async () => {
    const handle = await createTestDatabase(kind, { migrated: false });
    try {
      await applyMigrations(
        handle,
        migrations.filter((migration) => migration.version < "0023"),
      );
      const { db } = handle;
      const [exposed, exposedToo, countedOnly, unexposed] = await insertUsers(
        db,
        "nina-a",
        "alumno-b",
        "nina-d",
        "nino-c",
      );
      const tokens = {
        [exposed!]: TOKEN,
        [exposedToo!]: "Zz9-Yy8_Xx7-Ww6_Vv5-Uu4_",
        [countedOnly!]: "Mm1-Nn2_Oo3-Pp4_Qq5-Rr6_",
        [unexposed!]: "Qq1-Rr2_Ss3-Tt4_Uu5-Vv6_",
      };
      for (const [userId, token] of Object.entries(tokens)) {
        await db
          .insertInto("login_cards")
          .values({ user_id: userId, token_hash: createHash("sha256").update(token).digest("hex") })
          .execute();
        const now = new Date();
        await db
          .insertInto("session")
          .values({
            id: `s-${userId}`,
            token: `t-${userId}`,
            userId,
            expiresAt: new Date(Date.now() + 86_400_000),
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      const stored = [
        ...SPELLINGS,
        `/Entrar/${tokens[exposedToo!]}.data`,
        `/permiso-familiar/${TOKEN}`,
        // Counted without its token before: joins the redacted path's line.
        "/permiso-familiar",
        `/api/auth/reset-password/${TOKEN}`,
        "/personajes",
        // Already redacted (a report of the path as shown): counted once, not twice.
        "/entrar/…",
      ];
      await db
        .insertInto("page_views")
        .values(stored.map((path) => ({ path, title: "t" })))
        .execute();
      // A view pruned after 400 days whose day count (kept 731) still names the card.
      await db
        .insertInto("page_view_days")
        .values({ day: "2025-01-15", path: `/entrar/${tokens[countedOnly!]}`, views: 3 })
        .execute();
      const totalBefore = Object.values(await dayCounts(db)).reduce((sum, views) => sum + views, 0);

      await applyMigrations(handle, migrations);

      expect(await rowsHolding(db, TOKEN, tokens[exposedToo!]!, tokens[countedOnly!]!)).toEqual([]);
      // The same paths as the app stores from now on (app/lib/secret-paths.ts).
      const paths = await db.selectFrom("page_views").select("path").orderBy("id").execute();
      expect(paths.map((row) => row.path)).toEqual(
        stored.map((path) => (path === "/permiso-familiar" ? "/permiso-familiar/…" : redactSecretPath(path))),
      );
      const counts = await dayCounts(db);
      expect(counts).toEqual({
        "/api/auth/reset-password/…": 1,
        "/entrar/…": SPELLINGS.length + 2 + 3,
        "/permiso-familiar/…": 2,
        "/personajes": 1,
      });
      expect(Object.values(counts).reduce((sum, views) => sum + views, 0)).toBe(totalBefore);
      // The cards whose address was stored no longer work, and their sessions are over.
      const cards = await db.selectFrom("login_cards").select("user_id").execute();
      expect(cards.map((card) => card.user_id)).toEqual([unexposed]);
      const sessions = await db.selectFrom("session").select("userId").execute();
      expect(sessions.map((session) => session.userId)).toEqual([unexposed]);
      // Its helper functions are gone again.
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from pg_proc where proname like 'secret_path_%'`.execute(db);
      expect(rows[0]!.count).toBe(0);
    } finally {
      await handle.dispose();
    }
  });
});

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loader as qrLoader } from "../../routes/qr.tsx";
import { routeArgs, settle } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { PAGE_VIEW_RATE_LIMIT } from "../analytics/page-views.server.ts";
import { unknownQrScanCounts } from "./qr.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe.each(DATABASE_KINDS)("counting QR scans on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });

  const scan = async (code: string, ip: string) =>
    settle(async () => {
      const args = await routeArgs(services, `/qr/${code}`, { headers: { "x-client-ip": ip } });
      return qrLoader({ ...(args as object), params: { code } } as never);
    });
  const pageViewRows = async () =>
    Number(
      (
        await services.db
          .selectFrom("page_views")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("counts scans of unknown codes as one daily figure, never a row each", async () => {
    const rowsBefore = await pageViewRows();
    for (let index = 0; index < 40; index++) await scan(`inventado-${index}`, `203.0.113.${index}`);
    expect(await pageViewRows()).toBe(rowsBefore);
    expect(await unknownQrScanCounts(services.db)).toEqual({ last7: 40, last30: 40 });
    const { rows } = await sql`select name, count from daily_counters`.execute(services.db);
    expect(rows).toEqual([{ name: "qr-unknown", count: 40 }]);
  });

  it("counts a real code's scan as a view of its page", async () => {
    const rowsBefore = await pageViewRows();
    const redirect = (await scan("book", "198.51.100.1")) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/?book");
    expect(await pageViewRows()).toBe(rowsBefore + 1);
  });

  it("stops counting one client past the page-view limit, and still redirects it", async () => {
    const rowsBefore = await pageViewRows();
    for (let index = 0; index < PAGE_VIEW_RATE_LIMIT.max + 10; index++) {
      expect(((await scan("book", "198.51.100.99")) as Response).status).toBe(302);
    }
    expect(await pageViewRows()).toBe(rowsBefore + PAGE_VIEW_RATE_LIMIT.max);
  });
});

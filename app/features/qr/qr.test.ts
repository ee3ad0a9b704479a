import { describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { resolveQrCode } from "./qr.server.ts";
import { useTestDatabase } from "../../../tests/support/fixtures.ts";

describe.each(DATABASE_KINDS)("QR codes on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: true });

  it("resolves a seeded code to its target", async () => {
    expect(await resolveQrCode(database.db, "book")).toEqual({ state: "valid", target: "/?book" });
    expect(await resolveQrCode(database.db, "capitulo-1")).toEqual({ state: "valid", target: "/29c252741a79" });
  });

  it("knows unknown and malformed codes", async () => {
    expect(await resolveQrCode(database.db, "no-existe")).toEqual({ state: "invalid" });
    expect(await resolveQrCode(database.db, "../etc")).toEqual({ state: "invalid" });
  });

  it("compares the expiry with the current time", async () => {
    expect(await resolveQrCode(database.db, "event")).toEqual({ state: "expired" });
    expect(await resolveQrCode(database.db, "future", new Date("2025-06-01T00:00:00Z"))).toEqual({
      state: "valid",
      target: "/",
    });
    expect(await resolveQrCode(database.db, "future", new Date("2026-01-01T00:00:00Z"))).toEqual({ state: "expired" });
  });
});

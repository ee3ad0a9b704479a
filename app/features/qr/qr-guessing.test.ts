import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loader as qrLoader } from "../../routes/qr.tsx";
import { routeArgs, settle, statusOf, answerOf } from "../../../tests/support/route-harness.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { QR_MISS_LIMITS, qrMissKey } from "./qr.server.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";

describe.each(DATABASE_KINDS)("guessing QR codes on %s", (kind) => {
  const services = useTestServices(kind, { seed: true });

  const scan = async (code: string, ip: string) =>
    settle(async () => {
      const args = await routeArgs(services, `/qr/${code}`, { headers: { "x-client-ip": ip } });
      return qrLoader({ ...(args as object), params: { code } } as never);
    });
  const headerOf = (answer: unknown, name: string) => answerOf(answer).headers.get(name);

  it("answers 429 past the limit of unknown codes, then refuses known codes from that address too", async () => {
    const guesser = "203.0.113.50";
    for (let index = 0; index < QR_MISS_LIMITS.perWindow.max; index++)
      expect(statusOf(await scan(`capitulo-${100 + index}`, guesser))).toBe(404);
    const refused = await scan("capitulo-200", guesser);
    expect(statusOf(refused)).toBe(429);
    expect(answerOf<{ state: string }>(refused).body.state).toBe("limited");
    expect(Number(headerOf(refused, "Retry-After"))).toBeGreaterThan(500);
    // A real code now waits too: otherwise its redirect would tell the guesser it exists.
    expect(statusOf(await scan("capitulo-2", guesser))).toBe(429);
    // Another address is not affected.
    expect(statusOf(await scan("capitulo-2", "203.0.113.51"))).toBe(302);

    // Once the window has passed, the address may scan again.
    await sql`update rate_limits set window_start = now() - interval '11 minutes' where key = ${qrMissKey("perWindow", guesser)}`.execute(
      services.db,
    );
    expect(statusOf(await scan("capitulo-2", guesser))).toBe(302);
  });

  it("lets a class of 30 behind one address scan the whole book: only misses count", async () => {
    const school = "198.51.100.30";
    for (let reader = 0; reader < 30; reader++) {
      for (const code of ["capitulo-1", "capitulo-2", "book"]) expect(statusOf(await scan(code, school))).toBe(302);
    }
    // And a few mistyped codes among them change nothing.
    for (let typo = 0; typo < 5; typo++) expect(statusOf(await scan(`capitulo-1${typo}0`, school))).toBe(404);
    expect(statusOf(await scan("capitulo-14", school))).toBe(302);
  });

  it("keeps an address to 100 unknown codes a day", async () => {
    const patient = "203.0.113.60";
    await sql`insert into rate_limits (key, window_start, count)
      values (${qrMissKey("daily", patient)}, now(), ${QR_MISS_LIMITS.daily.max})`.execute(services.db);
    expect(statusOf(await scan("book", patient))).toBe(302);
    expect(statusOf(await scan("no-existe", patient))).toBe(429);
    expect(statusOf(await scan("book", patient))).toBe(429);
  });

  it("does not count expired codes as guesses", async () => {
    const reader = "203.0.113.70";
    for (let index = 0; index < QR_MISS_LIMITS.perWindow.max + 5; index++)
      expect(statusOf(await scan("event", reader))).toBe(410);
    expect(statusOf(await scan("book", reader))).toBe(302);
  });
});

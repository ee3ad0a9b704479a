import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { ROUTE_TEST_DATABASE_KINDS } from "../../tests/support/test-database.ts";
import { logLevel, setLogLevel } from "./log.server.ts";

const TOKEN = "Ab3_xY9-kLmNoPqRsTuVwX12";

describe.each(ROUTE_TEST_DATABASE_KINDS)("better-auth's own log lines on %s", (kind) => {
  const services = useTestServices(kind);
  // The level is the process's: another test file of this worker may have left it silent.
  let levelBefore = logLevel();
  beforeEach(() => {
    levelBefore = logLevel();
    setLogLevel("info");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setLogLevel(levelBefore);
  });

  it("are lines of the site's log, with no credential from an address they name", async () => {
    const written: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return write(chunk);
      });
    }
    // What its origin check logs for a reset link whose callback is another site's (in
    // production; under test better-auth skips that check, so its logger is called here).
    const { logger } = await services.auth.$context;
    logger.error(`Invalid callbackURL: https://otro.example/entrar/${TOKEN}`);
    logger.error("provider failed", new Error(`fetch /api/auth/reset-password/${TOKEN} failed`));

    const lines = written
      .join("")
      .split("\n")
      .filter((line) => line.includes("better-auth"));
    expect(lines).toHaveLength(2);
    const [invalid, failed] = lines.map((line) => JSON.parse(line) as { level: string; msg: string; error?: unknown });
    expect(invalid).toMatchObject({
      level: "error",
      msg: "better-auth: Invalid callbackURL: https://otro.example/entrar/…",
    });
    expect(failed).toMatchObject({
      msg: "better-auth: provider failed",
      error: { message: "fetch /api/auth/reset-password/… failed" },
    });
    expect(written.join("")).not.toContain(TOKEN);
  });
});

import { createServer, connect, type AddressInfo, type Server } from "node:net";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/lib/db.server.ts";

/**
 * Issue 24: a server started before its PostgreSQL (a container, a service after a reboot) waits
 * for it instead of exiting at once; a wrong address that no wait can fix still fails at once.
 * The late database is the real server of TEST_DATABASE_URL behind a TCP relay that starts
 * listening only after a while.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** Forwards every connection on `port` to the real server. */
function relay(port: number, target: URL): Promise<Server> {
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

describe.skipIf(!serverUrl)("opening PostgreSQL at start", () => {
  let late: Server | undefined;
  afterEach(async () => {
    late?.close();
    late = undefined;
  });

  it("keeps trying while nothing listens yet, and opens once the database is there", async () => {
    const target = new URL(serverUrl!);
    const port = await freePort();
    const url = new URL(serverUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(port);
    const started = Date.now();
    setTimeout(() => void relay(port, target).then((server) => (late = server)), 2500);
    const database = await openDatabase({ kind: "postgres", url: url.href, waitForServerMs: 20_000 });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(database.db);
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await database.close();
    }
  }, 30_000);

  it("fails at once when the database does not exist, however long it may wait", async () => {
    const url = new URL(serverUrl!);
    url.pathname = "/no_existe_esta_base";
    const started = Date.now();
    await expect(openDatabase({ kind: "postgres", url: url.href, waitForServerMs: 20_000 })).rejects.toThrow(
      /does not exist/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("without a wait (the commands), an unreachable server fails at once", async () => {
    const url = new URL(serverUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(await freePort());
    const started = Date.now();
    await expect(openDatabase({ kind: "postgres", url: url.href })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

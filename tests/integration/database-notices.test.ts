import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/lib/db.server.ts";
import { openDatabase } from "../../app/lib/db.server.ts";
import { createLiveHub, START_MARK } from "../../app/lib/live-hub.server.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/test-database.ts";

/**
 * The database's notices, which keep every instance's caches honest (decision 039) and carry the
 * live feed: heard in the order they were sent, whatever their channel, and heard again after
 * the listening connection was lost, however long PostgreSQL took to come back.
 */

const opened: { dispose(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.dispose()));
});

async function testDatabase(kind: (typeof DATABASE_KINDS)[number]): Promise<TestDatabase> {
  const database = await createTestDatabase(kind);
  opened.push(database);
  return database;
}

describe.each(DATABASE_KINDS)("notices on %s", (kind) => {
  it("are heard in the order they were sent, whatever their channel", async () => {
    const database = await testDatabase(kind);
    const heard: string[] = [];
    // The two channels of an instance: its caches' ("data_changed") and the live feed's.
    await database.listen("data_changed", (payload) => heard.push(payload));
    await database.listen("live_updates", (payload) => heard.push(payload));
    const sent: string[] = [];
    // As a comment's insert does: its trigger's notice first, then the live change, on commit.
    await database.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 50; index++) {
        for (const channel of ["data_changed", "live_updates"]) {
          const payload = `${channel}:${index}`;
          sent.push(payload);
          await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
        }
      }
    });
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(sent.length);
    expect(heard).toEqual(sent);
  });
});

/**
 * Forwards connections on a port of its own to the real server, and can cut them all and turn
 * new ones away for a while, as a PostgreSQL that restarts does.
 */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.href,
    /** Drops every connection, and every new one for `awayMs`. */
    cut(awayMs: number) {
      refusing = true;
      for (const socket of sockets) socket.destroy();
      setTimeout(() => (refusing = false), awayMs);
    },
    dispose: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.skipIf(!DATABASE_KINDS.includes("postgres"))("a lost listening connection on PostgreSQL", () => {
  it("comes back after the server was away for several tries, says so, and hears what comes next", async () => {
    const database = await testDatabase("postgres");
    const relay = await cuttableRelay(new URL(database.url!));
    opened.push(relay);
    const throughRelay: DatabaseHandle = await openDatabase({ kind: "postgres", url: relay.url });
    opened.push({ dispose: () => throughRelay.close() });
    const heard: string[] = [];
    const gaps: string[] = [];
    await throughRelay.listen(
      "data_changed",
      (payload) => heard.push(payload),
      () => gaps.push("data_changed"),
    );
    // The live feed's hub on the same connection: its every-topic listeners (the visitors' pages
    // kept in memory) must hear of the gap too.
    const hub = await createLiveHub(throughRelay);
    opened.push({ dispose: () => hub.close() });
    const live: string[] = [];
    hub.subscribeAll((topic) => live.push(topic));
    await sql`select pg_notify('data_changed', 'before')`.execute(database.db);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(["before"]);

    // Away for 3.5 s: the tries after 1 s and 3 s are turned away, the one after 7 s gets through.
    relay.cut(3500);
    await expect.poll(() => gaps, { timeout: 15_000, interval: 250 }).toEqual(["data_changed"]);
    expect(live).toEqual([START_MARK]);
    await sql`select pg_notify('data_changed', 'after')`.execute(database.db);
    await hub.publish("characters", database.db);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(["before", "after"]);
    await expect.poll(() => live, { timeout: 5000 }).toEqual([START_MARK, "characters"]);
  }, 30_000);
});

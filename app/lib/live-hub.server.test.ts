import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../tests/support/test-database.ts";
import { openDatabase } from "./db.server.ts";
import { createLiveHub, START_MARK, type LiveHub } from "./live-hub.server.ts";

type Heard = { topic: string; message: string; id: string };

describe.each(DATABASE_KINDS)("resuming the live feed on %s (docs/decisions/034)", (kind) => {
  const opened: { close(): Promise<void> }[] = [];
  const fresh = async () => {
    const database: TestDatabase = await createTestDatabase(kind, { migrated: false });
    opened.push(database);
    return database;
  };
  const hubOn = async (
    database: Parameters<typeof createLiveHub>[0],
    options?: Parameters<typeof createLiveHub>[2],
  ) => {
    const hub = await createLiveHub(database, undefined, options);
    opened.push(hub);
    return hub;
  };
  afterAll(async () => {
    for (const thing of opened.reverse()) await thing.close().catch(() => {});
  });
  // Instances' start marks are left out, except where a test is about them.
  const listenerInto =
    (heard: Heard[], { marks = false } = {}) =>
    (topic: string, message: string, id: string) => {
      if (marks || topic !== START_MARK) heard.push({ topic, message, id });
    };

  /** Publishes `count` comments on `topic` from `hub` and waits until `witness` heard them all. */
  async function publishMany(hub: LiveHub, witness: Heard[], topic: string, count: number) {
    const before = witness.length;
    for (let index = 0; index < count; index++) await hub.publish(topic, undefined, { op: "upsert", n: index });
    await expect.poll(() => witness.length - before, { timeout: 5000 }).toBe(count);
  }

  it("gives a reader who moves to another instance every change after its last one, exactly once", async () => {
    const database = await fresh();
    // Two instances on one database: the second with a connection of its own (PostgreSQL), as
    // two processes would have.
    const second = kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url! }) : database;
    if (second !== database) opened.push(second);
    const first = await hubOn(database);
    const other = await hubOn(second);
    const onFirst: Heard[] = [];
    const onOther: Heard[] = [];
    const leave = first.subscribe(["comments:a"], listenerInto(onFirst));
    other.subscribeAll(listenerInto(onOther));

    await publishMany(first, onOther, "comments:a", 3);
    await expect.poll(() => onFirst.length, { timeout: 5000 }).toBe(3);
    // Both instances know each change by the same id.
    expect(onOther.map((change) => change.id)).toEqual(onFirst.map((change) => change.id));
    // The reader's stream ends (its instance drains) after the second change it received …
    leave();
    const lastSeen = onFirst[1]!.id;
    // … and while it reconnects, more changes come, on its topic and on another.
    await publishMany(first, onOther, "comments:a", 2);
    await publishMany(other, onOther, "comments:b", 1);

    const resumed: Heard[] = [];
    const result = other.resume(["comments:a"], lastSeen, listenerInto(resumed));
    expect(result.outcome).toBe("replayed");
    await publishMany(other, onOther, "comments:a", 1);
    await expect.poll(() => resumed.length, { timeout: 5000 }).toBe(4);
    // Every change on its topic after its last one, in order, once: the one it missed before the
    // stream ended, the two during the reconnect, the live one after.
    const expected = onOther.filter((change) => change.topic === "comments:a").slice(2);
    expect(resumed.map((change) => change.id)).toEqual(expected.map((change) => change.id));
    expect(new Set(resumed.map((change) => change.id)).size).toBe(4);
    expect(resumed.every((change) => change.message.includes('"topic":"comments:a"'))).toBe(true);
    result.unsubscribe();
  });

  it("moves a reader of a quiet topic past another instance's start, so it resumes there", async () => {
    const database = await fresh();
    const second = kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url! }) : database;
    if (second !== database) opened.push(second);
    const old = await hubOn(database);
    // Its own start heard (at once on PGlite; a notification later on PostgreSQL).
    await expect.poll(() => old.headId().startsWith("start-"), { timeout: 5000 }).toBe(false);
    const witness: Heard[] = [];
    old.subscribeAll(listenerInto(witness));
    const reader: Heard[] = [];
    const leave = old.subscribe(["comments:quiet"], listenerInto(reader, { marks: true }));
    await publishMany(old, witness, "comments:quiet", 1);
    await expect.poll(() => reader.length, { timeout: 5000 }).toBe(1);

    // A new instance starts (a rolling deploy); nothing is posted on the reader's topic before
    // the reader's instance drains. Its start still reaches the reader, once.
    const started = await hubOn(second);
    await expect.poll(() => reader.length, { timeout: 5000 }).toBe(2);
    expect(reader[1]!.topic).toBe(START_MARK);
    // Not a change for the visitors' page cache.
    expect(witness).toHaveLength(1);
    leave();

    await publishMany(old, witness, "comments:quiet", 1);
    // The new instance hears that change through the database, a moment after the old one.
    await expect.poll(() => started.headId(), { timeout: 5000 }).toBe(witness[1]!.id);
    const resumed: Heard[] = [];
    const result = started.resume(["comments:quiet"], reader.at(-1)!.id, listenerInto(resumed));
    expect(result.outcome).toBe("replayed");
    expect(resumed.map((change) => change.id)).toEqual([witness[1]!.id]);
    result.unsubscribe();
    // From the change before its start, the new instance could only answer `unknown`.
    expect(started.resume(["comments:quiet"], reader[0]!.id, () => {}).outcome).toBe("unknown");
  });

  it("answers an id it never heard, or no longer keeps, with `unknown` (the reader reloads)", async () => {
    const database = await fresh();
    let clock = 1_000_000;
    const hub = await hubOn(database, { keepMs: 60_000, now: () => clock });
    // A new instance that has heard nothing yet: a reader that started from its mark resumes.
    const start = hub.headId();
    const heard: Heard[] = [];
    hub.subscribeAll(listenerInto(heard));
    await publishMany(hub, heard, "characters", 2);
    const fromStart: Heard[] = [];
    expect(hub.resume(["characters"], start, listenerInto(fromStart)).outcome).toBe("replayed");
    expect(fromStart.map((change) => change.id)).toEqual(heard.map((change) => change.id));
    expect(hub.headId()).toBe(heard[1]!.id);

    expect(hub.resume(["characters"], "neverHeardOf", () => {}).outcome).toBe("unknown");
    // Changes older than the hub keeps are gone, and so is resuming from them.
    clock += 61_000;
    await publishMany(hub, heard, "characters", 1);
    expect(hub.resume(["characters"], heard[0]!.id, () => {}).outcome).toBe("unknown");
    expect(hub.resume(["characters"], start, () => {}).outcome).toBe("unknown");
    expect(hub.resume(["characters"], heard[1]!.id, () => {}).outcome).toBe("unknown");
    const afterLast: Heard[] = [];
    expect(hub.resume(["characters"], heard[2]!.id, listenerInto(afterLast)).outcome).toBe("replayed");
    expect(afterLast).toEqual([]);
  });

  it("keeps at most `keepBytes` of messages", async () => {
    const database = await fresh();
    const hub = await hubOn(database, { keepBytes: 150 });
    const heard: Heard[] = [];
    hub.subscribeAll(listenerInto(heard));
    // Each message is 49 bytes: the fourth pushes the first out.
    await publishMany(hub, heard, "chapters", 4);
    expect(hub.resume(["chapters"], heard[0]!.id, () => {}).outcome).toBe("unknown");
    const replayed: Heard[] = [];
    expect(hub.resume(["chapters"], heard[1]!.id, listenerInto(replayed)).outcome).toBe("replayed");
    expect(replayed.map((change) => change.id)).toEqual([heard[2]!.id, heard[3]!.id]);
  });

  it("keeps at most `keepEvents` changes", async () => {
    const database = await fresh();
    const hub = await hubOn(database, { keepEvents: 3 });
    const heard: Heard[] = [];
    hub.subscribeAll(listenerInto(heard));
    await publishMany(hub, heard, "chapters", 5);
    expect(hub.resume(["chapters"], heard[0]!.id, () => {}).outcome).toBe("unknown");
    const replayed: Heard[] = [];
    expect(hub.resume(["chapters"], heard[2]!.id, listenerInto(replayed)).outcome).toBe("replayed");
    expect(replayed.map((change) => change.id)).toEqual([heard[3]!.id, heard[4]!.id]);
  });
});

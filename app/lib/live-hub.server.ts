import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseHandle, Db } from "./db.server.ts";
import { TOPIC_PATTERN } from "./live-topic.ts";

export { TOPIC_PATTERN };

const CHANNEL = "live_updates";
/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. A message with data beyond this
 * goes out as the bare topic instead, and pages reload their data as they did before events
 * carried it (docs/decisions/016).
 */
export const MAX_PAYLOAD_BYTES = 7900;

/**
 * `message` is what travels to browsers as the event's data, formatted once per notification
 * (not once per reader): the bare topic, or JSON `{"topic":…,"data":…}` when the change carries
 * its data.
 */
type Listener = (topic: string, message: string, id: string) => void;

/**
 * How long, and how many, changes an instance keeps to replay to a reader who reconnects with
 * `Last-Event-ID` (after a deploy drained the instance it was on, or a network blip). Held in
 * memory only, never written: deleted data is gone from it within minutes (docs/decisions/034).
 */
export const REPLAY_KEEP_MS = 5 * 60 * 1000;
export const REPLAY_KEEP_EVENTS = 10_000;
/** And at most this many bytes of messages (a change's message is at most ~8 KB). */
export const REPLAY_KEEP_BYTES = 16 * 1024 * 1024;

/**
 * What an instance announces once it listens (and again after its listening connection came
 * back): a change with no content, on no topic, that every instance hands to every reader it
 * has, whatever their topics. A reader's last id then is never older than the start of any
 * instance it might move to, so a reader of a quiet chapter moved by a rolling deploy resumes
 * on the new instance instead of reloading (10,000 readers reloading at once on the night).
 * Not a topic (TOPIC_PATTERN refuses it), so nothing can publish it by mistake.
 */
export const START_MARK = "!start";

/** A change as the feed sends it: its id (the SSE `id:`), topic and message. */
export type LiveChange = { id: string; topic: string; message: string };

/**
 * What `resume` did: `replayed` the changes after the reader's last one (possibly none), or
 * `unknown` when that id is not among this instance's kept changes (too old, or heard before it
 * started): the reader must reload its data instead.
 */
export type ResumeResult = { unsubscribe: () => void; outcome: "replayed" | "unknown" };

/**
 * How features announce a change: inside a transaction, pass it so NOTIFY is sent on commit.
 * `data` travels to every subscriber of the topic, so it must hold only what every one of them
 * may see (JSON-serialisable).
 */
export type Publish = (topic: string, executor: Db, data?: unknown) => Promise<void>;

export type LiveHub = {
  /** Announces that `topic` changed. Inside a transaction, pass it: NOTIFY is sent on commit. */
  publish(topic: string, executor?: Db, data?: unknown): Promise<void>;
  subscribe(topics: readonly string[], listener: Listener): () => void;
  /**
   * Subscribes like `subscribe`, first handing `listener` (synchronously, so nothing can slip in
   * between) every kept change on `topics` that came after `lastEventId`.
   */
  resume(topics: readonly string[], lastEventId: string, listener: Listener): ResumeResult;
  /**
   * The id a new reader starts from: the last change this instance heard, or a mark of its
   * start when it has heard none (a reader resuming from it elsewhere reloads).
   */
  headId(): string;
  /**
   * Every change, whatever its topic (the visitors' page cache is cleared on each), and a
   * START_MARK when the listening connection came back from a loss: changes may have gone unheard.
   */
  subscribeAll(listener: Listener): () => void;
  subscriberCount(): number;
  close(): Promise<void>;
};

/**
 * What the metrics count: changes announced here, and changes heard with how many readers'
 * streams got them and how long handing it to all of them took.
 */
export type LiveCounts = { published(): void; heard(listeners: number, seconds: number): void };

/** The NOTIFY payload for a change: the bare topic, or topic and data as JSON when they fit. */
export function livePayload(topic: string, data?: unknown): string {
  if (data === undefined) return topic;
  const message = JSON.stringify({ topic, data });
  return Buffer.byteLength(message) <= MAX_PAYLOAD_BYTES ? message : topic;
}

/**
 * Every change travels as `<id> <message>`: a random id made where it is published, so every
 * instance knows the change by the same id. No sequence is needed: PostgreSQL delivers
 * notifications to every listener in commit order, so "the changes after id X" are the same
 * list on every instance that heard X.
 */
const ID_BYTES = 9;
export function newChangeId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}
function splitPayload(payload: string): { id: string; message: string } {
  const space = payload.indexOf(" ");
  // Sent by an instance of a build before ids (a rolling deploy): a fresh id here.
  if (space !== 12) return { id: newChangeId(), message: payload };
  return { id: payload.slice(0, space), message: payload.slice(space + 1) };
}

/** The topic a payload is about (JSON payloads start with "{", which no topic can). */
function topicOf(payload: string): string | null {
  if (!payload.startsWith("{")) return payload;
  try {
    const parsed = JSON.parse(payload) as { topic?: unknown };
    return typeof parsed.topic === "string" ? parsed.topic : null;
  } catch {
    return null;
  }
}

/**
 * One LISTEN per server instance, fanned out to this instance's subscribers. Every instance
 * on the same PostgreSQL hears every NOTIFY, so a write on one reaches readers on all.
 */
export async function createLiveHub(
  database: DatabaseHandle,
  counts?: LiveCounts,
  { keepMs = REPLAY_KEEP_MS, keepEvents = REPLAY_KEEP_EVENTS, keepBytes = REPLAY_KEEP_BYTES, now = Date.now } = {},
): Promise<LiveHub> {
  const subscribers = topicSubscribers();
  const recent = recentChanges({ keepMs, keepEvents, keepBytes, now });
  const sweep = setInterval(recent.forgetOld, 30_000);
  sweep.unref();

  const hear = (payload: string) => {
    const { id, message } = splitPayload(payload);
    const topic = topicOf(message);
    if (!topic) return;
    recent.keep({ id, topic, message });
    const started = performance.now();
    const { listeners, readers } = subscribers.audienceOf(topic);
    handToEach(listeners, topic, message, id);
    counts?.heard(readers, (performance.now() - started) / 1000);
  };
  // Sent once this instance listens: heard here first, then by every other instance in the same
  // order as every change after it.
  const announceStart = () =>
    sql`select pg_notify(${CHANNEL}, ${`${newChangeId()} ${START_MARK}`})`.execute(database.db);
  const afterGap = () => {
    recent.forgetAll();
    // Changes sent during the gap went unheard: what is kept from them goes (the visitors' pages).
    handToEach(subscribers.everyTopic(), START_MARK, START_MARK, recent.epoch());
    // What was heard before the gap is gone: readers move their last id past it.
    announceStart().catch(() => {});
  };
  const unlisten = await database.listen(CHANNEL, hear, afterGap);
  await announceStart();

  return {
    async publish(topic, executor = database.db, data) {
      if (!TOPIC_PATTERN.test(topic)) throw new Error(`invalid live topic: ${topic}`);
      const payload = `${newChangeId()} ${livePayload(topic, data)}`;
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(executor);
      counts?.published();
    },
    subscribe: subscribers.subscribe,
    resume(topics, lastEventId, listener) {
      const changes = recent.after(lastEventId);
      if (!changes) return { unsubscribe: subscribers.subscribe(topics, listener), outcome: "unknown" };
      const wanted = new Set(topics);
      for (const change of changes) {
        if (wanted.has(change.topic) || change.topic === START_MARK) listener(change.topic, change.message, change.id);
      }
      return { unsubscribe: subscribers.subscribe(topics, listener), outcome: "replayed" };
    },
    headId: recent.headId,
    subscribeAll: subscribers.subscribeAll,
    subscriberCount: subscribers.count,
    async close() {
      clearInterval(sweep);
      subscribers.clear();
      recent.forgetAll();
      await unlisten();
    },
  };
}

/** Hands a change to each listener, in turn. */
function handToEach(listeners: Iterable<Listener>, topic: string, message: string, id: string) {
  for (const listener of listeners) {
    try {
      listener(topic, message, id);
    } catch {
      // one broken stream or listener must not stop the others
    }
  }
}

/** This instance's subscribers: readers' streams by topic, and listeners to every topic. */
function topicSubscribers() {
  const byTopic = new Map<string, Set<Listener>>();
  const everyTopic = new Set<Listener>();
  let count = 0;
  return {
    subscribe(topics: readonly string[], listener: Listener) {
      count++;
      for (const topic of topics) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        set.add(listener);
      }
      return () => {
        count--;
        for (const topic of topics) {
          const set = byTopic.get(topic);
          set?.delete(listener);
          if (set?.size === 0) byTopic.delete(topic);
        }
      };
    },
    subscribeAll(listener: Listener) {
      everyTopic.add(listener);
      return () => everyTopic.delete(listener);
    },
    /** Who hears a change on `topic`, and how many readers' streams that is (the metrics). */
    audienceOf(topic: string): { listeners: Listener[]; readers: number } {
      // A start mark goes to every reader once (one may listen to several topics), and changes
      // nothing the visitors' pages show.
      const listeners =
        topic === START_MARK
          ? [...new Set([...byTopic.values()].flatMap((set) => [...set]))]
          : [...(byTopic.get(topic) ?? []), ...everyTopic];
      const readers = topic === START_MARK ? listeners.length : (byTopic.get(topic)?.size ?? 0);
      return { listeners, readers };
    },
    everyTopic: () => [...everyTopic],
    count: () => count,
    clear() {
      byTopic.clear();
      everyTopic.clear();
    },
  };
}

/**
 * The changes heard lately, oldest first, for readers who come back with Last-Event-ID. An id
 * not found here (the instance restarted, or its LISTEN connection dropped and missed some)
 * can only be answered by a reload.
 */
function recentChanges({
  keepMs,
  keepEvents,
  keepBytes,
  now,
}: {
  keepMs: number;
  keepEvents: number;
  keepBytes: number;
  now: () => number;
}) {
  let epoch = `start-${newChangeId()}`;
  let kept: (LiveChange & { at: number })[] = [];
  let positionOf = new Map<string, number>();
  let dropped = 0;
  let keptBytes = 0;
  const forgetOld = () => {
    const limit = now() - keepMs;
    let first = 0;
    while (
      first < kept.length &&
      (kept.length - first > keepEvents || keptBytes > keepBytes || kept[first]!.at < limit)
    ) {
      positionOf.delete(kept[first]!.id);
      keptBytes -= kept[first]!.message.length;
      first++;
    }
    if (first === 0) return;
    // Positions count from the first change ever kept, so dropping the head renumbers nothing.
    kept = kept.slice(first);
    dropped += first;
  };
  return {
    forgetOld,
    forgetAll() {
      kept = [];
      positionOf = new Map();
      dropped = 0;
      keptBytes = 0;
      epoch = `start-${newChangeId()}`;
    },
    keep({ id, topic, message }: LiveChange) {
      positionOf.set(id, dropped + kept.length);
      kept.push({ id, topic, message, at: now() });
      keptBytes += message.length;
      if (kept.length > keepEvents || keptBytes > keepBytes) forgetOld();
    },
    /** The kept changes after `lastEventId`; null when it is not among them (nor this instance's start). */
    after(lastEventId: string): LiveChange[] | null {
      forgetOld();
      const position = positionOf.get(lastEventId);
      // The mark of this instance's start is good while nothing kept since has been dropped.
      const fromStart = lastEventId === epoch && dropped === 0;
      if (position === undefined && !fromStart) return null;
      return kept.slice(position === undefined ? 0 : position - dropped + 1);
    },
    /** The last change heard, or the mark of this instance's start when none is kept. */
    headId: () => kept.at(-1)?.id ?? epoch,
    epoch: () => epoch,
  };
}

import { sql } from "kysely";
import type { DatabaseHandle, Db } from "./db.server.ts";

const CHANNEL = "live_updates";
export const TOPIC_PATTERN = /^[a-z0-9][a-z0-9:_-]{0,99}$/;
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
type Listener = (topic: string, message: string) => void;

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
  /** Every change, whatever its topic (the visitors' page cache is cleared on each). */
  subscribeAll(listener: Listener): () => void;
  subscriberCount(): number;
  close(): Promise<void>;
};

/** What the metrics count: changes announced here, and changes heard with how many readers' streams got them. */
export type LiveCounts = { published(): void; heard(listeners: number): void };

/** The NOTIFY payload for a change: the bare topic, or topic and data as JSON when they fit. */
export function livePayload(topic: string, data?: unknown): string {
  if (data === undefined) return topic;
  const message = JSON.stringify({ topic, data });
  return Buffer.byteLength(message) <= MAX_PAYLOAD_BYTES ? message : topic;
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
export async function createLiveHub(database: DatabaseHandle, counts?: LiveCounts): Promise<LiveHub> {
  const byTopic = new Map<string, Set<Listener>>();
  const everyTopic = new Set<Listener>();
  let count = 0;
  const unlisten = await database.listen(CHANNEL, (payload) => {
    const topic = topicOf(payload);
    if (!topic) return;
    const listeners = [...(byTopic.get(topic) ?? []), ...everyTopic];
    counts?.heard(byTopic.get(topic)?.size ?? 0);
    for (const listener of listeners) {
      try {
        listener(topic, payload);
      } catch {
        // one broken stream must not stop the others
      }
    }
  });
  return {
    async publish(topic, executor = database.db, data) {
      if (!TOPIC_PATTERN.test(topic)) throw new Error(`invalid live topic: ${topic}`);
      await sql`select pg_notify(${CHANNEL}, ${livePayload(topic, data)})`.execute(executor);
      counts?.published();
    },
    subscribe(topics, listener) {
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
    subscribeAll(listener) {
      everyTopic.add(listener);
      return () => everyTopic.delete(listener);
    },
    subscriberCount: () => count,
    async close() {
      byTopic.clear();
      everyTopic.clear();
      await unlisten();
    },
  };
}

import { sql } from "kysely";
import type { DatabaseHandle, Db } from "./db.server.ts";

const CHANNEL = "live_updates";
export const TOPIC_PATTERN = /^[a-z0-9][a-z0-9:_-]{0,99}$/;

type Listener = (topic: string) => void;

/** How features announce a change: inside a transaction, pass it so NOTIFY is sent on commit. */
export type Publish = (topic: string, executor: Db) => Promise<void>;

export type LiveHub = {
  /** Announces that `topic` changed. Inside a transaction, pass it: NOTIFY is sent on commit. */
  publish(topic: string, executor?: Db): Promise<void>;
  subscribe(topics: readonly string[], listener: Listener): () => void;
  subscriberCount(): number;
  close(): Promise<void>;
};

/**
 * One LISTEN per server instance, fanned out to this instance's subscribers. Every instance
 * on the same PostgreSQL hears every NOTIFY, so a write on one reaches readers on all.
 */
export async function createLiveHub(database: DatabaseHandle): Promise<LiveHub> {
  const byTopic = new Map<string, Set<Listener>>();
  let count = 0;
  const unlisten = await database.listen(CHANNEL, (topic) => {
    const listeners = byTopic.get(topic);
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        listener(topic);
      } catch {
        // one broken stream must not stop the others
      }
    }
  });
  return {
    async publish(topic, executor = database.db) {
      if (!TOPIC_PATTERN.test(topic)) throw new Error(`invalid live topic: ${topic}`);
      await sql`select pg_notify(${CHANNEL}, ${topic})`.execute(executor);
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
    subscriberCount: () => count,
    async close() {
      byTopic.clear();
      await unlisten();
    },
  };
}

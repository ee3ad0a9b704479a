import pg from "pg";
import { log } from "./log.server.ts";

/** How long a lost listening connection waits before each try to open it again: 1 s, 2 s, 4 s, then 5 s. */
const RELISTEN_PAUSES_MS = [1000, 2000, 4000, 5000];

type Subscription = { channel: string; onMessage: (payload: string) => void; onGap?: () => void };

const channelsOf = (subscriptions: ReadonlySet<Subscription>) =>
  new Set([...subscriptions].map((subscription) => subscription.channel));

/**
 * One dedicated connection LISTENs on every channel of this instance (LISTEN belongs to a
 * session, and pooled connections are shared). One, not one per channel: PostgreSQL hands a
 * session its notifications in the order they were sent, so the data notice a trigger sends on
 * an insert is heard before the live change announced after it in the same transaction. On two
 * connections they could be heard the other way round, and a visitor's page rendered in between
 * from a chapter's comments not yet dropped was kept for 30 s (a CI failure of instances.spec).
 *
 * A lost connection is opened again, however long PostgreSQL takes to come back (a restart, a
 * failover), and every subscriber is told of the gap: what was sent meanwhile was never heard.
 */
export function sharedListener(url: string) {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  // listen() calls one at a time: each may open the connection or add a LISTEN to it.
  let queue: Promise<unknown> = Promise.resolve();
  const channels = () => channelsOf(subscriptions);
  const open = () => openListeningConnection(url, subscriptions, lost);

  function lost(which: pg.Client) {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => {});
    log.warn("database listening connection lost: opening it again", { channels: [...channels()] });
    reopenAfter(0);
  }

  function reopenAfter(attempt: number) {
    const pauseMs = RELISTEN_PAUSES_MS[Math.min(attempt, RELISTEN_PAUSES_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = null;
      queue = queue.then(async () => {
        if (closed || client) return;
        try {
          client = await open();
        } catch (error) {
          log.warn("database listening connection not back yet", {
            attempt: attempt + 1,
            error: error instanceof Error ? error.message : String(error),
          });
          reopenAfter(attempt + 1);
          return;
        }
        log.info("database listening connection back");
        for (const subscription of [...subscriptions]) subscription.onGap?.();
      });
    }, pauseMs);
    retry.unref();
  }

  /** The connection ends, and any try to open it again is called off. */
  async function stopListening() {
    const last = client;
    client = null;
    if (retry) clearTimeout(retry);
    retry = null;
    await last?.end().catch(() => {});
  }

  function listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void) {
    const subscription: Subscription = { channel, onMessage, onGap };
    const subscribed = queue.then(async () => {
      if (closed) throw new Error("the database is closed");
      const heardAlready = channels().has(channel);
      subscriptions.add(subscription);
      try {
        // Being opened again after a loss: that open will LISTEN on this channel too.
        if (retry) return;
        if (!client) client = await open();
        else if (!heardAlready) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        subscriptions.delete(subscription);
        throw error;
      }
    });
    queue = subscribed.catch(() => {});
    return subscribed.then(() => async () => {
      subscriptions.delete(subscription);
      if (subscriptions.size === 0) {
        await stopListening();
      } else if (!channels().has(channel)) {
        await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    });
  }

  return {
    listen,
    async close() {
      closed = true;
      subscriptions.clear();
      await stopListening();
    },
  };
}

/**
 * A new connection that LISTENs on the channels of `subscriptions` and hands each notification
 * to the subscribers of its channel; `onLost` is told when it errs or ends.
 */
async function openListeningConnection(
  url: string,
  subscriptions: ReadonlySet<Subscription>,
  onLost: (which: pg.Client) => void,
): Promise<pg.Client> {
  const next = new pg.Client({ connectionString: url });
  let ended = false;
  next.on("notification", (message) => {
    for (const subscription of [...subscriptions]) {
      if (subscription.channel !== message.channel) continue;
      try {
        subscription.onMessage(message.payload ?? "");
      } catch (error) {
        log.warn("a database notice's listener failed", { channel: message.channel, error });
      }
    }
  });
  const lose = () => {
    ended = true;
    onLost(next);
  };
  next.on("error", lose);
  next.on("end", lose);
  try {
    await next.connect();
    for (const channel of channelsOf(subscriptions)) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    await next.end().catch(() => {});
    throw error;
  }
  // Lost between its last answer and now: no I/O can come between this check and the caller's.
  if (ended) throw new Error("the listening connection ended as it opened");
  return next;
}

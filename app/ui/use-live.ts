import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** A change on a topic; `data` when the server sent what changed (absent: reload to see). */
export type LiveEvent = { topic: string; data?: unknown };
type Subscriber = { topics: readonly string[]; onChange: (event: LiveEvent) => void };

const subscribers = new Set<Subscriber>();
let source: EventSource | null = null;
let sourceKey = "";
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
// The id of the last change this tab received on its current topics: a stream we open again
// ourselves (the browser's own reconnects send it as Last-Event-ID) resumes after it.
let lastEventId = "";

function wantedTopics() {
  return [...new Set([...subscribers].flatMap((subscriber) => subscriber.topics))].sort();
}

/** One EventSource per tab, multiplexing every mounted view's topics. */
function syncSource() {
  clearTimeout(reconnectTimer);
  const topics = wantedTopics();
  const key = topics.join(",");
  if (key === sourceKey && source) return;
  // Other topics: the page's data was just loaded for them, a stream from now on is enough.
  if (key !== sourceKey) lastEventId = "";
  source?.close();
  source = null;
  sourceKey = key;
  // Readiness for observers (and the end-to-end tests): "connected" only once this tab's current
  // stream has said hello, so the server has subscribed it and a change published from then on
  // reaches it. On `open` alone, a stream the server never started looked connected (21f976e).
  delete document.documentElement.dataset.live;
  if (topics.length === 0) return;
  const query = topics.map((topic) => `topic=${encodeURIComponent(topic)}`);
  if (lastEventId) query.push(`lastEventId=${encodeURIComponent(lastEventId)}`);
  const next = new EventSource(`/api/live?${query.join("&")}`);
  // A server of a build before resuming (during the deploy that brings it) sends no hello:
  // after a dropped stream, reload the data if none comes.
  let opened = false;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  next.addEventListener("open", () => {
    if (opened) helloTimer = setTimeout(() => topics.forEach((topic) => notify({ topic })), 2000);
    opened = true;
  });
  // The server's first word on every (re)connection: after a dropped stream it has sent every
  // change since our last one ("resumed"), or cannot ("reload"), and then the data is reloaded.
  next.addEventListener("hello", (event) => {
    clearTimeout(helloTimer);
    const message = event as MessageEvent<string>;
    if (source === next) {
      lastEventId = message.lastEventId;
      document.documentElement.dataset.live = "connected";
    }
    if (message.data === "reload") for (const topic of topics) notify({ topic });
  });
  // Another instance started: nothing changed, but a stream resumed there starts after this.
  next.addEventListener("mark", (event) => {
    if (source === next) lastEventId = (event as MessageEvent<string>).lastEventId;
  });
  next.addEventListener("change", (event) => {
    const message = event as MessageEvent<string>;
    if (source === next) lastEventId = message.lastEventId;
    notify(parseEvent(message.data));
  });
  next.addEventListener("error", () => {
    if (source === next) document.documentElement.dataset.live = "reconnecting";
    // The browser retries by itself unless the server refused the stream; then retry here.
    if (next.readyState === EventSource.CLOSED && source === next) {
      source = null;
      reconnectTimer = setTimeout(syncSource, 5000);
    }
  });
  source = next;
}

/** The event's data: a bare topic, or JSON `{"topic","data"}` (no topic starts with "{"). */
function parseEvent(message: string): LiveEvent {
  if (!message.startsWith("{")) return { topic: message };
  try {
    const parsed = JSON.parse(message) as { topic?: unknown; data?: unknown };
    if (typeof parsed.topic === "string") return { topic: parsed.topic, data: parsed.data };
  } catch {
    // unreadable: nothing to apply
  }
  return { topic: "" };
}

function notify(event: LiveEvent) {
  for (const subscriber of subscribers) {
    if (subscriber.topics.includes(event.topic)) subscriber.onChange(event);
  }
}

/**
 * Calls `onEvent` for every change on `topics`; `reload` (coalesced) reloads the page's loaders,
 * for events whose data the page cannot apply (or that carry none, as after a dropped stream).
 */
export function useLiveEvents(topics: readonly string[], onEvent: (event: LiveEvent, reload: () => void) => void) {
  const revalidator = useRevalidator();
  const handler = useRef(onEvent);
  // A reload never interrupts a navigation or a submission under way: it would cancel where the
  // reader is going (an admin deleting their own account is told so live, and was sent to the
  // sign-in page instead of 'cuenta borrada'). It waits until they are done.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const busyNow = useRef(busy);
  const reloadWhenIdle = useRef(false);
  useEffect(() => {
    handler.current = onEvent;
    busyNow.current = busy;
  });
  useEffect(() => {
    if (busy || !reloadWhenIdle.current) return;
    reloadWhenIdle.current = false;
    void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);
  const key = topics.join(",");
  useEffect(() => {
    if (!key) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    // Coalesce bursts of writes into one reload of the data.
    const reload = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (busyNow.current) reloadWhenIdle.current = true;
        else void revalidator.revalidate();
      }, 50);
    };
    const subscriber: Subscriber = { topics: key.split(","), onChange: (event) => handler.current(event, reload) };
    subscribers.add(subscriber);
    syncSource();
    return () => {
      clearTimeout(pending);
      subscribers.delete(subscriber);
      syncSource();
    };
    // revalidator is a new object each render; its revalidate is stable enough for our use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** Revalidates the page's loaders whenever one of `topics` changes on the server. */
export function useLiveRevalidation(topics: readonly string[]) {
  useLiveEvents(topics, (_event, reload) => reload());
}

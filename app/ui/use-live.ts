import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** A change on a topic; `data` when the server sent what changed (absent: reload to see). */
export type LiveEvent = { topic: string; data?: unknown };
type Subscriber = { topics: readonly string[]; onChange: (event: LiveEvent) => void };

const subscribers = new Set<Subscriber>();
let source: EventSource | null = null;
let sourceKey = "";
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

function wantedTopics() {
  return [...new Set([...subscribers].flatMap((subscriber) => subscriber.topics))].sort();
}

/** One EventSource per tab, multiplexing every mounted view's topics. */
function syncSource() {
  clearTimeout(reconnectTimer);
  const topics = wantedTopics();
  const key = topics.join(",");
  if (key === sourceKey && source) return;
  source?.close();
  source = null;
  sourceKey = key;
  // Readiness for observers (and the end-to-end tests): "connected" only while this tab's
  // current stream is open, so a change published from then on reaches it.
  delete document.documentElement.dataset.live;
  if (topics.length === 0) return;
  const url = `/api/live?${topics.map((topic) => `topic=${encodeURIComponent(topic)}`).join("&")}`;
  const next = new EventSource(url);
  let opened = false;
  next.addEventListener("open", () => {
    // After a dropped connection, changes may have been missed: refresh once.
    if (opened) for (const topic of topics) notify({ topic });
    opened = true;
    if (source === next) document.documentElement.dataset.live = "connected";
  });
  next.addEventListener("change", (event) => notify(parseEvent((event as MessageEvent<string>).data)));
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

import { useEffect } from "react";
import { useRevalidator } from "react-router";

type Subscriber = { topics: readonly string[]; onChange: () => void };

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
    if (opened) notifyAll(topics);
    opened = true;
    if (source === next) document.documentElement.dataset.live = "connected";
  });
  next.addEventListener("change", (event) => notifyAll([(event as MessageEvent<string>).data]));
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

function notifyAll(topics: readonly string[]) {
  for (const subscriber of subscribers) {
    if (subscriber.topics.some((topic) => topics.includes(topic))) subscriber.onChange();
  }
}

/** Revalidates the page's loaders whenever one of `topics` changes on the server. */
export function useLiveRevalidation(topics: readonly string[]) {
  const revalidator = useRevalidator();
  const key = topics.join(",");
  useEffect(() => {
    if (!key) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const subscriber: Subscriber = {
      topics: key.split(","),
      // Coalesce bursts of writes into one reload of the data.
      onChange: () => {
        clearTimeout(pending);
        pending = setTimeout(() => void revalidator.revalidate(), 50);
      },
    };
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

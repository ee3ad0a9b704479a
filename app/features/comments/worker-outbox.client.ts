/**
 * The device's worker's copy of comments written without signal (issue 43, decision 081).
 * Where this reader saved the trip's copy (public/sw.js is registered) and the browser has
 * Background Sync (Chromium), a waiting comment is also handed to the worker, which the browser
 * wakes when the signal returns, even with the site closed. The names repeat public/sw.js's.
 * Loaded only when a comment waits (the trip's copy keeps this module, for use without signal).
 */
import type { OutgoingComment } from "./outgoing-comment.ts";

const WORKER_OUTBOX = "buzon";
const SYNC_TAG = "comentarios";
const workerOutboxKey = (id: string) => `/__buzon/${id}`;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export async function handToWorker(comment: OutgoingComment): Promise<void> {
  const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
  if (!registration?.active || !registration.sync) return;
  await (await caches.open(WORKER_OUTBOX)).put(workerOutboxKey(comment.id), Response.json(comment));
  await registration.sync.register(SYNC_TAG);
}

/** The page sent it itself: the worker has nothing more to send for it. */
export async function takeFromWorker(id: string): Promise<void> {
  if (await caches.has(WORKER_OUTBOX)) await (await caches.open(WORKER_OUTBOX)).delete(workerOutboxKey(id));
}

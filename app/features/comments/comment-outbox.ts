/**
 * Comments written without signal (issue 43, decision 075): kept on the device under their
 * author, each with an id of its own, and sent when the signal returns (the `online` event, or
 * the next page that shows the comment box). The server stores an id once, so a comment sent
 * twice (the signal came and went mid-way) is stored once, and only as its author's (a family
 * tablet may have another reader signed in by then). Where the browser can, the device's worker
 * sends it too, with the site closed (worker-outbox.client.ts). Loaded with the comment box only.
 */
import type { OutgoingComment } from "./outgoing-comment.ts";

const keyOf = (userId: string) => `buzon-comentarios:${userId}`;

export function pendingComments(userId: string): OutgoingComment[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]");
    return Array.isArray(kept) ? (kept as OutgoingComment[]) : [];
  } catch {
    return [];
  }
}

const keep = (userId: string, comments: OutgoingComment[]) =>
  comments.length
    ? localStorage.setItem(keyOf(userId), JSON.stringify(comments))
    : localStorage.removeItem(keyOf(userId));

export function queueComment(userId: string, path: string, text: string) {
  const comment = { id: crypto.randomUUID(), path, text, author: userId };
  keep(userId, [...pendingComments(userId), comment]);
  // Without the trip's copy the module may not load offline: the page sends it all the same.
  import("./worker-outbox.client.ts").then((worker) => worker.handToWorker(comment)).catch(() => {});
}

let sending: Promise<number> | null = null;

/** Sends what is waiting, oldest first; stops at the first that cannot go yet. Resolves to how many went. */
export function sendPendingComments(userId: string): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    for (const comment of pendingComments(userId)) {
      const form = new FormData();
      form.set("intent", "comment");
      form.set("text", comment.text);
      form.set("clientId", comment.id);
      form.set("author", comment.author ?? userId);
      const answer = await fetch(`${comment.path}.data`, { method: "POST", body: form }).catch(() => null);
      // No signal yet, or the server is busy: it waits for the next chance.
      if (!answer || answer.status === 429 || answer.status >= 500) break;
      // Stored (or refused for good, as a typed one would be): it leaves the outbox.
      keep(
        userId,
        pendingComments(userId).filter((waiting) => waiting.id !== comment.id),
      );
      sent += 1;
      import("./worker-outbox.client.ts").then((worker) => worker.takeFromWorker(comment.id)).catch(() => {});
    }
    return sent;
  })().finally(() => (sending = null));
  return sending;
}

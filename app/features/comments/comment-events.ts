/**
 * What a chapter's live topic carries to every open page of it (docs/decisions/016). Only a
 * visible comment's public data ever travels (never an e-mail, a private name or a held
 * comment's text): every reader of the chapter, signed in or not, receives it.
 */
export type PublicComment = { id: string; text: string; userName: string; createdAt: string };

export type CommentEvent =
  /** A comment is (now) visible to everybody, new or approved. */
  | { op: "upsert"; comment: PublicComment }
  /** Hidden or deleted: gone for everybody. */
  | { op: "remove"; id: string }
  /** Held after reports: gone for readers, kept (marked held) for its author and admins. */
  | { op: "hold"; id: string };

export type LiveComment = PublicComment & {
  status: "visible" | "held";
  mine: boolean;
  reportedByMe: boolean;
};

export type CommentPatches = {
  /** Comments that arrived live, by id (the loader's copy wins once it has one). */
  added: Map<string, PublicComment>;
  removed: Set<string>;
  held: Set<string>;
};

export const emptyPatches = (): CommentPatches => ({ added: new Map(), removed: new Set(), held: new Set() });

/** Folds one event into the page's patches (a new object: React state). */
export function applyCommentEvent(patches: CommentPatches, event: CommentEvent): CommentPatches {
  const next: CommentPatches = {
    added: new Map(patches.added),
    removed: new Set(patches.removed),
    held: new Set(patches.held),
  };
  if (event.op === "upsert") {
    next.added.set(event.comment.id, event.comment);
    next.removed.delete(event.comment.id);
    next.held.delete(event.comment.id);
  } else if (event.op === "remove") {
    next.added.delete(event.id);
    next.removed.add(event.id);
  } else {
    next.added.delete(event.id);
    next.held.add(event.id);
  }
  return next;
}

/**
 * The list the page shows: the loader's comments with live changes laid over them, each id once,
 * newest first (the loader's order). A comment held after reports stays, marked, for its author
 * and admins (as the loader would show it); for everyone else it is removed. An older page of
 * comments (`onlyKnown`) takes changes to its own comments, never a new one: that belongs to the
 * newest page.
 */
export function mergeComments(
  loaded: readonly LiveComment[],
  patches: CommentPatches,
  isAdmin: boolean,
  onlyKnown = false,
): LiveComment[] {
  const byId = new Map<string, LiveComment>(loaded.map((comment) => [comment.id, comment]));
  for (const [id, comment] of patches.added) {
    const known = byId.get(id);
    if (onlyKnown && !known) continue;
    byId.set(id, {
      ...comment,
      status: "visible",
      mine: known?.mine ?? false,
      reportedByMe: known?.reportedByMe ?? false,
    });
  }
  const merged: LiveComment[] = [];
  for (const comment of byId.values()) {
    if (patches.removed.has(comment.id)) continue;
    if (patches.held.has(comment.id)) {
      if (comment.mine || isAdmin) merged.push({ ...comment, status: "held" });
      continue;
    }
    merged.push(comment);
  }
  return merged.sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

export function isCommentEvent(value: unknown): value is CommentEvent {
  if (!value || typeof value !== "object") return false;
  const event = value as Record<string, unknown>;
  if (event.op === "remove" || event.op === "hold") return typeof event.id === "string";
  if (event.op !== "upsert" || !event.comment || typeof event.comment !== "object") return false;
  const comment = event.comment as Record<string, unknown>;
  return ["id", "text", "userName", "createdAt"].every((key) => typeof comment[key] === "string");
}

import { createHash } from "node:crypto";

/**
 * Signed-in readers' sessions (and what the layout asks about them) kept in memory for a few
 * seconds, so a reader's page views do not each ask the database who they are (docs/decisions/039).
 *
 * Keyed by the SHA-256 of the session cookie exactly as the browser sent it: a copy in memory is
 * no working cookie, and a cookie with a wrong signature is simply another key that the real
 * lookup refuses. Dropped per reader when the database says something about them changed
 * (`forgetReader`, from the database's "reader:<id>" notices), all at once when notices may have been
 * missed (`clear`), and in any case after `ttlMs` or when the session expires, whichever is first.
 */
export type SessionCache<T> = {
  /** The kept value for this cookie, if still fresh. */
  get(cookieValue: string): T | undefined;
  /**
   * Starts a lookup: call before reading the database and pass the result to `set`, which then
   * keeps nothing if a change was heard in between (the answer read may be the old one).
   */
  startLookup(): Lookup;
  set(cookieValue: string, readerId: string, value: T, options: { lookup: Lookup; sessionExpiresAt: Date }): void;
  forget(cookieValue: string): void;
  forgetReader(readerId: string): void;
  clear(): void;
  readonly size: number;
};

/** When a lookup started: the number of the last change then, and the time. */
export type Lookup = { change: number; at: number };

type Entry<T> = { value: T; readerId: string; freshUntil: number };

/** Longer than any lookup takes: a change older than this cannot have overtaken one in flight. */
const LOOKUP_LIMIT_MS = 60_000;

export function createSessionCache<T>({
  ttlMs,
  maxEntries = 20_000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): SessionCache<T> {
  const entries = new Map<string, Entry<T>>();
  const keysByReader = new Map<string, Set<string>>();
  const changes = changeLog(now);
  const keyOf = (cookieValue: string) => createHash("sha256").update(cookieValue).digest("base64url");

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByReader.get(entry.readerId);
    keys?.delete(key);
    if (keys?.size === 0) keysByReader.delete(entry.readerId);
  };

  return {
    get(cookieValue) {
      const key = keyOf(cookieValue);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.freshUntil <= now()) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },
    startLookup: changes.startLookup,
    set(cookieValue, readerId, value, { lookup, sessionExpiresAt }) {
      const key = keyOf(cookieValue);
      if (ttlMs <= 0 || changes.overtook(lookup, [`reader:${readerId}`, `key:${key}`])) return;
      const freshUntil = Math.min(now() + ttlMs, sessionExpiresAt.getTime());
      if (freshUntil <= now()) return;
      drop(key);
      // The oldest entry goes first (a Map keeps insertion order).
      while (entries.size >= maxEntries) drop(entries.keys().next().value!);
      entries.set(key, { value, readerId, freshUntil });
      let keys = keysByReader.get(readerId);
      if (!keys) keysByReader.set(readerId, (keys = new Set()));
      keys.add(key);
    },
    forget(cookieValue) {
      const key = keyOf(cookieValue);
      changes.note(`key:${key}`);
      drop(key);
    },
    forgetReader(readerId) {
      changes.note(`reader:${readerId}`);
      for (const key of [...(keysByReader.get(readerId) ?? [])]) drop(key);
    },
    clear() {
      changes.noteClear();
      entries.clear();
      keysByReader.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Every forget is numbered, and remembered per reader (and per cookie) for a while: a lookup
 * that started before a change of its own reader keeps nothing. Others' changes (the notices
 * of a busy site) do not stop it.
 */
function changeLog(now: () => number) {
  let changes = 0;
  let clearedAt = 0;
  const changedAt = new Map<string, { change: number; at: number }>();
  return {
    startLookup: (): Lookup => ({ change: changes, at: now() }),
    /** A change of `what` (`reader:<id>` or `key:<cookie's key>`). */
    note(what: string) {
      changes++;
      const at = now();
      changedAt.delete(what);
      changedAt.set(what, { change: changes, at });
      // Oldest first (a Map keeps insertion order): drop those no lookup can still be behind.
      for (const [key, change] of changedAt) {
        if (change.at > at - LOOKUP_LIMIT_MS) break;
        changedAt.delete(key);
      }
    },
    /** Everything changed (notices may have been missed). */
    noteClear() {
      clearedAt = ++changes;
    },
    /**
     * Whether what `lookup` read may be old: everything, or one of `whats`, changed since it
     * started, or it started too long ago to tell.
     */
    overtook(lookup: Lookup, whats: string[]): boolean {
      return (
        lookup.change < clearedAt ||
        lookup.at <= now() - LOOKUP_LIMIT_MS ||
        whats.some((what) => (changedAt.get(what)?.change ?? 0) > lookup.change)
      );
    },
  };
}

/** A cookie's value in a Cookie header: null when absent, empty, or sent more than once. */
export function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  let found: string | null = null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(separator + 1).trim();
  }
  return found || null;
}

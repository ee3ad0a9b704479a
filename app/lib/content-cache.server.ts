/**
 * The book's content (chapters, characters) as pages read it, kept in memory: it changes when an
 * author saves, and every page view asked for it again (docs/decisions/039). Dropped whole on
 * every change, on every instance (the "content:<table>" notices of
 * db/migrations/0021_change_notices.sql), and in any case after `ttlMs`.
 *
 * What it hands out is shared by every request: callers must not change it.
 */
export type ContentCache = {
  /** The value kept under `key`, or `load()`'s (one load at a time per key). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops one key (a load in flight for it is not kept either). */
  forget(key: string): void;
  clear(): void;
  readonly size: number;
};

export function createContentCache({
  ttlMs,
  maxEntries = 2000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ContentCache {
  const entries = new Map<string, { value: Promise<unknown>; freshUntil: number }>();
  return {
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const kept = entries.get(key);
      if (kept && kept.freshUntil > now()) return kept.value as Promise<T>;
      // Paths come from addresses anyone types (a 404 is remembered too): start over, not grow.
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      const entry = { value, freshUntil: now() + ttlMs };
      entries.set(key, entry);
      // A failed read is not kept; nor is one that a clear() overtook (its map entry is gone).
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
